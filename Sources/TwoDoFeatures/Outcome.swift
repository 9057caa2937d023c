// What one command (or one fired reminder) produced, held until the turn's commit decides whether it stands.

import TwoDoCore
import TwoDoProtocol

/// A change to other sessions' conversation state that a command asks the loop to make.
///
/// Handlers never reach into other sessions: they name the change, the loop applies it right after the
/// command (so later commands in the same turn see it) and undoes it if the turn's commit fails.
public enum SessionEffect: Sendable, Equatable {
    /// Every session of the user now speaks `Language`.
    case language(UserID, Language)
    /// Every session of the user now shows times in this IANA zone.
    case timeZone(UserID, String)
    /// Every session of the user forgets its numbered listing (the couple changed under it).
    case forgetListings(UserID)
    /// The session is now the user's (its user, language and zone already set by the command): the loop lists
    /// it among the user's sessions, and takes it off again if the commit fails.
    case loggedIn(session: UInt64, User)
    /// The session is no longer the user's: the loop takes it off the user's sessions and starts its login
    /// deadline again (and puts it back if the commit fails).
    case loggedOut(session: UInt64, User)
    /// Every other session of the user is logged out now (their queued commands dropped), then told `reason`
    /// and closed once the commit succeeded; if it fails, they stay logged in and are told nothing.
    case endOtherSessions(User, except: UInt64, reason: ReplyCode)
}

/// The result of one command, held until the turn's commit decides whether it stands.
public struct Outcome {
    /// The session (connection id) the reply goes to.
    public var connection: UInt64
    /// The client's `@id=` tag, echoed in JSON mode.
    public var tag: String?
    public var reply: Reply
    /// Events for the other sessions of the space, published after COMMIT.
    public var events: [Event] = []
    /// Whether the command changed stored state (its reply must wait for the commit).
    public var wrote = false
    /// Undoes in-memory effects if the commit fails.
    public var undo: (() -> Void)?
    /// The reply that stands when the commit fails, for a command whose write was only a convenience (a login's
    /// resume token): its in-memory effects are kept and this reply replaces `error.storage`.
    public var replyIfCommitFails: Reply? = nil
    /// Close the connection after this reply (quit).
    public var close = false
    /// Lines sent as they are instead of the rendered reply (reminders pushed by the timer).
    public var rawLines: [String]? = nil
    /// The reply as wire lines, rendered when the command ran (so its size counts against the output cap
    /// within the turn); nil after a failed commit replaced the reply.
    public var lines: [String]? = nil
    /// A long reply to write piece by piece after the commit, instead of `reply`'s lines (export).
    public var stream: (any ReplyStream)? = nil
    /// Connections to tell and close once the commit succeeded (the other sessions after `passwd`).
    public var endsSessions: [UInt64] = []
    /// What those sessions are told (nil: `auth.password_changed_elsewhere`).
    public var endReason: ReplyCode? = nil
    /// Changes to other sessions' conversation state (see `SessionEffect`).
    public var effects: [SessionEffect] = []
    /// Pending reminders were added, removed or fired: the loop re-reads the next fire time after the turn.
    public var remindersChanged = false
    /// The task a pushed reminder was about (its session's `done`/`snooze` without a reference act on it).
    public var reminded: TaskID? = nil
    /// Lines for users' sessions on other nodes (a reminder for someone connected elsewhere), sent with the
    /// commit through the shared event log. Empty on one node.
    public var remoteLines: [RemoteLine] = []

    /// The connection id of an outcome that answers nobody on this node (it only carries `remoteLines`): the
    /// loop's ids start above it.
    public static let noConnection: UInt64 = 0

    public init(connection: UInt64, tag: String? = nil, reply: Reply, rawLines: [String]? = nil) {
        self.connection = connection
        self.tag = tag
        self.reply = reply
        self.rawLines = rawLines
    }
}
