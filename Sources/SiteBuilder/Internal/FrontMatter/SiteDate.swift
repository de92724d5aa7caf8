/// A calendar date from front matter, e.g. `date: 2026-11-22`.
struct SiteDate: Sendable, Equatable {
    let year: Int
    let month: Int
    let day: Int

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// Reads `YYYY-MM-DD`, digits only, optionally followed by a time (`2026-11-22T10:00:00Z`), which is ignored.
    init?(parsing text: String) {
        let characters = Array(text.utf8)
        guard characters.count >= 10, characters[4] == UInt8(ascii: "-"), characters[7] == UInt8(ascii: "-") else {
            return nil
        }
        if characters.count > 10, characters[10] != UInt8(ascii: "T"), characters[10] != UInt8(ascii: " ") {
            return nil
        }
        guard let year = DecimalBytes.value(of: characters[0..<4]),
            let month = DecimalBytes.value(of: characters[5..<7]),
            let day = DecimalBytes.value(of: characters[8..<10]),
            (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// `2026-11-22`; `0224-05-01` for a year before 1000, so it reads back as written.
    var iso: String {
        let year = String(year)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year
            + "-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }

    /// `22 November 2026`
    var display: String {
        "\(day) \(Self.monthNames[month - 1]) \(year)"
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
