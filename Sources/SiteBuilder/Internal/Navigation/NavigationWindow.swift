/// The children of a section that a nav expanded through it shows. A section with more than
/// `wideSection` children shows a window of them, `radius` on each side of the entry on the way to the
/// current page (the first ones on the section's own page), and a link to the section's page, which lists
/// them all, on each side where some are left out. A page of a wide section then carries a nav of bounded
/// size rather than a copy of its siblings' list, and adding or removing a page changes only the windows
/// that hold its position: the window is anchored at the entry's position and not shifted at the ends,
/// so a page further away sees the same neighbours before and after.
struct NavigationWindow: Sendable, Equatable {
    /// Sections with more children than this show a window of them.
    static let wideSection = 50
    /// How many siblings a window shows on each side of the entry it is around.
    static let radius = 10

    /// The children shown, in navigation order.
    let entries: ArraySlice<Int>
    /// Whether children before `entries`, or after them, are left out.
    let hidesBefore: Bool
    let hidesAfter: Bool
}

extension NavigationTree {
    /// Whether the nav shows a window of `section`'s children rather than all of them.
    func isWide(_ section: Int) -> Bool {
        children[section].count > NavigationWindow.wideSection
    }

    /// The children of `section` a nav shows when it is expanded towards `entry`: all of them unless the
    /// section is wide, else the window around `entry`, or the first ones when `entry` is not a child of it.
    func window(of section: Int, around entry: Int?) -> NavigationWindow {
        let all = children[section]
        guard isWide(section) else { return NavigationWindow(entries: all[...], hidesBefore: false, hidesAfter: false) }
        let radius = NavigationWindow.radius
        let range: Range<Int>
        if let entry, parent[entry] == section {
            let position = siblingPosition[entry]
            range = max(0, position - radius)..<min(all.count, position + radius + 1)
        } else {
            range = 0..<radius + 1
        }
        return NavigationWindow(
            entries: all[range], hidesBefore: range.lowerBound > 0, hidesAfter: range.upperBound < all.count)
    }
}
