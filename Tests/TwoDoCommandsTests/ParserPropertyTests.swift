// Property tests: the parser returns (never crashes, never hangs) for arbitrary and adversarial input.

import Testing
import TwoDoCommands

/// Property tests of `Parser.parse` over random and adversarial input.
@Suite("Parser properties")
struct ParserPropertyTests {
    /// The corpus names with the test clock on, so `clock` lines are exercised too, on a Berlin DST day.
    static let context = ParseContext(
        listNames: Corpus.listNames, memberNames: Corpus.memberNames, testClock: true, now: Corpus.berlinAutumn,
        timeZone: "Europe/Berlin")

    /// Words the token soup is drawn from: verbs, subcommands, names with endings, refs, separators, quotes.
    static let vocabulary: [String] = [
        "help", "?", "yardım", "register", "kaydol", "login", "giriş", "gir", "logout", "çıkış", "oturumu",
        "kapat", "passwd", "şifre", "quit", "çık", "güle", "hoşça", "kal", "ping", "couple", "çift", "çifte",
        "çiftten", "create", "oluştur", "kur", "join", "katıl", "rename", "adlandır", "yeniden", "leave",
        "ayrıl", "invite", "davet", "who", "kim", "lists", "listeler", "list", "liste", "add", "ekle", "new",
        "yeni", "delete", "sil", "confirm", "onayla", "show", "ls", "göster", "listele", "done", "bitti",
        "tamam", "tamamla", "undone", "geri", "al", "edit", "düzenle", "move", "taşı", "assign", "ata",
        "note", "not", "notes", "notlar", "say", "söyle", "de", "inbox", "read", "okundu", "lang", "dil",
        "en", "tr", "türkçe", "tz", "saat", "dilimi", "json", "on", "off", "aç", "export", "dışa", "aktar",
        "clock", "advance", "set", "90s", "1h30m", "dk", "gün", "2026-03-29T01:30:00Z", "stats", "to", "in",
        "->", "=>", ">", "→", ":", "#3", "3", "#0", "#-1", "id:42", "id:", "#", "süt", "süt'ü", "milk",
        "markete", "Market'e", "market’e", "marketi", "groceries", "#groceries", "alışveriş", "listesine",
        "listesi'ne", "listesi", "bills'e", "bob", "bob'a", "alice'e", "bana", "me", "nobody", "kimseye",
        "hiç", "kimse", "\"", "“", "”", "\"süt", "al\"", "'", "’", "K7QM-2XHD-9PWA-RT4B", "x", "İ", "ı",
        "e\u{301}", "🙂", "",
        // Dates, times, recurrence, priority, assignment, reminders and the scheduling verbs.
        "tomorrow", "yarın", "yarına", "bugün", "tonight", "today", "every", "every!", "her", "daily", "at", "on",
        "by", "due", "5pm", "5:30pm", "17:00", "17.30", "9'da", "saat", "noon", "öğlen", "akşam", "akşamı", "sabah",
        "gece", "yarısı", "friday", "fri", "cuma", "cumaya", "cumaları", "pazartesi", "mon,wed,fri", "next", "this",
        "bu", "haftaya", "in", "3", "days", "gün", "günü", "günde", "hafta", "haftada", "bir", "sonra", "önce",
        "before", "after", "done", "bitince", "kadar", "until", "Dec", "24", "24.12", "24/12", "2026-12-24", "Feb",
        "30", "Aralık", "Aralık'ta", "ayın", "1'i", "15th", "3rd", "last", "son", "other", "weekday", "weekend",
        "sonu", "end", "of", "month", "the", "25:00", "13pm", "!high", "!!!", "!", "p1", "urgent", "acil", "@bob",
        "@me", "for", "için", "remind", "hatırlat", "nag", "dürt", "dürtme", "unnag", "snooze", "ertele", "10m",
        "10dk", "dakikada", "priority", "öncelik", "yüksek", "repeat", "tekrarla", "tarih", "none", "yok", "overdue",
        "gecikenler", "agenda", "mine", "bob's", "bob'unkiler", "clear", "temizle", "all", "hepsi", "a", "an", "half",
        "yarım", "o'clock", "pm", "am",
    ]

    @Test("Random bytes decoded leniently never crash the parser")
    func randomBytes() {
        var rng = SplitMix64(seed: 0x5EED_0001)
        var bytes: [UInt8] = []
        for index in 0..<10_000 {
            bytes.removeAll(keepingCapacity: true)
            for _ in 0..<rng.below(96) {
                // Mostly ASCII with spaces, so lines have several words; the rest arbitrary bytes.
                let r = rng.next()
                bytes.append(
                    r & 3 == 0 ? 0x20 : r & 3 == 1 ? UInt8(0x21 + (r >> 8) % 94) : UInt8(truncatingIfNeeded: r >> 8))
            }
            check(Self.decodeLeniently(bytes), index: index)
        }
    }

    /// Decodes UTF-8, replacing each invalid sequence with U+FFFD.
    ///
    /// Like `String(decoding:as:)`, but that repairs through an internal throw, and Swift Testing
    /// captures a backtrace for every throw, which would make this test slow.
    static func decodeLeniently(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        var iterator = bytes.makeIterator()
        var codec = UTF8()
        decoding: while true {
            switch codec.decode(&iterator) {
            case .scalarValue(let scalar): scalars.append(scalar)
            case .error: scalars.append("\u{FFFD}")
            case .emptyInput: break decoding
            }
        }
        return String(scalars)
    }

    @Test("Random Unicode strings never crash the parser")
    func randomUnicode() {
        var rng = SplitMix64(seed: 0x5EED_0002)
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0x20...0x20, 0xA0...0x17F, 0x300...0x36F, 0x2018...0x201E, 0x2190...0x21FF,
            0x4E00...0x4FFF, 0x1F600...0x1F64F, 0x130...0x131, 0x15E...0x15F,
        ]
        for index in 0..<10_000 {
            let length = rng.below(48)
            var scalars = String.UnicodeScalarView()
            for _ in 0..<length {
                let range = ranges[rng.below(ranges.count)]
                let value = range.lowerBound + UInt32(rng.below(range.count))
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
            check(String(scalars), index: index)
        }
    }

    @Test("Token soups from the vocabulary never crash the parser")
    func tokenSoup() {
        var rng = SplitMix64(seed: 0x5EED_0003)
        for index in 0..<10_000 {
            let count = 1 + rng.below(8)
            var line = ""
            for _ in 0..<count {
                line += String(repeating: " ", count: rng.below(3))
                line += Self.vocabulary[rng.below(Self.vocabulary.count)]
            }
            check(line, index: index)
        }
    }

    @Test(
        "Long adversarial lines parse quickly",
        arguments: [
            String(repeating: "to ", count: 1365), "add " + String(repeating: "to ", count: 1364),
            "add " + String(repeating: "markete ", count: 511), String(repeating: "\"", count: 4096),
            "note " + String(repeating: "a:", count: 2045), String(repeating: "x", count: 4096),
            String(repeating: "süt ", count: 800) + "ekle", "taşı " + String(repeating: "to -> ", count: 680),
            "clock advance " + String(repeating: "1h", count: 2000), String(repeating: "ı", count: 2048),
            "add " + String(repeating: "tomorrow ", count: 455), "due " + String(repeating: "monday ", count: 580),
            "repeat x every " + String(repeating: "monday ", count: 580),
            "add x " + String(repeating: "every ", count: 680),
            "snooze " + String(repeating: "1 ", count: 2040),
            "add x" + String(repeating: " remind me 5 minutes before", count: 140),
            String(repeating: "her ", count: 1000) + "ekle", "remind " + String(repeating: "3 ", count: 2040),
            "add " + String(repeating: "\"a\" 5pm ", count: 400),
        ])
    func adversarial(_ line: String) {
        let clock = ContinuousClock()
        let elapsed = clock.measure { check(line) }
        #expect(elapsed < .milliseconds(200))
    }

    /// Parses `line` and checks invariants that hold for every result; every eighth line is parsed twice
    /// to check the parser is deterministic. Plain `if`s keep 30,000 checks cheap in debug builds.
    private func check(_ line: String, index: Int = 0) {
        let result = Parser.parse(line, context: Self.context)
        if index % 8 == 0 && result != Parser.parse(line, context: Self.context) {
            Issue.record("not deterministic: \(line.debugDescription)")
        }
        switch result {
        case .success(.add(let title, _, _)):
            if title.isEmpty || title.utf8.first == 0x20 || title.utf8.last == 0x20 {
                Issue.record("untrimmed or empty title \(title.debugDescription) from \(line.debugDescription)")
            }
        case .success(.done(.number(let n))), .success(.delete(.number(let n))):
            if n < 1 { Issue.record("number \(n) < 1 from \(line.debugDescription)") }
        case .failure(.unknownCommand(let word, _)):
            // The word is the first run of non-space scalars (a combining mark after a space starts a word).
            let rest = line.utf8.drop { $0 == 0x20 }
            if word.isEmpty || word.utf8.contains(0x20) || !rest.starts(with: word.utf8)
                || (rest.count > word.utf8.count && rest.dropFirst(word.utf8.count).first != 0x20)
            {
                Issue.record("unknown word \(word.debugDescription) from \(line.debugDescription)")
            }
        case .failure(.usage(let verb)), .failure(.badValue(let verb, _)), .failure(.badDate(let verb, _, _)):
            if verb.isEmpty { Issue.record("empty verb from \(line.debugDescription)") }
        default:
            break
        }
    }
}
