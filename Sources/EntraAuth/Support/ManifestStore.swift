public import AccessRules
import Foundation

/// The access manifest currently in force, swapped in whole when `sitegen build` publishes a new one.
///
/// The check path only reads the in-memory policy; `reloadIfChanged()` runs on a background thread, and the first read
/// of a store never loaded loads it (a process that answers one request loads it only when that request needs it).
/// A manifest that
/// cannot be read, parsed or understood fails closed: no policy is in force, so every check answers 503, until a good
/// one is read. Keeping the previous policy instead would enforce rules the site no longer states, for as long as
/// nobody notices. A broken manifest is tried again on every call, because a fix (such as `chmod`) need not change
/// what identifies the file; one log line is written per change of state, not per try.
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
    private let metrics: AuthMetrics?
    private let announcesLoads: Bool
    private let snapshot: ManifestSnapshot?
    private let lock = NSLock()
    private var attempted = false
    private var policy: AccessPolicy?
    private var ruleGroups: Set<String> = []
    private var stamp: Stamp?
    private var problem: String?

    /// Creates a store for the manifest at `path`, loaded at its first use or `reloadIfChanged()`. Problems are
    /// always logged, a good load only with `announcesLoads` (not by a process that answers one request). With
    /// `snapshot`, the manifest is read from that snapshot while it is of the same file, and written to it otherwise.
    public init(
        path: String, unknownPaths: UnknownPathPolicy, emailRulesAllowed: Bool, log: AuthLog,
        metrics: AuthMetrics? = nil, announcesLoads: Bool = true, snapshot: ManifestSnapshot? = nil
    ) {
        self.path = path
        self.unknownPaths = unknownPaths
        self.emailRulesAllowed = emailRulesAllowed
        self.log = log
        self.metrics = metrics
        self.announcesLoads = announcesLoads
        self.snapshot = snapshot
    }

    /// The policy in force, or nil when no usable manifest is loaded (every check then fails closed).
    public var current: AccessPolicy? {
        loadOnFirstUse()
        return lock.withLock { policy }
    }

    /// Why no policy is in force, or nil when one is.
    public var unavailableReason: String? {
        loadOnFirstUse()
        return lock.withLock { policy == nil ? problem ?? "not loaded yet" : nil }
    }

    /// Whether any rule names groups, so sessions only carry groups when they are needed.
    public var usesGroups: Bool {
        loadOnFirstUse()
        return lock.withLock { !ruleGroups.isEmpty }
    }

    /// The group ids the rules name, lowercased: what a session of a reader in thousands of groups keeps.
    var namedGroups: Set<String> {
        loadOnFirstUse()
        return lock.withLock { ruleGroups }
    }

    private func loadOnFirstUse() {
        if !lock.withLock({ attempted }) { reloadIfChanged() }
    }

    /// Loads the manifest if the file changed since the last good load, or if the last attempt failed; returns the
    /// problem when no policy is in force afterwards.
    @discardableResult
    public func reloadIfChanged() -> String? {
        lock.withLock { attempted = true }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            return refuse("the access manifest \(path) does not exist; run `sitegen build`", stamp: nil)
        }
        let stamp = Stamp(
            inode: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0,
            modified: attributes[.modificationDate] as? Date ?? .distantPast,
            size: (attributes[.size] as? NSNumber)?.uint64Value ?? 0
        )
        guard lock.withLock({ stamp != self.stamp || policy == nil }) else { return nil }
        do {
            let stampText = "\(stamp.inode) \(stamp.modified.timeIntervalSince1970) \(stamp.size)"
            let kept = snapshot?.load(stamp: stampText)
            let manifest =
                try kept
                ?? JSONDecoder().decode(AccessManifest.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
            let policy = try AccessPolicy(
                manifest: manifest, unknownPaths: unknownPaths, emailRulesAllowed: emailRulesAllowed)
            // Only a manifest in force is kept: its version, rule numbers and rule ids were checked.
            if kept == nil { snapshot?.save(manifest, stamp: stampText) }
            let groups = Set(
                manifest.rules.flatMap { rule -> [String] in
                    guard case .restricted(let requirement) = rule else { return [] }
                    return requirement.groups.map { $0.lowercased() }
                })
            lock.withLock {
                self.policy = policy
                self.ruleGroups = groups
                self.stamp = stamp
                self.problem = nil
            }
            metrics?.manifestReloads.increment(.success)
            if announcesLoads {
                log.write(event: "manifest_loaded", ["path": path, "paths": "\(manifest.paths.count)"])
            }
            return nil
        } catch {
            return refuse("cannot use the access manifest \(path): \(Self.reason(error))", stamp: stamp)
        }
    }

    /// Drops the policy in force; logs once per distinct problem.
    private func refuse(_ problem: String, stamp: Stamp?) -> String {
        metrics?.manifestReloads.increment(.failure)
        let isNew = lock.withLock {
            let isNew = problem != self.problem || self.policy != nil
            self.policy = nil
            self.ruleGroups = []
            self.stamp = stamp
            self.problem = problem
            return isNew
        }
        if isNew {
            log.write(
                event: "manifest_rejected", ["path": path, "reason": problem, "effect": "every check answers 503"])
        }
        return problem
    }

    /// A readable cause: what is wrong with the JSON, or the manifest error, or the file error.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case let error as ManifestError: error.description
        case is DecodingError: "it is not a complete access manifest (\(error)); rebuild the site"
        default: (error as NSError).localizedDescription
        }
    }
}
