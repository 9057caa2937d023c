// One session's conversation: who is logged in, how replies are worded, and what the last listing showed.

import TwoDoCommands
import TwoDoCore

/// The conversation state of one connection, which the handlers read and update as commands run.
///
/// It holds no socket and no server state: the loop's `Connection` owns one, and a handler only ever gets
/// the session of the command it runs (other sessions are visible through `Presence`, read-only).
/// Owned by the event-loop thread.
public final class Session {
    /// The connection's id (unique for the life of the process).
    public let id: UInt64
    /// What per-address throttles (wrong invite codes) count this session under: its client's address, or
    /// the session itself behind a trusted front that many people share.
    public var throttleKey: String
    /// The logged-in user, if any.
    public var user: UserID?
    /// The reply language (the user's setting once logged in; English before).
    public var lang: Language = .en
    /// The user's IANA zone, for showing times in events.
    public var tz = "UTC"
    /// Whether replies and events are JSON objects (`json on`).
    public var json = false
    /// Task ids of the last listing shown on this session, for `#n` references.
    public var lastListing: [TaskID] = []
    /// What `more` continues and where the numbered rows of `lastListing` start.
    public var paging = PagingState()
    /// The task of the last reminder shown here: `done`/`snooze` without a reference act on it.
    public var lastReminded: TaskID?
    /// The `add` a "Did you mean" question offered (one at most, replaced by the next): `yes`/`evet` runs it,
    /// any other line forgets it.
    public var pendingSuggestion: Command?
    /// The digest of the resume token this session logged in with or was given (`logout` ends it).
    public var resumeDigest: String?
    /// The notifications the last `inbox` page showed here, for `inbox delete <n>`.
    var inboxShown = InboxShown()

    /// A fresh, logged-out session.
    public init(id: UInt64, throttleKey: String) {
        self.id = id
        self.throttleKey = throttleKey
    }

    /// Forgets what the last listing numbered (after a logout, or when the couple changed under it).
    public func forgetListing() {
        lastListing = []
        paging = PagingState()
        inboxShown = InboxShown()
    }
}

/// A read-only look at one open session, for handlers that address people rather than the acting session.
public struct SessionView: Sendable {
    /// The connection's id.
    public var id: UInt64
    public var lang: Language
    public var tz: String
    public var json: Bool
    /// The client already closed its side or was told to go: a line sent there would be lost.
    public var isClosing: Bool

    public init(id: UInt64, lang: Language, tz: String, json: Bool, isClosing: Bool) {
        self.id = id
        self.lang = lang
        self.tz = tz
        self.json = json
        self.isClosing = isClosing
    }
}

/// Who is connected, as the loop's session registry knows it: the handlers' read-only view of it.
public protocol Presence: AnyObject {
    /// Whether `user` has any open session (on this node or, with several nodes, on another).
    func isOnline(_ user: UserID) -> Bool
    /// Every open session of `user` on this node.
    func sessions(of user: UserID) -> [SessionView]
    /// Whether `user` has sessions on another node (several nodes on one PostgreSQL database): a line for them
    /// goes out as an `Outcome.remoteLines` entry, which the loop hands to the other nodes with the commit.
    func isOnlineElsewhere(_ user: UserID) -> Bool
}

/// A line for a user's sessions on other nodes, worded in their language: as text and as a JSON line.
public struct RemoteLine: Sendable, Equatable {
    public let user: UserID
    public let text: String
    public let json: String
    /// The unread inbox row that stands for this line until a node puts it on a live session (which then
    /// marks it read): a node that died meanwhile loses nothing.
    public let notification: Int64?

    public init(user: UserID, text: String, json: String, notification: Int64? = nil) {
        self.user = user
        self.text = text
        self.json = json
        self.notification = notification
    }
}
