// A test bench for the feature handlers: an in-memory store, a frozen clock, sessions and a fake presence.

import Foundation
import TwoDoTestSupport
import TwoDoCore
import TwoDoFeatures
import TwoDoPostgres
import TwoDoStore

/// Who is "connected" in a handler test: sessions the test opened, all online.
final class FakePresence: Presence {
    var sessionsByUser: [UserID: [Session]] = [:]
    /// Users the test marks offline although they have a session object (to check inbox fallbacks).
    var offline: Set<UserID> = []

    func isOnline(_ user: UserID) -> Bool { !(sessionsByUser[user] ?? []).isEmpty && !offline.contains(user) }

    /// Users the test says are connected to another node.
    var elsewhere: Set<UserID> = []

    func isOnlineElsewhere(_ user: UserID) -> Bool { elsewhere.contains(user) }

    func sessions(of user: UserID) -> [SessionView] {
        guard isOnline(user) else { return [] }
        return (sessionsByUser[user] ?? []).map {
            SessionView(id: $0.id, lang: $0.lang, tz: $0.tz, json: $0.json, isClosing: false)
        }
    }
}

/// Handlers over a fresh in-memory store at a fixed instant (Mon 2026-11-23 09:00 UTC), with helpers that
/// run command lines the way the loop does: one savepoint per command, effects applied afterwards.
final class HandlerHarness {
    static let start: Int64 = 1_795_424_400  // 2026-11-23T09:00:00Z, a Monday
    let store: any TwoDoStorage
    let handlers: Handlers
    let presence = FakePresence()
    private var nextID: UInt64 = 100

    /// The engine the handler tests run on: SQLite in memory, or with `TWODO_TEST_ENGINE=postgres` a fresh
    /// schema on the test process's temporary PostgreSQL cluster (.ci/run runs these tests both ways).
    static let engine = ProcessInfo.processInfo.environment["TWODO_TEST_ENGINE"] ?? "sqlite"

    init(limits: SpaceLimits = SpaceLimits()) throws {
        if HandlerHarness.engine == "postgres" {
            store = try PostgresStore(url: TemporaryCluster.shared.get().freshSchemaURL())
        } else {
            store = try Store(path: ":memory:", durable: false)
        }
        handlers = Handlers(store: store, clock: WallClock(testStart: HandlerHarness.start), limits: limits)
        handlers.presence = presence
        handlers.accounts.digest = { "digest:" + $0 }
    }

    /// A registered user with a logged-in session (registration itself needs the loop's hash workers).
    func user(_ name: String, lang: Language = .en) throws -> (User, Session) {
        let user = try requireUser(
            store.createUser(name: name, passwordHash: "x", lang: lang, now: HandlerHarness.start))
        nextID += 1
        let session = Session(id: nextID, throttleKey: "10.0.0.\(nextID)")
        session.user = user.id
        session.lang = lang
        presence.sessionsByUser[user.id, default: []].append(session)
        return (user, session)
    }

    /// Runs one line as `session`, in its own savepoint like the loop's turn does.
    @discardableResult
    func run(_ line: String, as session: Session) throws -> Outcome {
        let handled = try store.savepoint { try handlers.run(Substring(line), on: session, tag: nil) }
        switch handled {
        case .outcome(let o?):
            apply(o.effects)
            return o
        case .outcome(nil): throw HarnessError.noReply(line)
        case .hash, .stats: throw HarnessError.loopRequest(line)
        }
    }

    /// Runs one line as `session` the whole way, as the loop does for account commands: a `.hash` step's job
    /// runs on `FakeHasher` (the loop's worker pool stands in), then `Accounts.complete` finishes it in a
    /// savepoint of its own. `jobs` counts the jobs that ran.
    @discardableResult
    func runThrough(_ line: String, as session: Session) throws -> Outcome {
        let handled = try store.savepoint { try handlers.run(Substring(line), on: session, tag: nil) }
        switch handled {
        case .outcome(let o?):
            apply(o.effects, acting: session)
            return o
        case .outcome(nil): throw HarnessError.noReply(line)
        case .stats: throw HarnessError.loopRequest(line)
        case .hash(let job, let pending):
            handlers.accounts.queued(pending, on: session)
            jobs += 1
            let result = FakeHasher.run(job)
            let o = try store.savepoint { try handlers.accounts.complete(pending, result: result, on: session) }
            apply(o.effects, acting: session)
            return o
        }
    }

    /// Hash jobs `runThrough` ran.
    private(set) var jobs = 0

    /// A fresh session that nobody logged in yet.
    func anonymousSession() -> Session {
        nextID += 1
        return Session(id: nextID, throttleKey: "10.0.0.\(nextID)")
    }

    /// Two users paired into one space, each with a session: the usual couple of a test.
    func couple(
        _ a: String = "alice", _ b: String = "bob", lang: Language = .en
    ) throws -> (
        alice: (User, Session), bob: (User, Session)
    ) {
        let alice = try user(a, lang: lang)
        let bob = try user(b, lang: lang)
        let invite = try run(lang == .tr ? "çift oluştur" : "couple create", as: alice.1)
        guard case .object(let fields)? = invite.reply.data,
            case .string(let code)? = fields.first(where: { $0.0 == "code" })?.1
        else { throw HarnessError.noInviteCode(invite.reply.lines) }
        try run("couple join \(code)", as: bob.1)
        return (try refreshed(alice), try refreshed(bob))
    }

    /// The user as the store has it now (space and settings change when a couple forms).
    func refreshed(_ pair: (User, Session)) throws -> (User, Session) {
        (try requireUser(store.user(pair.0.id)), pair.1)
    }

    private func apply(_ effects: [SessionEffect], acting: Session? = nil) {
        for effect in effects {
            switch effect {
            case .language(let user, let lang): presence.sessionsByUser[user]?.forEach { $0.lang = lang }
            case .timeZone(let user, let zone): presence.sessionsByUser[user]?.forEach { $0.tz = zone }
            case .forgetListings(let user): presence.sessionsByUser[user]?.forEach { $0.forgetListing() }
            case .loggedIn(_, let user):
                if let acting { presence.sessionsByUser[user.id, default: []].append(acting) }
            case .loggedOut(_, let user):
                presence.sessionsByUser[user.id]?.removeAll { $0 === acting }
                acting?.user = nil
            case .endOtherSessions(let user, let keep, _):
                for other in presence.sessionsByUser[user.id] ?? [] where other.id != keep { other.user = nil }
                presence.sessionsByUser[user.id]?.removeAll { $0.id != keep }
            }
        }
    }
}

/// Stands in for the loop's worker pool in handler tests: a "hash" is the secret behind a prefix, so a test
/// checks the account flow, not libcrypt (the end-to-end tests run the real pool).
enum FakeHasher {
    static func run(_ job: HashJob) -> HashOutcome {
        switch job {
        case .hash(let password, let name):
            return password.lowercased().contains(name.lowercased()) ? .weak(.name) : .hashed("plain:" + password)
        case .verify(let password, let hash, let newPassword, _):
            let ok = hash == "plain:" + password
            return .verified(ok, newHash: ok ? newPassword.map { "plain:" + $0 } : nil)
        case .hashSecret(let secret): return .hashed("plain:" + secret)
        case .resumeDigest(let token): return .hashed("digest:" + token)
        }
    }
}

enum HarnessError: Error {
    case noReply(String)
    case loopRequest(String)
    case noInviteCode([String])
    case missingUser
}

/// Unwraps a user or throws (a tiny `#require` for the harness, which is not a test function).
func requireUser(_ user: User?) throws -> User {
    guard let user else { throw HarnessError.missingUser }
    return user
}
