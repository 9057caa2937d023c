// The fixed rules of the shared session logic: which lines are the bridge's own, which changes are announced.

import TwoDoProtocol

/// Constants and small text helpers of `SessionCore`, shared by every network's core.
enum SessionRules {
    /// Tag prefix of the bridge's own TwoDo commands, whose replies the user never sees.
    static let ownTag = "bridge."
    /// Tag of the bridge's own `resume <token>` after a reconnection; its reply decides what the user is told.
    static let resumeTag = ownTag + "resume"

    /// Events worth announcing in a shared place: changes to the shared lists. Chat (`say`) and reminders
    /// stay private.
    static let announcedEvents: Set<EventName> = [
        .taskAdded, .taskCompleted, .taskReopened, .taskEdited, .taskDeleted, .taskMoved, .taskAssigned, .taskNoted,
        .taskDue, .taskPriority, .taskRepeat, .taskSnoozed, .listAdded, .listRenamed, .listDeleted, .coupleJoined,
        .coupleLeft, .coupleRenamed,
    ]

    /// The replies that answer the actor of those changes (same names).
    static let announcedReplies: Set<ReplyCode> = Set(announcedEvents.map(\.replyCode))

    /// The first word of a command line, after any `@id=` tag.
    static func verb(of line: String) -> Substring {
        line.split(separator: " ").first { !$0.hasPrefix("@") } ?? ""
    }

    /// `text` without leading and trailing spaces and tabs.
    static func trimmed(_ text: String) -> String {
        var t = Substring(text)
        while let c = t.first, c == " " || c == "\t" { t = t.dropFirst() }
        while let c = t.last, c == " " || c == "\t" { t = t.dropLast() }
        return String(t)
    }
}
