import Foundation
import Testing

@testable import EntraAuth

/// A Redis that may evict keys could drop the index sets revocation and front-channel logout find sessions by (they
/// carry an expiry, so `volatile-*` policies may pick them too): the store refuses every policy but `noeviction` at
/// start, in `/.auth/health` and in `--check-config`.
struct RedisEvictionPolicyTests {
    func configure(_ server: RedisServer, policy: String) throws {
        let connection = try RedisConnection(server.address, timeout: 1)
        #expect(try connection.command(["CONFIG", "SET", "maxmemory-policy", policy]) == .status("OK"))
    }

    @Test(arguments: ["allkeys-lru", "allkeys-lfu", "allkeys-random", "volatile-lru", "volatile-ttl"])
    func anEvictingPolicyIsRefusedWithTheFix(policy: String) throws {
        let server = try RedisServer()
        try configure(server, policy: policy)
        let store = RedisSessionStore(address: server.address, caching: false)
        let error = #expect(throws: AuthError.self) { try store.ping() }
        #expect(error?.kind == .config)
        #expect(error?.description.contains("maxmemory-policy \(policy)") == true)
        #expect(error?.description.contains("CONFIG SET maxmemory-policy noeviction") == true)

        let harness = try AuthHarness(sessionStore: store)
        let health = harness.get("/.auth/health")
        #expect(health.status == 503)
        #expect(harness.logs.lines.contains { $0.contains("maxmemory-policy \(policy)") })
    }

    @Test func anEvictingPolicyStopsTheStartAndFailsCheckConfig() throws {
        let server = try RedisServer()
        try configure(server, policy: "volatile-lru")
        let harness = try AuthHarness()
        var config = harness.config
        config.sessionStore = .redis(server.address)
        let service = AuthService(config: config, http: harness.http, log: AuthLog { _ in })
        let error = #expect(throws: AuthError.self) { try service.start() }
        #expect(error?.kind == .config)
        #expect(error?.description.contains("maxmemory-policy volatile-lru") == true)
        let report = service.checkReport()
        #expect(!report.ok)
        #expect(report.text.contains("session store: FAILED") && report.text.contains("maxmemory-policy volatile-lru"))
    }

    @Test func noEvictionIsAccepted() throws {
        let server = try RedisServer()
        try configure(server, policy: "noeviction")
        let store = RedisSessionStore(address: server.address, caching: false)
        try store.ping()
        #expect(try AuthHarness(sessionStore: store).get("/.auth/health").status == 200)
    }

    /// What `volatile-*` would evict: the index set that finds a person's sessions expires like a session does.
    @Test func theIndexSetsCarryAnExpirySoVolatilePoliciesCouldEvictThem() throws {
        let server = try RedisServer()
        let store = RedisSessionStore(address: server.address, caching: false)
        let harness = try AuthHarness(sessionStore: store)
        var jar = CookieJar()
        #expect(try harness.signIn(jar: &jar).status == 303)
        let connection = try RedisConnection(server.address, timeout: 1)
        let names = try #require(try connection.command(["KEYS", "*"]).array).compactMap(\.text)
        let indexSets = try names.filter { try connection.command(["TYPE", $0]) == .status("set") }
        #expect(!indexSets.isEmpty)
        for name in indexSets {
            let seconds = try #require(try connection.command(["TTL", name]).integer)
            #expect(seconds > 0, "\(name) expires, so a volatile-* policy may evict it")
        }
    }

    @Test func thePolicyIsReadFromInfoMemory() {
        let info = "# Memory\r\nused_memory:1\r\nmaxmemory_policy:allkeys-lru\r\nmem_fragmentation_ratio:1\r\n"
        #expect(RedisEvictionPolicy.policy(inInfo: info) == "allkeys-lru")
        #expect(RedisEvictionPolicy.problem(inInfo: info, address: "127.0.0.1:6379") != nil)
        #expect(RedisEvictionPolicy.problem(inInfo: "maxmemory_policy:noeviction\r\n", address: "x") == nil)
    }
}
