// The kinds of live pushes a user can mute: muted kinds still reach the inbox, unread.

/// A kind of pushed event a user can mute (`mute reminders|partner|chat`).
///
/// A muted kind is not pushed to the user's live sessions; it is kept in their inbox, unread, instead.
public enum MuteKind: String, Sendable, Equatable, Hashable, CaseIterable, Comparable {
    /// `reminder.due`: task, event and routine reminders and nags.
    case reminders
    /// Every change the partner makes (`task.added`, `couple.renamed`, …), except chat.
    case partner
    /// The partner's `say` messages (`chat.message`).
    case chat

    public static func < (a: MuteKind, b: MuteKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
