// Replies and events as the handlers produce them, and how each is written in human or JSON mode.

import TwoDoCore
import TwoDoProtocol
import TwoDoText

/// The one answer to one command.
public struct Reply {
    public var ok: Bool
    /// The stable dotted code (`task.added`, `error.not_found`, ...).
    public var code: ReplyCode
    /// Localized text lines for people; JSON mode joins them with "\n" into `text`.
    public var lines: [String]
    /// Structured data for bots (JSON mode only).
    public var data: JSONValue?
    /// Lines shown to people only (in JSON mode `data` already carries them), e.g. export's JSON dump.
    public var humanOnly: [String] = []

    public static func success(_ code: ReplyCode, _ lines: [String], data: JSONValue? = nil) -> Reply {
        Reply(ok: true, code: code, lines: lines, data: data)
    }

    public static func failure(_ code: ReplyCode, _ text: String, data: JSONValue? = nil) -> Reply {
        Reply(ok: false, code: code, lines: [text], data: data)
    }

    /// The reply as wire lines (without CRLF).
    public func render(json: Bool, tag: String?) -> [String] {
        guard json else { return lines + humanOnly }
        var members: [(String, JSONValue)] = [("type", .string("reply"))]
        if let tag { members.append(("id", .string(tag))) }
        members.append(("ok", .bool(ok)))
        members.append(("code", .string(code.rawValue)))
        members.append(("text", .string(lines.joined(separator: "\n"))))
        members.append(("data", data ?? .object([])))
        return [JSONValue.object(members).serialized]
    }
}

/// Catalog arguments worded for one receiver: (language, IANA zone) → arguments.
public typealias LocalArgs = (Language, String) -> [String: String]

/// A change pushed to the other sessions of a space, localized per receiver.
public struct Event {
    /// The stable event name (`task.added`, ...).
    public var name: EventName
    /// The acting user's name.
    public var actor: String
    /// The acting user's display name, shown in the text instead of `actor` when set (JSON keeps `actor`).
    public var actorLabel: String? = nil
    /// The catalog key of the text.
    public var key: TextKey
    public var args: [String: String]
    /// Structured data, its instants in UTC: each receiver reads them in its own offset (`render`).
    public var data: JSONValue
    /// Users who should receive it (their every session except the acting connection).
    public var recipients: [UserID]
    /// A due date shown as `{when}` in each receiver's own zone and language.
    public var when: DueDate? = nil
    /// Arguments worded per receiver (a rule, a priority, an add line's details), merged over `args`.
    public var localArgs: LocalArgs? = nil

    public func render(lang: Language, tz: String, json: Bool) -> String {
        var allArgs = args
        allArgs["actor"] = actorLabel ?? actor
        if let when { allArgs["when"] = TimeText.human(when, readerTZ: tz, lang: lang) }
        if let localArgs { allArgs.merge(localArgs(lang, tz)) { _, local in local } }
        let text = Catalog.text(key, lang, allArgs)
        guard json else { return text }
        return JSONValue.object([
            ("type", .string("event")), ("event", .string(name.rawValue)), ("actor", .string(actor)),
            ("text", .string(text)),
            ("data", tz == "UTC" ? data : data.inZone(tz)),  // built in UTC, read in the receiver's offset
        ]).serialized
    }
}
