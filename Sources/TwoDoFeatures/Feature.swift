// What every feature works with: the shared handlers' store, clock, limits and caches, read through one protocol.

import TwoDoCore
import TwoDoProtocol
import TwoDoStore
import TwoDoText

/// A feature's commands: a small type over the shared `Handlers` (the store inside the loop's turn
/// transaction, the clock, the space limits, the names cache, presence, the throttles).
///
/// A feature keeps no state of its own between commands, and none per command: what one command raises lives
/// in its `CommandContext`. The helpers every feature uses (localized text, paging, finding a task or a list,
/// raising an event, the limits' checks) are written once, in extensions of this protocol; a feature's own
/// commands are written in an extension of its type, and another feature's commands are reached only by
/// naming that feature (`Tasks(handlers).task(…)`), so what depends on what stays visible.
protocol Feature {
    /// The shared state the commands run against.
    var handlers: Handlers { get }
}

extension Feature {
    /// The store, in the loop's turn transaction while commands run.
    var store: any TwoDoStorage { handlers.store }
    /// The wall clock (a frozen test clock under `--test-clock`).
    var clock: WallClock { handlers.clock }
    /// How much one space may hold.
    var limits: SpaceLimits { handlers.limits }
    /// Names of users who may run `stats`.
    var admins: Set<String> { handlers.admins }
    /// The wall-clock second the server started.
    var startedAt: Int64 { handlers.startedAt }
    /// Who is connected, read-only.
    var presence: (any Presence)? { handlers.presence }
    /// The account commands and their throttles.
    var accounts: Accounts { handlers.accounts }
    // The mutable shared state (the names cache, the throttles, the fired-reminder count) has no forwarding
    // property here on purpose: a protocol extension's computed property would copy the whole value on every
    // mutation (get, change the copy, set back), which for the names cache is every entry of every space, on
    // every command. Features change it in place through `handlers.names`, `handlers.inviteFailures`, ….
}

extension Handlers: Feature {
    var handlers: Handlers { self }
}

extension Feature {
    /// Whether `user` has any open session.
    func isOnline(_ user: UserID) -> Bool { presence?.isOnline(user) ?? false }

    /// Localized text in the session's language.
    func t(_ c: CommandContext, _ key: TextKey, _ args: [String: String] = [:]) -> String {
        Catalog.text(key, c.lang, args)
    }
}
