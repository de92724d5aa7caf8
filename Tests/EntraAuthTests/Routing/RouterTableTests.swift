import Foundation
import Testing

@testable import EntraAuth

/// The router is a table from path to endpoint: these tests pin its rows, which of them wait on the network, and
/// what wraps the check.
struct RouterTableTests {
    @Test func theTableHasOneRowPerEndpoint() throws {
        let harness = try AuthHarness()
        let routes = harness.endpoints.router.routes
        #expect(
            Set(routes.keys) == [
                "/.auth/check", "/.auth/callback", "/.auth/login", "/.auth/sign-in-required", "/.auth/logout",
                "/.auth/me", "/.auth/frontchannel-logout", "/.auth/health",
            ])
        #expect(routes["/.auth/callback"]?.endpoint is CallbackEndpoint)
        #expect(routes["/.auth/login"]?.endpoint is LoginEndpoint)
        #expect(routes["/.auth/sign-in-required"]?.endpoint is SignInRequiredEndpoint)
        #expect(routes["/.auth/logout"]?.endpoint is LogoutEndpoint)
        #expect(routes["/.auth/me"]?.endpoint is MeEndpoint)
        #expect(routes["/.auth/frontchannel-logout"]?.endpoint is FrontChannelLogoutEndpoint)
        #expect(routes["/.auth/health"]?.endpoint is HealthEndpoint)
    }

    @Test func onlyTheCallbackWaitsOnTheNetworkAndItsBusyAnswerIsCounted() throws {
        let harness = try AuthHarness()
        let waiting = harness.endpoints.router.routes.filter { $0.value.waitsOnNetwork }.map(\.key)
        #expect(waiting == ["/.auth/callback"])
        let request = Request(method: "GET", target: "/.auth/callback?code=c&state=s", headers: [:])
        let busy = try #require(harness.endpoints.router.route(for: request).whenBusy).respond(to: request)
        #expect(busy.status == 503)
        #expect(busy.header("Retry-After") == "5")
        #expect(harness.metrics.signIns.value(.busy) == 1)
    }

    @Test func withMetricsTheCheckIsTimedByAWrapper() throws {
        let harness = try AuthHarness()
        let check = harness.endpoints.router.routes["/.auth/check"]?.endpoint
        #expect(check is TimedEndpoint<CheckEndpoint>)
        let request = Request(method: "GET", target: "/.auth/check", headers: ["x-original-uri": "/docs/"])
        #expect(harness.endpoints.router.respond(to: request).status == 401)
        #expect(harness.metrics.checkDuration.count == 1)
        #expect(harness.metrics.checks.value(.signInRequired) == 1)
    }

    @Test func aPathNotInTheTableIs404AndWaitsOnNothing() throws {
        let harness = try AuthHarness()
        for target in ["/", "/.auth/", "/.auth/check/", "/.auth/CHECK", "/.auth/check%3F"] {
            let request = Request(method: "GET", path: target, query: "", headers: [:])
            #expect(harness.endpoints.router.respond(to: request).status == 404, "\(target)")
            #expect(!harness.endpoints.router.route(for: request).waitsOnNetwork, "\(target)")
        }
    }

    @Test func aRedirectURIOnAFixedPathCannotShadowTheCheck() throws {
        let harness = try AuthHarness(redirectURI: "https://site.example/.auth/check")
        #expect(harness.endpoints.router.routes["/.auth/check"]?.waitsOnNetwork == false)
    }

    @Test func aTableOfOwnEndpointsRoutesByExactPath() {
        struct Fixed: Endpoint {
            let status: Int
            func respond(to request: Request) -> Response { Response(status: status) }
        }
        let router = Router(routes: ["/a": Router.Route(Fixed(status: 200)), "/b": Router.Route(Fixed(status: 201))])
        #expect(router.respond(to: Request(method: "GET", target: "/a?x=1", headers: [:])).status == 200)
        #expect(router.respond(to: Request(method: "GET", target: "/b", headers: [:])).status == 201)
        #expect(router.respond(to: Request(method: "GET", target: "/c", headers: [:])).status == 404)
    }
}
