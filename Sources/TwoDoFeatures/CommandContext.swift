// One command's context: the session it came from and what it raises while it runs.

import TwoDoCommands
import TwoDoCore

/// The context of one running command: the session it came from, and the events, effects and reminder
/// changes it raises. `Handlers.run` makes a fresh one per command and folds what it raised into the
/// command's outcome, so nothing a command raises can outlive it or leak into the next one, and the
/// handlers keep no per-command state of their own.
///
/// The session's conversation state reads through it (`c.lang`, `c.json`, `c.paging`).
@dynamicMemberLookup
public final class CommandContext {
    /// The session the command came from.
    public let session: Session
    /// Events for the other sessions of the space, published after the turn's COMMIT.
    var events: [Event] = []
    /// Changes to other sessions' conversation state (see `SessionEffect`).
    var effects: [SessionEffect] = []
    /// Pending reminders were added, removed or moved: the loop reads its timer head again after the turn.
    var remindersChanged = false

    /// A fresh context for a command of `session`: nothing raised yet.
    public init(_ session: Session) { self.session = session }

    public subscript<T>(dynamicMember path: ReferenceWritableKeyPath<Session, T>) -> T {
        get { session[keyPath: path] }
        set { session[keyPath: path] = newValue }
    }

    public subscript<T>(dynamicMember path: KeyPath<Session, T>) -> T { session[keyPath: path] }

    /// Forgets what the session's last listing numbered.
    func forgetListing() { session.forgetListing() }

    /// `outcome` with what this command raised folded in.
    public func folded(into outcome: Outcome) -> Outcome {
        var o = outcome
        o.events += events
        o.effects += effects
        o.remindersChanged = o.remindersChanged || remindersChanged
        return o
    }
}
