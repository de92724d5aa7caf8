public import AccessRules
import Foundation

/// The access manifest currently in force, swapped in whole when `sitegen build` publishes a new one.
///
/// The check path only reads the in-memory policy; `reloadIfChanged()` runs on a background thread and a
/// failed reload keeps the previous policy, so a publish never drops or wrongly answers a request.
public final class ManifestStore: @unchecked Sendable {
    private struct Stamp: Equatable {
        var inode: UInt64
        var modified: Date
        var size: UInt64
    }

    private let path: String
    private let unknownPaths: UnknownPathPolicy
    private let emailRulesAllowed: Bool
    private let log: AuthLog
    private let lock = NSLock()
    private var policy: AccessPolicy?
    private var rulesUseGroups = false
    private var stamp: Stamp?

    /// Creates a store for the manifest at `path`; call `reloadIfChanged()` to load it.
    public init(path: String, unknownPaths: UnknownPathPolicy, emailRulesAllowed: Bool, log: AuthLog) {
        self.path = path
        self.unknownPaths = unknownPaths
        self.emailRulesAllowed = emailRulesAllowed
        self.log = log
    }

    /// The policy in force, or nil before a manifest was ever loaded (every check then fails closed).
    public var current: AccessPolicy? { lock.withLock { policy } }

    /// Whether any rule names groups, so sessions only carry groups when they are needed.
    public var usesGroups: Bool { lock.withLock { rulesUseGroups } }

    /// Loads the manifest if the file changed since the last load; returns a problem description on failure.
    @discardableResult
    public func reloadIfChanged() -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            return "the access manifest \(path) does not exist yet; run `sitegen build`"
        }
        let stamp = Stamp(
            inode: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0,
            modified: attributes[.modificationDate] as? Date ?? .distantPast,
            size: (attributes[.size] as? NSNumber)?.uint64Value ?? 0
        )
        guard lock.withLock({ stamp != self.stamp }) else { return nil }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let manifest = try JSONDecoder().decode(AccessManifest.self, from: data)
            let policy = try AccessPolicy(
                manifest: manifest, unknownPaths: unknownPaths, emailRulesAllowed: emailRulesAllowed)
            let usesGroups = manifest.rules.contains {
                if case .restricted(let requirement) = $0 { !requirement.groups.isEmpty } else { false }
            }
            lock.withLock {
                self.policy = policy
                self.rulesUseGroups = usesGroups
                self.stamp = stamp
            }
            log.write(event: "manifest_loaded", ["path": path, "paths": "\(manifest.paths.count)"])
            return nil
        } catch {
            let problem = "cannot use the access manifest \(path): \(error); keeping the previous one"
            lock.withLock { self.stamp = stamp }
            log.write(event: "manifest_rejected", ["path": path, "reason": "\(error)"])
            return problem
        }
    }
}
