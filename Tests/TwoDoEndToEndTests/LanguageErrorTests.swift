// End to end: lines that are not understood get a stable code and a message, in the reader's language, that
// names what was not understood and shows the nearest valid form.

import Foundation
import Testing

/// One line that fails, typed by alice (English replies) or bob (Turkish replies).
struct FailureCase: Sendable, CustomStringConvertible {
    var by: String
    var line: String
    var code: String
    /// Text the reply must contain: the part not understood and the form to use instead.
    var contains: [String]
    /// The `data` fields the reply must carry.
    var data: [String: String] = [:]

    var description: String { "\(by): \(line)" }
}

@Suite("Command language errors over TCP", .serialized, .timeLimit(.minutes(2)))
struct LanguageErrorTests {
    static let cases: [FailureCase] = [
        // Unknown verbs suggest the nearest command, routine/event/calendar and schedule verbs included.
        FailureCase(
            by: "alice", line: "calender", code: "error.unknown_command",
            contains: ["\"calender\"", "Did you mean \"calendar\"?"], data: ["suggestion": "calendar"]),
        FailureCase(
            by: "bob", line: "takvm", code: "error.unknown_command",
            contains: ["\"takvm\" diye bir komut bilmiyorum", "\"takvim\""], data: ["suggestion": "takvim"]),
        FailureCase(
            by: "bob", line: "etkinlk ekle doktor yarın", code: "error.unknown_command",
            contains: ["\"etkinlik\""], data: ["suggestion": "etkinlik"]),
        FailureCase(
            by: "alice", line: "routnes", code: "error.unknown_command", contains: ["\"routines\""],
            data: ["suggestion": "routines"]),
        FailureCase(
            by: "alice", line: "nagg 1 every 10 minutes", code: "error.unknown_command", contains: ["\"nag\""],
            data: ["suggestion": "nag"]),
        FailureCase(
            by: "bob", line: "ertle 10dk", code: "error.unknown_command", contains: ["\"ertele\""],
            data: ["suggestion": "ertele"]),
        // Suggestions come from the reader's language only: bob reads Turkish, so an English typo gets none,
        // a Turkish one its verb.
        FailureCase(by: "bob", line: "upcomng", code: "error.unknown_command", contains: ["\"upcomng\""]),
        FailureCase(
            by: "bob", line: "yaklasnlar", code: "error.unknown_command", contains: ["\"yaklaşanlar\""],
            data: ["suggestion": "yaklaşanlar"]),
        FailureCase(
            by: "alice", line: "upcomng", code: "error.unknown_command", contains: ["\"upcoming\""],
            data: ["suggestion": "upcoming"]),
        FailureCase(by: "alice", line: "frobnicate", code: "error.unknown_command", contains: ["Type \"help\""]),
        // Impossible dates and times say what was wrong, and show the form.
        FailureCase(
            by: "alice", line: "add cake Feb 30", code: "error.bad_date",
            contains: ["\"Feb 30\"", "there is no such day", "add <title>"],
            data: ["value": "Feb 30", "problem": "noSuchDay"]),
        FailureCase(
            by: "bob", line: "add call at 25:00", code: "error.bad_date",
            contains: ["\"25:00\"", "böyle bir saat yok", "ekle"], data: ["value": "25:00", "problem": "noSuchTime"]),
        FailureCase(
            by: "bob", line: "30 Şubat parti ekle", code: "error.bad_date",
            contains: ["\"30 Şubat\"", "böyle bir gün yok"],
            data: ["problem": "noSuchDay"]),
        FailureCase(
            by: "alice", line: "süt ekle 30 Şubat", code: "error.bad_date", contains: ["\"30 Şubat\"", "no such day"]),
        FailureCase(
            by: "alice", line: "due 1 blursday", code: "error.bad_date",
            contains: ["\"blursday\"", "tomorrow 9am", "due <#number|words>"], data: ["problem": "unrecognized"]),
        FailureCase(
            by: "bob", line: "event add party Feb 30 8pm", code: "error.bad_date", contains: ["böyle bir gün yok"]),
        // A schedule not understood is named, with examples, not the routine commands' whole grammar.
        FailureCase(
            by: "alice", line: "routine add stuff every blursday", code: "error.bad_value",
            contains: ["\"every blursday\" is not a schedule I know", "every weekday"],
            data: ["value": "every blursday"]),
        FailureCase(
            by: "bob", line: "rutin ekle spor her blursgün", code: "error.bad_value",
            contains: ["\"her blursgün\" bildiğim bir tekrar değil", "her hafta içi"]),
        // Usage and bad values show the nearest valid form in the reader's language.
        FailureCase(by: "alice", line: "due 1", code: "error.usage", contains: ["due 2 friday 5pm"]),
        FailureCase(
            by: "bob", line: "due 1", code: "error.usage", contains: ["böyle kullanılmaz", "son tarih #2 cuma 17:00"]),
        FailureCase(
            by: "bob", line: "öncelik 1 süper", code: "error.bad_value",
            contains: ["\"süper\"", "öncelik <#numara|sözcükler> yüksek|orta|düşük|yok"]),
        FailureCase(
            by: "alice", line: "nag 1 every 2 days", code: "error.nag_range",
            contains: ["\"every 2 days\"", "every 10 minutes"]),
        FailureCase(by: "bob", line: "rutin ekle spor", code: "error.usage", contains: ["rutin ekle <ad> <program>"]),
        // The verb is quoted in the reader's language, whatever language the line was typed in.
        FailureCase(by: "bob", line: "due", code: "error.usage", contains: ["\"son tarih\" böyle kullanılmaz"]),
        FailureCase(by: "alice", line: "son tarih", code: "error.usage", contains: ["That is not how \"due\" works"]),
        FailureCase(
            by: "alice", line: "routine add gym", code: "error.usage", contains: ["routine add <name> <schedule>"]),
        FailureCase(
            by: "bob", line: "etkinlik ekle doktor", code: "error.usage", contains: ["etkinlik ekle <başlık> <tarih>"]),
        FailureCase(
            by: "alice", line: "weekstart tuesday", code: "error.bad_value",
            contains: ["\"tuesday\"", "weekstart [monday|sunday]"]),
        FailureCase(by: "bob", line: "takvim blah", code: "error.usage", contains: ["takvim [ay] [yıl]"]),
        // An unknown #list names the lists there are and how to make it, never a silent new list or title.
        FailureCase(
            by: "alice", line: "add fix bike #errands", code: "error.no_such_list",
            contains: ["There is no list \"errands\"", "Bills", "list add errands"], data: ["list": "errands"]),
        FailureCase(
            by: "bob", line: "ekle süt #manav", code: "error.no_such_list",
            contains: ["\"manav\" diye bir liste yok", "Market", "liste ekle manav"], data: ["list": "manav"]),
    ]

    @Test("each failure names what was not understood and the form to use, in the reader's language", arguments: cases)
    func failure(_ row: FailureCase) throws {
        let couple = try LanguageCouple()
        try couple.alice.ok("add milk")
        let reply = try couple.client(row.by).json(row.line)
        #expect(reply.ok == false, "\(row)")
        #expect(reply.code == row.code, "\(row): \(reply)")
        for part in row.contains { #expect(reply.text.contains(part), "\(row): \(reply.text) lacks \(part)") }
        for (key, value) in row.data { #expect(reply.data[key] as? String == value, "\(row): \(reply.data)") }
        #expect(try couple.tasks(as: "alice").count == 1, "\(row): a failed line changed nothing")
    }

    @Test("couple join with a malformed code reaches the server: invite_invalid, and it counts towards the throttle")
    func malformedInvite() throws {
        let server = try TestServer()
        let alice = try server.user("alice")
        let bob = try server.user("bob")
        try bob.ok("lang tr")
        let english = try alice.json("couple join HELLO")
        #expect(english.code == "error.invite_invalid", "\(english)")
        let turkish = try bob.json("çift katıl MERHABA")
        #expect(turkish.code == "error.invite_invalid", "\(turkish)")
        #expect(!turkish.text.isEmpty && !turkish.text.contains("invite"), "\(turkish.text)")
        var codes: [String] = []
        for _ in 0..<5 { codes.append(try alice.json("join nope").code ?? "") }
        #expect(codes.contains("error.throttled"), "\(codes)")
    }

    @Test("any language is understood whatever the reply language; the reply follows the reader's")
    func anyLanguage() throws {
        let couple = try LanguageCouple()
        // alice replies in English and types Turkish; bob replies in Turkish and types English.
        let a = try couple.alice.ok("yarın 18:00 annemi ara ekle")
        #expect(a.text.hasPrefix("Added \"annemi ara\""), "\(a.text)")
        let b = try couple.bob.ok("add call mom tomorrow at 6pm")
        #expect(b.text.contains("eklendi"), "\(b.text)")
        let done = try couple.bob.ok("annemi ara bitti")
        #expect(done.code == "task.completed")
        #expect(try couple.alice.ok("done call mom").code == "task.completed")
    }
}
