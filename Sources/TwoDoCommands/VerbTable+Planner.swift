// The words that start routine, event and calendar lines, and the verbs after `routine` and `event`.

extension VerbTable {
    /// What the first word of a routine, event or calendar line starts; `PlannerParser` reads the rest.
    enum Head: Sendable, Equatable {
        case routine, routines, event, events, calendar, agenda, weekly, week, weekStart, hafta, note, notes
    }

    /// The first words of routine, event and calendar lines. The suggested ones are offered as "did you
    /// mean" (English first; order breaks ties), the others only start a line (`cal`, `week start`).
    static let heads: [(text: String, head: Head, suggested: Bool)] = [
        ("routine", .routine, true), ("routines", .routines, true), ("habit", .routine, true),
        ("habits", .routines, true), ("event", .event, true), ("events", .events, true),
        ("calendar", .calendar, true), ("weekstart", .weekStart, true), ("rutin", .routine, true),
        ("rutinler", .routines, true), ("alışkanlık", .routine, true), ("alışkanlıklar", .routines, true),
        ("etkinlik", .event, true), ("etkinlikler", .events, true), ("takvim", .calendar, true),
        ("cal", .calendar, false), ("agenda", .agenda, false), ("ajanda", .agenda, false),
        ("weekly", .weekly, false), ("haftalık", .weekly, false), ("week", .week, false),
        ("haftabaşı", .weekStart, false), ("hafta", .hafta, false), ("note", .note, false), ("not", .note, false),
        ("notes", .notes, false), ("notlar", .notes, false),
    ]

    /// `heads` by folding key.
    static let headByKey: [String: Head] = Dictionary(
        heads.map { (Fold.key($0.text), $0.head) }, uniquingKeysWith: { first, _ in first })

    /// What the word after `routine` / `rutin` asks for.
    enum RoutineVerb: Sendable {
        case add, done, skip, undo, stats, edit, rename, pause, resume, delete
    }

    /// The one-word routine verbs by folding key (`RoutineParser` reads the two-word ones: `geri al`,
    /// `yeniden adlandır`).
    static let routineVerbs: [String: RoutineVerb] = {
        var map: [String: RoutineVerb] = [:]
        func add(_ verb: RoutineVerb, _ texts: String...) { for t in texts { map[Fold.key(t)] = verb } }
        add(.add, "add", "new", "create", "ekle", "yeni", "oluştur")
        add(.done, "done", "did", "check", "complete", "yapıldı", "bitti", "tamam", "yaptım", "tamamla")
        add(.skip, "skip", "atla", "geç")
        add(.undo, "undo", "uncheck")
        add(.stats, "stats", "stat", "show", "istatistik", "istatistikler", "göster")
        add(.edit, "edit", "change", "düzenle", "değiştir")
        add(.rename, "rename", "adlandır")
        add(.pause, "pause", "duraklat", "durdur")
        add(.resume, "resume", "unpause", "devam", "sürdür")
        add(.delete, "delete", "remove", "rm", "del", "sil")
        return map
    }()

    /// What the word after `event` / `etkinlik` asks for.
    enum EventVerb: Sendable {
        case add, edit, move, delete, show
    }

    /// The event verbs by folding key.
    static let eventVerbs: [String: EventVerb] = {
        var map: [String: EventVerb] = [:]
        func add(_ verb: EventVerb, _ texts: String...) { for t in texts { map[Fold.key(t)] = verb } }
        add(.add, "add", "new", "create", "ekle", "yeni", "oluştur")
        add(.edit, "edit", "change", "update", "düzenle", "değiştir")
        add(.move, "move", "reschedule", "taşı", "ertele")
        add(.delete, "delete", "remove", "rm", "del", "cancel", "sil", "iptal")
        add(.show, "show", "info", "göster")
        return map
    }()
}
