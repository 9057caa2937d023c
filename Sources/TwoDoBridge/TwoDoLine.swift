// One line from the TwoDo server in JSON mode, decoded into what the bridge needs of it.

import Foundation

/// A server line: a reply to a command, a pushed event, or anything else (the greeting before `json on`).
public enum TwoDoLine: Sendable, Equatable {
    /// The one answer to a command.
    case reply(Reply)
    /// A change made by someone else (or a reminder), pushed as it happens.
    case event(Event)
    /// A line that is not a JSON object with a known `type`.
    case other

    /// A decoded reply.
    public struct Reply: Sendable, Equatable {
        /// The `@id=` tag it answers, if the command had one.
        public var id: String?
        /// Whether the command succeeded.
        public var ok: Bool
        /// The stable code (`task.added`, `error.not_found`, `auth.logged_in`, ...).
        public var code: String
        /// Text for people, possibly several lines.
        public var text: String
        /// `data.name`, when present (the account, in `auth.*` replies).
        public var name: String?
        /// `data.lang`, when present (`en` or `tr`, in `auth.*` and `lang.set` replies).
        public var lang: String?
        /// `data.resume`, when present: the resume token `login`, `register` and `passwd` hand out.
        public var resume: String?

        /// A reply from its parts.
        public init(
            id: String? = nil, ok: Bool, code: String, text: String, name: String? = nil, lang: String? = nil,
            resume: String? = nil
        ) {
            self.id = id
            self.ok = ok
            self.code = code
            self.text = text
            self.name = name
            self.lang = lang
            self.resume = resume
        }
    }

    /// A decoded event.
    public struct Event: Sendable, Equatable {
        /// The event name (`task.added`, `reminder.due`, ...).
        public var name: String
        /// Who caused it (`twodo` for reminders).
        public var actor: String
        /// Text for people, in the receiver's language.
        public var text: String

        /// An event from its parts.
        public init(name: String, actor: String, text: String) {
            self.name = name
            self.actor = actor
            self.text = text
        }
    }

    /// Decodes one line; anything unexpected is `.other`, never an error.
    public init(parsing line: String) {
        guard line.first == "{",
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let type = object["type"] as? String
        else {
            self = .other
            return
        }
        let text = object["text"] as? String ?? ""
        let data = object["data"] as? [String: Any] ?? [:]
        switch type {
        case "reply":
            self = .reply(
                Reply(
                    id: object["id"] as? String, ok: object["ok"] as? Bool ?? false,
                    code: object["code"] as? String ?? "",
                    text: text, name: data["name"] as? String, lang: data["lang"] as? String,
                    resume: data["resume"] as? String))
        case "event":
            self = .event(
                Event(name: object["event"] as? String ?? "", actor: object["actor"] as? String ?? "", text: text))
        default:
            self = .other
        }
    }
}
