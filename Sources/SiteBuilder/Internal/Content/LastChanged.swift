import Foundation

/// When each page's file last changed, for `last_changed` in `site.toml`: with `"git"`, the date of the
/// last commit that touched it (`GitDates`: one `git log` for the whole site, and on a rebuild only the
/// commits since the last one); a file git does not know yet, and every file when the site is not in a
/// repository or the clone is shallow (its oldest commits would claim files they did not change), has
/// the date of its modification time. With `"file"`, always the modification time.
enum LastChanged {
    /// The dates of `paths` (relative to `siteFolder`), and why git could not be asked, if it could not;
    /// `gitCache` is where git's answers are kept between builds.
    static func dates(paths: [String], siteFolder: String, fromGit: Bool, gitCache: String?) -> (
        dates: [String: SiteDate], warning: String?
    ) {
        var dates: [String: SiteDate] = [:]
        var warning: String?
        if fromGit {
            switch GitDates.read(siteFolder: siteFolder, cacheFile: gitCache) {
            case .success(let found): dates = found
            case .failure(let reason): warning = reason.message
            }
        }
        for path in paths where dates[path] == nil {
            dates[path] = modificationDate(of: DisplayPaths.join(siteFolder, path))
        }
        return (dates, warning)
    }

    private static func modificationDate(of path: String) -> SiteDate? {
        guard let date = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date else {
            return nil
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
        return SiteDate(parsing: String(format: "%04d-%02d-%02d", year, month, day))
    }
}
