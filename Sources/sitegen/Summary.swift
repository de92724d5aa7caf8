import Foundation
import SiteBuilder

/// The closing line of a build: `Built 812 pages, 37 assets in 1.4 s → public/`.
enum Summary {
    static func line(for report: BuildReport) -> String {
        let folder = report.outputFolder.hasSuffix("/") ? report.outputFolder : report.outputFolder + "/"
        let seconds = String(format: "%.1f", report.seconds)
        var line =
            "Built \(count(report.pageCount, "page")), \(count(report.assetCount, "asset")) in \(seconds) s → \(folder)"
        if report.outputUnchanged {
            line += " (unchanged)"
        } else if report.reusedPageCount > 0 {
            line += " (\(report.reusedPageCount) unchanged pages reused)"
        }
        return line
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
