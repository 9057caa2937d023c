// Chat, inbox and per-user settings: say, inbox, lang, tz, json.

import TwoDoCore

/// Parses `say`, `inbox` and the settings commands.
enum SettingsParser {
    private static let english: Set<String> = Set(["en", "eng", "english", "ingilizce"].map(Fold.key))
    private static let turkish: Set<String> = Set(["tr", "tur", "turkish", "türkçe"].map(Fold.key))
    private static let on: Set<String> = Set(["on", "true", "aç", "açık"].map(Fold.key))
    private static let off: Set<String> = Set(["off", "false", "kapat", "kapalı"].map(Fold.key))
    private static let read: Set<String> = Set(["read", "okundu"].map(Fold.key))
    private static let clear: Set<String> = Set(["clear", "temizle"].map(Fold.key))
    private static let show: Set<String> = Set(["show", "göster"].map(Fold.key))
    private static let delete: Set<String> = Set(["delete", "remove", "rm", "del", "sil"].map(Fold.key))
    private static let open: Set<String> = Set(["open", "aç", "show"].map(Fold.key))
    private static let all: Set<String> = Set(["all", "hepsi", "hepsini", "tümü", "tümünü"].map(Fold.key))

    /// `say <message>`: the rest of the line as typed.
    static func say(_ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        args.isEmpty ? .failure(Verb.say.usage) : .success(.say(String(args.typed)))
    }

    /// `inbox [show]`, `inbox read [n|all]` (`bildirimler okundu 3`), `inbox clear` (`bildirimleri temizle`),
    /// `inbox delete <n>` (`bildirimler sil <n>`).
    static func inbox(_ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        guard let first = args.first else { return .success(.inbox) }
        let key = first.key
        if read.contains(key) { return inboxRead(args.dropFirst()) }
        if args.count == 1 && clear.contains(key) { return .success(.inboxClear) }
        if args.count == 1 && show.contains(key) { return .success(.inbox) }
        // `inbox 3`, `inbox open 3`, `bildirimler aç 3`: the item notification 3 is about.
        if let n = positiveNumber(args) { return .success(.inboxOpen(number: n)) }
        if open.contains(key), let n = positiveNumber(args.dropFirst()) { return .success(.inboxOpen(number: n)) }
        if delete.contains(key) {
            let rest = args.dropFirst()
            guard !rest.isEmpty else { return .failure(Verb.inbox.usage) }
            guard let n = positiveNumber(rest) else {
                return .failure(.badValue(verb: "inbox", value: String(rest.typed)))
            }
            return .success(.inboxDelete(number: n))
        }
        return .failure(Verb.inbox.usage)
    }

    /// One whole number from 1 (at most 9 digits), or nil.
    private static func positiveNumber(_ args: ArraySlice<Word>) -> Int? {
        let text = args.typed
        guard args.count == 1, text.utf8.count <= 9, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let n = Int(text), n >= 1
        else { return nil }
        return n
    }

    /// The words naming each kind of push (`mute reminders`, `sustur sohbet`).
    private static let muteKinds: [(Set<String>, MuteKind)] = [
        (
            Set(
                [
                    "reminders", "reminder", "nags", "hatırlatmalar", "hatırlatmaları", "hatırlatma", "hatırlatıcılar",
                    "hatırlatıcıları",
                ].map(Fold.key)), .reminders
        ),
        (Set(["partner", "partners", "eş", "eşim", "partnerim"].map(Fold.key)), .partner),
        (Set(["chat", "messages", "sohbet", "mesajlar", "mesajları", "mesaj"].map(Fold.key)), .chat),
        (Set(["tasks", "task", "lists", "görevler", "görevleri", "görev", "işler", "listeler"].map(Fold.key)), .tasks),
        (
            Set(["calendar", "events", "event", "takvim", "etkinlikler", "etkinlikleri", "etkinlik"].map(Fold.key)),
            .calendar
        ),
        (Set(["routines", "routine", "rutinler", "rutinleri", "rutin"].map(Fold.key)), .routines),
        (Set(["plan", "plans", "planlar", "planı", "planları"].map(Fold.key)), .plan),
    ]

    /// `mute [<kind>]` (`on`) / `unmute <kind>` (not `on`), in either language (kinds: `MuteKind`).
    /// - Returns: `.badValue(verb: "mute", value:)` for an unknown kind; `unmute` alone is a usage error.
    static func mute(_ args: ArraySlice<Word>, on: Bool) -> Result<Command, ParseError> {
        guard let first = args.first else { return on ? .success(.mute(nil)) : .failure(Verb.unmute.usage) }
        guard args.count == 1, let kind = muteKinds.first(where: { $0.0.contains(first.key) })?.1 else {
            return .failure(.badValue(verb: "mute", value: String(args.typed)))
        }
        return .success(on ? .mute(kind) : .unmute(kind))
    }

    /// The count after `inbox read` / `okundu`: none or `all`/`hepsi` for every unread notification, else
    /// a positive number.
    /// - Returns: `.badValue(verb: "inbox", value:)` for anything else (`0`, `-1`, `some`).
    static func inboxRead(_ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        guard let first = args.first else { return .success(.inboxRead(row: nil)) }
        if args.count == 1 && all.contains(first.key) { return .success(.inboxRead(row: nil)) }
        let text = args.typed
        guard args.count == 1, text.utf8.count <= 9, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let n = Int(text), n >= 1
        else { return .failure(.badValue(verb: "inbox", value: String(text))) }
        return .success(.inboxRead(row: n))
    }

    /// `lang [en|tr]`, also `english`/`ingilizce`, `turkish`/`türkçe`.
    /// - Returns: `.badValue(verb: "lang", value:)` for anything else.
    static func lang(_ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        guard !args.isEmpty else { return .success(.lang(nil)) }
        if args.count == 1 {
            let key = args[args.startIndex].key
            if english.contains(key) { return .success(.lang(.en)) }
            if turkish.contains(key) { return .success(.lang(.tr)) }
        }
        return .failure(.badValue(verb: "lang", value: String(args.typed)))
    }

    /// `tz [zone]`: the zone as typed; the server validates it.
    static func tz(_ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        .success(.tz(args.isEmpty ? nil : String(args.typed)))
    }

    /// `json on|off` (also `true|false`, `aç|açık`, `kapat|kapalı`).
    static func json(_ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        guard args.count == 1 else { return .failure(Verb.json.usage) }
        let key = args[args.startIndex].key
        if on.contains(key) { return .success(.json(true)) }
        if off.contains(key) { return .success(.json(false)) }
        return .failure(Verb.json.usage)
    }
}
