import Foundation

/// Re-checks sessions in use with the identity provider, so access follows Entra: a reader disabled, signed out
/// everywhere or taken out of an app role there loses it here within `recheck_every`.
///
/// Within `recheck_grace` the check never waits for the provider. When a session's last check is older than
/// `recheck_every`, the check answers from what the session holds and queues a re-check on the network workers
/// (`admitted`). Past `recheck_grace` (a reader back after a break) what the session holds is too old to answer from:
/// the check waits for the re-check, run on its own thread, as oauth2-proxy and mod_auth_openidc refresh. The re-check
/// (`recheck`) takes the session's lease in the store, so one server re-checks a session at a time, redeems its
/// refresh token, validates the new ID token exactly as a sign-in's (`IDTokenValidator`, a refresh's nonce rule)
/// and, for the same tenant and object id, replaces the session's roles, groups, name and e-mail:
///
/// - refused (`invalid_grant` and the other "sign in again" errors), a token for someone else, or a token that
///   fails validation: the session ends, a log line and `sitegen_auth_rechecks_total` say why;
/// - the provider unreachable, 5xx, timed out, or no refresh token: the session goes on, logged once; tried again
///   after `Policy.lease` (at most every 30 s per server), and ended once `recheck_grace` has passed since its last successful check.
final class SessionRechecker: Sendable {
    /// `recheck_every` and `recheck_grace`, in whole seconds.
    struct Policy: Sendable {
        let every: Int
        let grace: Int

        /// How long a re-check holds its lease, and how long a failed one waits before the next try: longer than
        /// the token endpoint's 5 s timeout.
        var lease: Int { min(every, 30) }
    }

    /// OAuth errors that mean "this reader must sign in again" (Entra answers `invalid_grant` for a disabled or
    /// deleted account, revoked tokens and a reached sign-in frequency).
    static let endingErrors: Set<String> = [
        "invalid_grant", "interaction_required", "login_required", "consent_required",
    ]

    let policy: Policy
    private let sessions: SessionRegistry
    private let tokens: TokenRedemption
    private let validator: IDTokenValidator
    private let overage: OverageGroups
    private let provider: IdentityProvider
    private let manifest: ManifestStore
    private let work: any BackgroundWork
    private let time: any TimeSource
    private let log: AuthLog
    private let metrics: AuthMetrics?
    private let state = RecheckState()

    init(
        policy: Policy, sessions: SessionRegistry, tokens: TokenRedemption, validator: IDTokenValidator,
        overage: OverageGroups, provider: IdentityProvider, manifest: ManifestStore, work: any BackgroundWork,
        time: any TimeSource,
        log: AuthLog, metrics: AuthMetrics?
    ) {
        self.policy = policy
        self.sessions = sessions
        self.tokens = tokens
        self.validator = validator
        self.overage = overage
        self.provider = provider
        self.manifest = manifest
        self.work = work
        self.time = time
        self.log = log
        self.metrics = metrics
    }

    /// On the check path: the session to answer from for `session` at `now`, nil when it may not be used. Within the
    /// grace that is `session` itself, and a re-check is queued when one is due, never waited for; past the grace, it
    /// is the session as a re-check, waited for, has just confirmed it, with the roles and groups Entra gave now.
    @inline(__always)
    func admitted(_ session: Session, now: Int) -> Session? {
        let age = now - session.lastChecked
        guard age >= policy.every else { return session }
        guard age >= policy.grace else {
            queueRecheck(of: session.id, now: now)
            return session
        }
        return confirmedNow(session, now: now)
    }

    /// How long a check waits for another thread's re-check of the same session: longer than a re-check takes within
    /// the token endpoint's and the signing keys' timeouts. One still running then (Graph paging slowly through a
    /// reader's groups) gives this check no access rather than holding it longer.
    static let longestWait: TimeInterval = 30

    /// `session`, whose last successful check is `recheck_grace` old, as a re-check confirms it now: run here or, when
    /// another check of this process already runs it, waited for. Nil when the provider refused it or could not
    /// confirm it (the session is then ended), when another server holds its re-check, when the last try here is too
    /// recent to try again, or when it is gone.
    private func confirmedNow(_ session: Session, now: Int) -> Session? {
        switch state.begin(session.id, now: now) {
        case .start:
            recheck(session.id)
        case .wait:
            state.waitWhileRunning(session.id, upTo: Self.longestWait)
        }
        guard case .found(let current) = sessions.find(id: session.id),
            Int(time.now().timeIntervalSince1970) - current.lastChecked < policy.grace
        else { return nil }
        return current
    }

    /// How long nginx may keep an allowed answer (`deploy/nginx/sitegen-auth-cache.conf`).
    static let checkCacheSeconds = 5

    /// Whether nginx may keep an allowed answer for `session` at `now`: not within the check cache's 5 s of its
    /// re-check, so the re-check is queued by the first request after it is due, and its result is in force at the
    /// next request rather than after a cached answer.
    func answerMayBeKept(_ session: Session, now: Int) -> Bool {
        now - session.lastChecked < policy.every - Self.checkCacheSeconds
    }

    /// Queues a re-check of session `id` on the background work, unless one runs or the last try was too recent.
    private func queueRecheck(of id: String, now: Int) {
        guard state.begin(id, now: now) == .start else { return }
        if !work.submit({ [self] in recheck(id) }) { state.finish(id, retryAt: nil) }
    }

    /// Re-checks session `id` with the provider, on a network worker. A failed attempt keeps the lease until its
    /// time, so no server (nor a CGI process, which remembers nothing) tries again before `policy.lease` is over.
    func recheck(_ id: String) {
        let now = Int(time.now().timeIntervalSince1970)
        var retryAt: Int? = now + policy.lease
        defer { state.finish(id, retryAt: retryAt) }
        do {
            guard try sessions.store.lease(recheckOf: id, now: now, until: now + policy.lease) else { return }
            guard let (stored, session) = try sessions.record(id: id) else {
                state.forget(id)
                return release(id)
            }
            // Another server may have re-checked it since this one read it: what failed here before is over.
            if now - session.lastChecked < policy.every {
                _ = state.confirmed(id)
                retryAt = nil
                release(id)
            } else if confirm(stored, session, now: now) {
                retryAt = nil
                release(id)
            }
        } catch {
            return
        }
    }

    private func release(_ id: String) {
        try? sessions.store.release(recheckOf: id)
    }

    /// Redeems the refresh token and applies the answer; false when the provider could not confirm the session and
    /// it goes on within its grace.
    private func confirm(_ stored: StoredSession, _ session: Session, now: Int) -> Bool {
        guard let grant = sessions.grant(of: stored) else {
            return unconfirmed(
                session, .noRefreshToken,
                "the session has no refresh token (signed in before re-checks were on, or "
                    + "the provider issued none: is offline_access granted?)")
        }
        let answer: TokenAnswer
        do {
            answer = try tokens.refresh(
                grant.token, readingGroups: manifest.usesGroups,
                tokenEndpoint: try provider.current(refreshing: true).metadata.tokenEndpoint)
        } catch let error as AuthError where error.provider.map({ Self.endingErrors.contains($0.error) }) == true {
            let refusal = error.provider.map { "\($0.error) \($0.aadstsCode ?? "")" } ?? ""
            end(session, .endedDisabled, reason: "the provider refused the refresh token: " + refusal)
            return true
        } catch let error as AuthError where error.provider != nil {
            // Refused for what is not the reader's (an expired client secret answers invalid_client): the session goes
            // on within its grace, and the log names Entra's error for the administrator.
            let refusal = error.provider.map { "\($0.error) \($0.aadstsCode ?? "")" } ?? ""
            var reason = "the provider refused the refresh token with \(refusal), which is no reason to end a session"
            if ["invalid_client", "unauthorized_client"].contains(error.provider?.error) {
                reason += ": is the client secret or certificate in auth.toml still valid in the app registration?"
            }
            return unconfirmed(session, .unreachable, reason)
        } catch {
            return unconfirmed(session, .unreachable, "\(error)")
        }
        let rotated = RefreshGrant(token: answer.refreshToken ?? grant.token, nonce: grant.nonce)
        /// Not confirmed after the provider answered: the refresh token it rotated is kept all the same.
        func unconfirmedKeepingGrant(_ reason: String) -> Bool {
            if rotated.token != grant.token { _ = try? sessions.keep(rotated, of: stored) }
            return unconfirmed(session, .unreachable, reason)
        }
        let claims: [String: JSONValue]
        do {
            claims = try validator.validate(answer.idToken, nonce: .refresh(signInNonce: grant.nonce))
        } catch let error as AuthError where [.providerUnavailable, .providerUnreachable].contains(error.kind) {
            return unconfirmedKeepingGrant("\(error)")
        } catch {
            end(session, .endedInvalidToken, reason: "the refreshed ID token is not valid: \(error)")
            return true
        }
        // An overage reader's groups are read again from Graph, with the access token of this refresh; when Graph
        // cannot answer, the session goes on with the groups it has, within the grace, like an unreachable provider.
        let completed: [String: JSONValue]
        do {
            completed = try overage.completing(claims, accessToken: answer.accessToken)
        } catch {
            return unconfirmedKeepingGrant("\(error)")
        }
        var renewed = Session(claims: completed, keepingGroups: manifest.usesGroups)
        guard renewed.tenantID == session.tenantID, renewed.objectID == session.objectID,
            session.issuer.map({ $0 == claims["iss"]?.stringValue }) != false
        else {
            end(session, .endedOtherUser, reason: "the refreshed ID token is for another user (tid/oid differ)")
            return true
        }
        renewed.id = session.id
        renewed.issuedAt = session.issuedAt
        renewed.expiresAt = session.expiresAt
        renewed.issuer = session.issuer
        renewed.providerSessionID = session.providerSessionID
        renewed.loginHint = renewed.loginHint ?? session.loginHint
        do {
            guard try sessions.replace(stored, with: renewed, grant: rotated, checkedAt: now) else {
                state.forget(session.id)
                return true
            }
        } catch {
            return false
        }
        metrics?.rechecks.increment(.kept)
        if state.confirmed(session.id) {
            log.write(event: "session_recheck_recovered", ["tid": session.tenantID, "oid": session.objectID])
        }
        return true
    }

    /// The provider could not confirm `session`: it goes on, logged once, until its grace is spent.
    /// The grace is measured when the provider's failure is known, not when the re-check began: a check that waits
    /// for this re-check past the grace finds the session ended.
    private func unconfirmed(_ session: Session, _ outcome: RecheckOutcome, _ reason: String) -> Bool {
        guard Int(time.now().timeIntervalSince1970) - session.lastChecked < policy.grace else {
            end(session, .graceSpent, reason: graceReason(reason))
            return true
        }
        metrics?.rechecks.increment(outcome)
        if state.failed(session.id), stillStored(session.id) {
            log.write(
                event: "session_recheck_failed",
                [
                    "tid": session.tenantID, "oid": session.objectID, "outcome": outcome.labels[0].value,
                    "reason": reason,
                    "effect": "the session goes on until \(policy.grace) s after its last successful check, then ends",
                ])
        }
        return false
    }

    /// Whether session `id` is still in the store, read once per session that fails: signed out or revoked while
    /// its re-check waited on the provider, it no longer goes on, and is forgotten. A store that cannot answer
    /// counts as still there, so the failure is logged.
    private func stillStored(_ id: String) -> Bool {
        do {
            if try sessions.record(id: id) != nil { return true }
        } catch {
            return true
        }
        state.forget(id)
        return false
    }

    private func graceReason(_ reason: String) -> String {
        "no successful re-check within recheck_grace (\(policy.grace) s): " + reason
    }

    /// Ends `session` for `outcome`, counts and logs it.
    private func end(_ session: Session, _ outcome: RecheckOutcome, reason: String) {
        _ = try? sessions.end(.session(id: session.id), because: .recheck)
        metrics?.rechecks.increment(outcome)
        state.forget(session.id)
        log.write(
            event: "session_ended_by_recheck",
            [
                "tid": session.tenantID, "oid": session.objectID, "outcome": outcome.labels[0].value,
                "reason": reason,
            ])
    }
}
