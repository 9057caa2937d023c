// Every spelling of every verb, English and Turkish, and the lookups from folded words to verbs.

/// How each verb may be spelled, and how the verb of a line is found.
enum VerbTable {
    /// One way to spell a verb.
    struct Spelling: Sendable {
        /// The spelling as shown in suggestions (with Turkish letters).
        let text: String
        /// The verb it stands for.
        let verb: Verb
        /// Whether this is a Turkish spelling (enables Turkish case-ending rules for the arguments).
        let isTurkish: Bool
    }

    /// A verb found in a line.
    struct Match: Sendable {
        /// The verb.
        let verb: Verb
        /// Whether it was spelled in Turkish.
        let isTurkish: Bool
        /// How many words the spelling took (1 or 2).
        let wordCount: Int
    }

    /// All spellings; for each verb the English ones first. Order breaks ties between suggestions.
    static let spellings: [Spelling] = {
        func en(_ verb: Verb, _ texts: String...) -> [Spelling] {
            texts.map { Spelling(text: $0, verb: verb, isTurkish: false) }
        }
        func tr(_ verb: Verb, _ texts: String...) -> [Spelling] {
            texts.map { Spelling(text: $0, verb: verb, isTurkish: true) }
        }
        var all: [Spelling] = []
        all += en(.help, "help", "?") + tr(.help, "yardım")
        all += en(.register, "register") + tr(.register, "kaydol", "kayıt")
        all += en(.login, "login") + tr(.login, "giriş", "giris", "gir")
        all += en(.logout, "logout") + tr(.logout, "çıkış", "oturumu kapat")
        all += en(.passwd, "passwd", "password") + tr(.passwd, "şifre", "parola")
        all += en(.quit, "quit", "exit", "bye") + tr(.quit, "çık", "güle güle", "hoşça kal", "hoşçakal")
        all += en(.ping, "ping")
        all += en(.couple, "couple") + tr(.couple, "çift")
        all += en(.invite, "invite") + tr(.invite, "davet")
        all += en(.join, "join") + tr(.join, "katıl", "çifte katıl")
        all += tr(.leaveCouple, "çiftten ayrıl")
        all += en(.who, "who") + tr(.who, "kim", "kimler")
        all += en(.lists, "lists") + tr(.lists, "listeler")
        all += en(.list, "list") + tr(.list, "liste")
        all += en(.show, "show", "ls") + tr(.show, "göster", "listele")
        all += en(.add, "add", "new") + tr(.add, "ekle", "yeni")
        all += en(.done, "done", "finish", "complete", "check")
        all += tr(.done, "bitti", "tamam", "tamamla", "yapıldı")
        all += en(.undone, "undone", "uncheck", "reopen") + tr(.undone, "geri al")
        all += en(.edit, "edit") + tr(.edit, "düzenle")
        all += en(.delete, "delete", "remove", "rm", "del") + tr(.delete, "sil")
        all += en(.move, "move") + tr(.move, "taşı")
        all += en(.assign, "assign") + tr(.assign, "ata")
        all += en(.note, "note") + tr(.note, "not")
        all += en(.notes, "notes") + tr(.notes, "notlar")
        all += en(.due, "due", "deadline") + tr(.due, "tarih", "son tarih")
        all += en(.priority, "priority", "prio") + tr(.priority, "öncelik")
        all += en(.recur, "repeat", "recur") + tr(.recur, "tekrarla", "tekrar")
        all += en(.remind, "remind") + tr(.remind, "hatırlat")
        all += en(.nag, "nag") + tr(.nag, "dürt")
        all += en(.unnag, "unnag", "stop nagging") + tr(.unnag, "dürtme")
        all += en(.snooze, "snooze", "postpone") + tr(.snooze, "ertele")
        all += en(.overdue, "overdue") + tr(.overdue, "gecikenler", "gecikmiş", "gecikmişler")
        all += en(.today, "today") + tr(.today, "bugün")
        all += en(.tomorrow, "tomorrow") + tr(.tomorrow, "yarın")
        all += en(.upcoming, "upcoming") + tr(.upcoming, "yaklaşanlar", "yakında")
        all += en(.agenda, "agenda") + tr(.agenda, "ajanda")
        all += en(.mine, "mine", "my tasks") + tr(.mine, "benimkiler", "bana atananlar")
        all += en(.say, "say") + tr(.say, "söyle", "de", "mesaj")
        all +=
            en(.inbox, "inbox", "unread")
            + tr(.inbox, "bildirimler", "bildirimleri", "gelenler", "okunmamış", "okunmamışlar")
        all += tr(.inboxRead, "okundu")
        all += en(.mute, "mute") + tr(.mute, "sustur", "sessize al")
        all += en(.unmute, "unmute") + tr(.unmute, "sesi aç", "sesini aç")
        all += en(.lang, "lang", "language") + tr(.lang, "dil")
        all += en(.tz, "tz", "timezone") + tr(.tz, "saat dilimi", "saatdilimi")
        all += en(.json, "json")
        all += en(.export, "export") + tr(.export, "dışa aktar", "disa aktar")
        all += en(.clock, "clock")
        all += en(.stats, "stats") + tr(.stats, "istatistik", "istatistikler")
        all += en(.more, "more", "next") + tr(.more, "devamı", "devam", "devam et", "sonraki", "sonraki sayfa")
        all += en(.search, "search", "find") + tr(.search, "ara", "bul")
        all += en(.me, "me", "whoami") + tr(.me, "ben", "ben kimim")
        // Not bare `ad`: one letter from `add`, a typo (`ad milk`) would rename the user and tell the partner.
        all += en(.displayName, "name", "display name") + tr(.displayName, "görünen ad", "görünen adım")
        all += en(.steps, "steps", "subtasks") + tr(.steps, "adımlar", "alt görevler")
        all += en(.addStep, "add step", "add subtask", "add sub-task", "new subtask")
        all += tr(.addStep, "adım ekle", "altgörev ekle")
        all += en(.undo, "undo")  // tr: `geri al` alone (Parser.run), `geri al <ref>` being `undone`
        all += en(.describe, "describe") + tr(.describe, "açıkla", "açıklama")
        all += en(.info, "info", "details") + tr(.info, "detay", "detaylar", "bilgi")
        all += en(.account, "account") + tr(.account, "hesap", "hesabı", "hesabımı")
        all += en(.forgot, "forgot", "forgot password") + tr(.forgot, "şifremi unuttum", "parolamı unuttum")
        all += en(.approveReset, "approve reset") + tr(.approveReset, "sıfırlamayı onayla")
        all += en(.reset, "reset") + tr(.reset, "sıfırla")
        // The day plan: `ertele` is already snooze, so defer is `sonraya bırak` ("leave for later").
        all += en(.plan, "plan") + tr(.plan, "planla", "günü planla")
        all += en(.start, "start", "begin") + tr(.start, "başla", "başlat")
        all += en(.deferTask, "defer") + tr(.deferTask, "sonraya bırak", "sonraya at")
        all += en(.unplan, "unplan") + tr(.unplan, "plandan çıkar", "plandan çık")
        all += en(.backlog, "backlog") + tr(.backlog, "bekleyenler", "birikenler")
        all += en(.resume, "resume") + tr(.resume, "oturumu sürdür")
        return all
    }()

    /// One-word spellings by folding key.
    private static let single: [String: Spelling] = {
        var map: [String: Spelling] = [:]
        for s in spellings where !s.text.contains(" ") {
            map[Fold.key(s.text)] = map[Fold.key(s.text)] ?? s
        }
        return map
    }()

    /// Two-word spellings by the folding keys of both words joined by a space.
    private static let phrases: [String: Spelling] = {
        var map: [String: Spelling] = [:]
        for s in spellings where s.text.contains(" ") {
            map[Fold.key(s.text)] = map[Fold.key(s.text)] ?? s
        }
        return map
    }()

    /// The first words of two-word spellings, so most lines skip building a two-word key.
    private static let phraseStarts: Set<String> = Set(
        phrases.keys.map { String($0.prefix { $0 != " " }) })

    /// Turkish verbs that may end a line (`#3 bitti`, `süt ekle`, `#3'ü yarın 9'da hatırlat`), by folding key.
    /// `geri al` is handled as a pair in `TrailingVerb`.
    static let lineFinal: [String: Verb] = {
        var map: [String: Verb] = [:]
        for text in ["ekle"] { map[Fold.key(text)] = .add }
        // Said as done: `sütü aldım`, `spor yaptım`, `faturayı hallettim`.
        for text in ["bitti", "tamam", "tamamla", "yapıldı", "yaptım", "aldım", "bitirdim", "hallettim", "tamamladım"] {
            map[Fold.key(text)] = .done
        }
        for text in ["sil"] { map[Fold.key(text)] = .delete }
        for text in ["taşı"] { map[Fold.key(text)] = .move }
        for text in ["ata"] { map[Fold.key(text)] = .assign }
        for text in ["göster", "listele"] { map[Fold.key(text)] = .show }
        for text in ["tekrarla"] { map[Fold.key(text)] = .recur }
        for text in ["hatırlat"] { map[Fold.key(text)] = .remind }
        for text in ["dürt"] { map[Fold.key(text)] = .nag }
        for text in ["dürtme"] { map[Fold.key(text)] = .unnag }
        for text in ["ertele"] { map[Fold.key(text)] = .snooze }
        for text in ["adımları"] { map[Fold.key(text)] = .steps }
        for text in ["planla"] { map[Fold.key(text)] = .plan }
        for text in ["başla", "başlat"] { map[Fold.key(text)] = .start }
        return map
    }()

    /// The most bytes a typed spelling of one verb word can take: four per scalar of the longest key
    /// (room for letters typed with combining accents). Longer words are ruled out without folding.
    static let maxWordBytes: Int = 4 * spellings.map { Fold.key($0.text).unicodeScalars.count }.max()!

    /// The verb spelled by the first one or two words of `words`, if any.
    static func leading(_ words: [Word]) -> Match? {
        guard let first = words.first, first.text.utf8.count <= maxWordBytes else { return nil }
        if words.count >= 2 && phraseStarts.contains(first.key),
            let s = phrases[first.key + " " + words[1].key]
        {
            return Match(verb: s.verb, isTurkish: s.isTurkish, wordCount: 2)
        }
        guard let s = single[first.key] else { return nil }
        return Match(verb: s.verb, isTurkish: s.isTurkish, wordCount: 1)
    }
}
