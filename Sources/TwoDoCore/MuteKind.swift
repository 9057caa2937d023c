// The kinds of live pushes a user can mute: muted kinds still reach the inbox, unread.

/// A kind of pushed event a user can mute (`mute reminders|partner|chat|tasks|calendar|routines|plan`).
///
/// A muted kind is not pushed to the user's live sessions; it is kept in their inbox, unread, instead.
public enum MuteKind: String, Sendable, Equatable, Hashable, CaseIterable, Comparable {
    /// `reminder.due`: task, event and routine reminders and nags.
    case reminders
    /// Every change the partner makes (`task.added`, `couple.renamed`, …), except chat.
    case partner
    /// The partner's `say` messages (`chat.message`).
    case chat
    /// The partner's changes to tasks, lists, steps and their notes (a part of `partner`).
    case tasks
    /// The partner's changes to calendar events (a part of `partner`).
    case calendar
    /// The partner's changes to routines and their marks (a part of `partner`).
    case routines
    /// The partner's changes to their day plan (a part of `partner`).
    case plan

    public static func < (a: MuteKind, b: MuteKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
