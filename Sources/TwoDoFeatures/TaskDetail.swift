// What an `add` line understood beyond the title, kept as values so each reader sees it in their own language and zone.

import TwoDoCore
import TwoDoProtocol
import TwoDoText

/// One understood detail of a new task (due date, rule, priority, assignee, reminder, nag).
enum TaskDetail {
    /// The due date (`due Mon 23 Nov 18:00`).
    case due(DueDate)
    /// The repeat rule (`every Monday`).
    case rule(Recurrence)
    /// A priority other than none.
    case priority(Priority)
    /// Who it is for (`for bob`).
    case assignee(String)
    /// A reminder some minutes before the due time.
    case remindBefore(minutes: Int)
    /// A reminder at a moment.
    case remindAt(DueDate)
    /// A nag interval.
    case nag(minutes: Int)
    /// A description was given after ` -- ` (its text is in `info`, not in the line).
    case described

    /// The details as one phrase (`due Mon 23 Nov 18:00, for bob`) in `lang`, with times in `tz`.
    static func text(_ details: [TaskDetail], lang: Language, tz: String) -> String {
        details.map { $0.text(lang: lang, tz: tz) }.joined(separator: ", ")
    }

    /// This detail as a phrase in `lang`, with times in `tz`.
    func text(lang: Language, tz: String) -> String {
        switch self {
        case .due(let due): Catalog.text(.summaryDue, lang, ["when": TimeText.human(due, readerTZ: tz, lang: lang)])
        case .rule(let rule): RecurrenceText.describe(rule, lang: lang)
        case .priority(let priority): RecurrenceText.describe(priority, lang: lang)
        case .assignee(let name): Catalog.text(.taskFor, lang, ["name": name])
        case .remindBefore(let minutes): Catalog.text(.summaryRemindBefore, lang, ["minutes": "\(minutes)"])
        case .remindAt(let at):
            Catalog.text(.summaryRemindAt, lang, ["when": TimeText.human(at, readerTZ: tz, lang: lang)])
        case .nag(let minutes): Catalog.text(.summaryNag, lang, ["minutes": "\(minutes)"])
        case .described: Catalog.text(.summaryDescribed, lang)
        }
    }
}
