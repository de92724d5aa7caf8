import Foundation

/// The process's own figures from `/proc/self`, under the `process_` names every Prometheus client library uses, so
/// existing dashboards and alerts find them. Read at scrape time; a figure that cannot be read is left out.
enum ProcessStatistics {
    static func families() -> [MetricFamily] {
        var families: [MetricFamily] = []
        let pageSize = Double(sysconf(Int32(_SC_PAGESIZE)))
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        if let fields = stat(), fields.count > 21, let user = Double(fields[11]), let system = Double(fields[12]),
            let started = Double(fields[19]), let virtual = Double(fields[20]), let resident = Double(fields[21])
        {
            families.append(
                .init(
                    name: "process_cpu_seconds_total", help: "User and system CPU time the process has used.",
                    kind: .counter,
                    samples: [.init(name: "process_cpu_seconds_total", value: .real((user + system) / ticks))]))
            families.append(
                .gauge("process_resident_memory_bytes", help: "Resident memory size.", .real(resident * pageSize)))
            families.append(.gauge("process_virtual_memory_bytes", help: "Virtual memory size.", .real(virtual)))
            if let boot = bootTime() {
                families.append(
                    .gauge(
                        "process_start_time_seconds", help: "When the process started, in seconds since 1970.",
                        .real(boot + started / ticks)))
            }
        }
        if let open = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            // The listing itself holds one descriptor open while it reads.
            families.append(.gauge("process_open_fds", help: "Open file descriptors.", .count(UInt64(open.count - 1))))
        }
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 {
            families.append(
                .gauge("process_max_fds", help: "The limit of open file descriptors.", .count(UInt64(limit.rlim_cur))))
        }
        return families
    }

    /// The fields of `/proc/self/stat` after the command name, which may hold spaces: field 3 (state) is index 0.
    private static func stat() -> [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let end = text.lastIndex(of: ")")
        else { return nil }
        return text[text.index(after: end)...].split(separator: " ")
    }

    /// When the system booted (`btime` in `/proc/stat`), in seconds since 1970.
    private static func bootTime() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return nil }
        let line = text.split(separator: "\n").first { $0.hasPrefix("btime ") }
        return line.flatMap { Double($0.dropFirst(6)) }
    }
}
