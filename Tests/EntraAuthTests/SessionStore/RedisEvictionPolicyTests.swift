import Foundation
import Testing

@testable import EntraAuth

/// A Redis that may evict keys without an expiry, or any key, could drop the index sets revocation and front-channel
/// logout find sessions by: the store refuses it at start, in `/.auth/health` and in `--check-config`.
struct RedisEvictionPolicyTests {
    func configure(_ server: RedisServer, policy: String) throws {
        let connection = try RedisConnection(server.address, timeout: 1)
        #expect(try connection.command(["CONFIG", "SET", "maxmemory-policy", policy]) == .status("OK"))
    }

    @Test(arguments: ["allkeys-lru", "allkeys-lfu", "allkeys-random"])
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

    @Test(arguments: ["noeviction", "volatile-lru", "volatile-ttl"])
    func noEvictionAndVolatilePoliciesAreAccepted(policy: String) throws {
        let server = try RedisServer()
        try configure(server, policy: policy)
        let store = RedisSessionStore(address: server.address, caching: false)
        try store.ping()
        #expect(try AuthHarness(sessionStore: store).get("/.auth/health").status == 200)
    }

    @Test func thePolicyIsReadFromInfoMemory() {
        let info = "# Memory\r\nused_memory:1\r\nmaxmemory_policy:allkeys-lru\r\nmem_fragmentation_ratio:1\r\n"
        #expect(RedisEvictionPolicy.policy(inInfo: info) == "allkeys-lru")
        #expect(RedisEvictionPolicy.problem(inInfo: info, address: "127.0.0.1:6379") != nil)
        #expect(RedisEvictionPolicy.problem(inInfo: "maxmemory_policy:noeviction\r\n", address: "x") == nil)
    }
}
