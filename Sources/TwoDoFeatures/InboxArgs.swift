// An inbox row's arguments, stored so the row reads in the language and zone its reader has when reading it.

import TwoDoCore
import TwoDoProtocol
import TwoDoText

/// How an inbox row keeps the words it is made of.
///
/// A row is written when its reader is away, and read days later, maybe after `lang tr` or `tz …`. So a
/// time is kept as the due date itself (`when@`: day, time and zone) and worded when the row is read, in the
/// reader's language and zone of that day; a text that only a language can word (an event's summary, a
/// reminder's time) is kept in every language, `key` for English and `key|tr` where Turkish words it otherwise.
enum InboxArgs {
    /// The stored form of `base` (the same in every language), `perLanguage` (worded for each language, in the
    /// reader's zone when written) and a due date `when`, read back as the `whenKey` argument.
    static func stored(
        _ base: [String: String], perLanguage: ((Language) -> [String: String])? = nil, when: DueDate? = nil,
        whenKey: String = "when"
    ) -> [String: String] {
        var args = base
        if let perLanguage {
            let english = perLanguage(.en)
            args.merge(english) { _, worded in worded }
            for lang in Language.allCases where lang != .en {
                for (key, text) in perLanguage(lang) where english[key] != text {
                    args[key + "|" + lang.rawValue] = text
                }
            }
        }
        if let when {
            args[whenKey + "@"] = [when.date.description, when.time?.description ?? "-", when.tz].joined(separator: "|")
        }
        return args
    }

    /// The key of the item a row is about, `task:12`, `event:3` or `routine:5` (not a text argument).
    static let linkKey = "#link"

    /// The item an event is about, read from its JSON data (`id`) and its name's area, for the inbox's `link`.
    static func link(of event: EventName, data: JSONValue) -> String? {
        guard case .object(let fields) = data, case .int(let id)? = fields.first(where: { $0.0 == "id" })?.1
        else { return nil }
        let name = event.rawValue
        let kind: String
        if name.hasPrefix("task.") || name.hasPrefix("step.") || name.hasPrefix("plan.") {
            kind = "task"
        } else if name.hasPrefix("event.") {
            kind = "event"
        } else if name.hasPrefix("routine.") {
            kind = "routine"
        } else {
            return nil
        }
        return "\(kind):\(id)"
    }

    /// The stored link as the inbox's JSON `link` (`{"kind": "task", "id": 12}`), or nil.
    static func linkJSON(_ stored: [String: String]) -> JSONValue? {
        guard let link = stored[linkKey], let colon = link.firstIndex(of: ":"),
            let id = Int64(link[link.index(after: colon)...])
        else { return nil }
        return .object([("kind", .string(String(link[..<colon]))), ("id", .int(id))])
    }

    /// The arguments of a stored row for a reader of `lang` in zone `tz`: a language's own wording wins, and a
    /// stored due date is worded now. Rows stored before this form read as they were written.
    static func reading(_ stored: [String: String], lang: Language, tz: String) -> [String: String] {
        var args: [String: String] = [:]
        let suffix = "|" + lang.rawValue
        for (key, value) in stored where !key.hasSuffix("@") && !key.hasPrefix("#") {
            if let bar = key.firstIndex(of: "|") {
                if key.hasSuffix(suffix) { args[String(key[..<bar])] = value }
            } else if args[key] == nil || stored[key + suffix] == nil {
                args[key] = value
            }
        }
        // A stored due date wins over any wording of it made when the row was written.
        for (key, value) in stored where key.hasSuffix("@") {
            let parts = value.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, let date = LocalDate(iso: parts[0]) else { continue }
            let due = DueDate(date: date, time: parts[1] == "-" ? nil : LocalTime(iso: parts[1]), tz: parts[2])
            args[String(key.dropLast())] = TimeText.human(due, readerTZ: tz, lang: lang)
        }
        return args
    }

    /// The text of stored row `key` with `args`, for a reader of `lang` in zone `tz`.
    static func text(_ key: String, _ args: [String: String], lang: Language, tz: String) -> String {
        Catalog.text(storedKey: key, lang, reading(args, lang: lang, tz: tz))
    }
}
