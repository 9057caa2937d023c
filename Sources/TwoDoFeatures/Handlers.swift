// The feature handlers: every domain command runs here, against the store, and returns an Outcome.

import TwoDoCommands
import TwoDoCore
import TwoDoProtocol
import TwoDoStore
import TwoDoText

/// What TwoDo's commands share, and the one entry the loop calls: `run` a line.
///
/// The commands themselves live in small feature types (`Tasks`, `Routines`, `Events`, `Plan`, `Notes`,
/// `Inbox`, `Couple`, `Search`, `Undo`, `Views`, `Info`, `Export`, `AccountLifecycle`, `Accounts`), each a
/// `Feature` over this object: the store (inside the loop's turn transaction), the clock, the limits, the
/// names cache, presence and the throttles. `Handlers.dispatch` routes a parsed command to its feature. A
/// command runs in a `CommandContext` made for it alone (its session, and the events, effects and reminder
/// changes it raises) and returns an `Outcome`; it never touches a socket or the loop's state, and who is
/// online comes from the read-only `Presence`. The loop wraps each command in a savepoint and delivers
/// outcomes after COMMIT; a command that throws leaves nothing behind, since what it raised lived in its
/// context only.
///
/// Owned by the event-loop thread, like the store.
public final class Handlers {
    /// The store, in the loop's turn transaction while commands run.
    public let store: any TwoDoStorage
    /// The wall clock (a frozen test clock under `--test-clock`).
    public let clock: WallClock
    /// How much one space may hold.
    let limits: SpaceLimits
    /// Names of users who may run `stats`.
    let admins: Set<String>
    /// The calendar feed's base URL (`--feed-url`, e.g. `https://todo.example.com:8443`); nil when the server
    /// serves no feed, and `calendar link` says so.
    public var feedBase: String?
    /// The wall-clock second the server started: a reminder due before it was missed while the server was down.
    let startedAt: Int64
    /// Who is connected (the loop's session registry), read-only.
    public weak var presence: (any Presence)?
    /// Wrong invite codes per user and per address (the loop gives it the shared ledger when there are
    /// several nodes, so guesses spread over them count together).
    public var inviteFailures = FailureThrottle(threshold: 5)
    /// `forgot` requests per address: every request counts, so names cannot be probed nor partners flooded.
    var resetRequests = FailureThrottle(threshold: 5)
    /// Reminders fired since start (task, routine and event reminders), for `stats`.
    public internal(set) var remindersFired = 0

    /// What is read from users, spaces and lists on every command (the parser's names, the user, the members,
    /// the default list), valid while the store's `namesGeneration` is unchanged.
    var names = NamesCache()
    /// The account commands (register, login, passwd, reset, delete) and their throttles.
    public private(set) lazy var accounts = Accounts(handlers: self)

    /// Handlers over `store`, with `clock`, a space's `limits` and the `admins` who may run `stats`.
    public init(
        store: any TwoDoStorage, clock: WallClock, limits: SpaceLimits = SpaceLimits(), admins: Set<String> = []
    ) {
        self.store = store
        self.clock = clock
        self.limits = limits
        self.admins = admins
        startedAt = clock.now
    }

    // MARK: Running a line

    /// Parses and runs one command line of session `c`.
    ///
    /// - Returns: `.outcome` for commands answered now (nil: nothing to answer), `.hash` for account commands
    ///   that wait for password work, `.stats` for the report on the loop.
    /// - Throws: a storage failure or a bug, never a refusal (that is a reply); the loop rolls back the
    ///   command's savepoint and answers `error.storage`, `error.unavailable` or `error.internal`.
    public func run(_ body: Substring, on session: Session, tag: String?) throws(CommandFailure) -> Handled {
        let c = CommandContext(session)
        do {
            switch try run(body, in: c, tag: tag) {
            case .outcome(let outcome): return .outcome(outcome.map(c.folded(into:)))
            case let other: return other
            }
        } catch let refused as ReplyError {
            // A refusal thrown past every handler's own catch is still only a refusal: nothing it raised stands.
            return .outcome(Outcome(connection: c.id, tag: tag, reply: refused.reply))
        } catch {
            throw .from(error)
        }
    }

    /// Parses and runs one command line in context `c`, which collects what it raises.
    func run(_ body: Substring, in c: CommandContext, tag: String?) throws -> Handled {
        if let refusal = refusalOfInvisibleText(body, on: c, tag: tag) { return .outcome(refusal) }
        let user = try c.user.flatMap { try self.user($0) }
        // A "Did you mean" question is answered by the very next line, or forgotten.
        let pending = c.pendingSuggestion
        c.pendingSuggestion = nil
        if Handlers.isConfirmation(body) { return try confirm(pending, on: c, user: user, tag: tag) }
        if Handlers.isRefusal(body) { return .outcome(refuse(pending, on: c, tag: tag)) }
        var context = try parseContext(for: user)
        context.suggestsTurkish = c.lang == .tr
        switch Parser.parse(String(body), context: context) {
        case .success(let command):
            if case .register = command, c.user == nil, Handlers.isTurkishVerb(body) { c.lang = .tr }
            let handled = try dispatchRecordingUndo(command, on: c, user: user, tag: tag)
            guard case .outcome(var outcome?) = handled else { return handled }
            outcome.wrote = outcome.wrote || command.isWrite
            return .outcome(outcome)
        case .failure(let error):
            if user != nil, let question = suggestAdd(for: body, after: error, context: context, on: c) {
                return .outcome(Outcome(connection: c.id, tag: tag, reply: question))
            }
            return .outcome(Outcome(connection: c.id, tag: tag, reply: parseFailure(error, c)))
        }
    }

}

/// Where a parsed command goes: answered now, or waiting for password work, or a report only the loop can give.
public enum Handled {
    /// The command is answered (nil: nothing to say, e.g. a blank line).
    case outcome(Outcome?)
    /// An account command needs `job` run on the loop's worker pool: the loop parks the session and hands the
    /// result to `Accounts.complete` with `then`.
    case hash(HashJob, then: PendingAuth)
    /// `stats` by an admin: figures about the loop itself.
    case stats(User)
}

extension Handlers {
    /// Forgets throttle entries past their window (the loop calls it about once a minute).
    public func pruneThrottles(now: Double) {
        inviteFailures.prune(now: now)
        resetRequests.prune(now: now)
        accounts.prune(now: now)
    }
}
