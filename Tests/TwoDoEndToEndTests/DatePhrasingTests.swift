// End to end: dates phrased as people type them, by a Turkish partner in Istanbul and an English one in New York.

import Foundation
import Testing

/// One line of the date families, typed by one partner, and what both partners must see.
struct PhrasedCase: Sendable, CustomStringConvertible {
    /// `ayse` (Turkish, Europe/Istanbul) or `john` (English, America/New_York).
    var by: String
    var line: String
    var title: String
    /// The due instant as the typer's reply writes it (the typer's zone; a rule's first day), or nil.
    var due: String?
    var rule: RuleSummary?
    /// Words the typer's reply must contain (the due as the typer reads it).
    var reply: String
    /// Words the partner's live event must contain (the due as the partner reads it, in their language).
    var event: String

    var description: String { "\(by): \(line)" }
}

private func tr(
    _ line: String, _ title: String, due: String? = nil, rule: RuleSummary? = nil, reply: String, event: String
) -> PhrasedCase {
    PhrasedCase(by: "ayse", line: line, title: title, due: due, rule: rule, reply: reply, event: event)
}

private func en(
    _ line: String, _ title: String, due: String? = nil, rule: RuleSummary? = nil, reply: String, event: String
) -> PhrasedCase {
    PhrasedCase(by: "john", line: line, title: title, due: due, rule: rule, reply: reply, event: event)
}

/// ayse (Turkish, Istanbul) and john (English, New York), paired; the test clock is Sunday 2026-11-22 09:00 UTC.
private struct PhrasingCouple {
    let server: TestServer
    let ayse: LineClient
    let john: LineClient

    init() throws {
        server = try TestServer()
        (ayse, john) = try server.couple("ayse", "john")
        try ayse.ok(["lang tr", "tz Europe/Istanbul"])
        try john.ok(["tz America/New_York"])
        _ = try ayse.drainEvents()
        _ = try john.drainEvents()
    }

    func client(_ name: String) -> LineClient { name == "ayse" ? ayse : john }
}

@Suite("Date phrasings over TCP", .serialized, .timeLimit(.minutes(3)))
struct DatePhrasingTests {
    static let cases: [PhrasedCase] = [
        // 1. A weekday first, the verb last; its English mirror.
        tr(
            "cumartesi çimleri biç ekle", "çimleri biç", due: "2026-11-28T23:59:59+03:00",
            reply: "\"çimleri biç\" Inbox listesine eklendi — son tarih Cmt 28 Kas", event: "Sat 28 Nov"),
        tr(
            "carsamba annemi ara ekle", "annemi ara", due: "2026-11-25T23:59:59+03:00", reply: "Çar 25 Kas",
            event: "Wed 25 Nov"),
        tr("cuma namazına git ekle", "cuma namazına git", reply: "\"cuma namazına git\"", event: "cuma namazına git"),
        en(
            "add Friday: dentist", "dentist", due: "2026-11-27T23:59:59-05:00",
            reply: "Added \"dentist\" to Inbox — due Fri 27 Nov", event: "Cum 27 Kas"),
        en(
            "add dentist on Friday 9am", "dentist", due: "2026-11-27T09:00:00-05:00", reply: "Fri 27 Nov 09:00",
            event: "Cum 27 Kas 17:00"),
        // 2. Case endings on days and dates.
        tr(
            "sunumu saliya ekle", "sunumu", due: "2026-11-24T23:59:59+03:00", reply: "Sal 24 Kas",
            event: "Tue 24 Nov"),
        tr(
            "raporu ayin 5ine ekle", "raporu", due: "2026-12-05T23:59:59+03:00", reply: "Cmt 5 Ara",
            event: "Sat 5 Dec"),
        tr(
            "proje Ocak sonuna kadar ekle", "proje", due: "2027-01-31T23:59:59+03:00", reply: "31 Oca",
            event: "31 Jan"),
        tr(
            "rapor persembeye kadar ekle", "rapor", due: "2026-11-26T23:59:59+03:00", reply: "Per 26 Kas",
            event: "Thu 26 Nov"),
        // 3. Upper case, dotless typing and a one-letter slip.
        tr(
            "ÇARŞAMBA TOPLANTI NOTLARI EKLE", "TOPLANTI NOTLARI", due: "2026-11-25T23:59:59+03:00",
            reply: "\"TOPLANTI NOTLARI\"", event: "Wed 25 Nov"),
        tr(
            "yarin aksam sinema ekle", "sinema", due: "2026-11-23T19:00:00+03:00", reply: "Pzt 23 Kas 19:00",
            event: "Mon 23 Nov 11:00"),
        tr(
            "toplantı perşmbe ekle", "toplantı", due: "2026-11-26T23:59:59+03:00", reply: "Per 26 Kas",
            event: "Thu 26 Nov"),
        en(
            "add meeting decmber 5", "meeting", due: "2026-12-05T23:59:59-05:00", reply: "Sat 5 Dec",
            event: "Cmt 5 Ara"),
        // 4. `… kadar` / `until` ending a repeat.
        tr(
            "her cuma çöpü çıkar 30 Haziran'a kadar ekle", "çöpü çıkar", due: "2026-11-27T23:59:59+03:00",
            rule: RuleSummary("weekly", on: [5], until: "2027-06-30"), reply: "\"çöpü çıkar\"",
            event: "\"çöpü çıkar\""),
        en(
            "add every friday take out trash until June 30", "take out trash", due: "2026-11-27T23:59:59-05:00",
            rule: RuleSummary("weekly", on: [5], until: "2027-06-30"), reply: "\"take out trash\"",
            event: "\"take out trash\""),
    ]

    @Test("each line adds the task; the typer's reply and the partner's live event show it", arguments: cases)
    func phrase(_ row: PhrasedCase) throws {
        let couple = try PhrasingCouple()
        let typer = couple.client(row.by)
        let partner = couple.client(row.by == "ayse" ? "john" : "ayse")
        let reply = try typer.json(row.line)
        #expect(reply.code == "task.added", "\(row): \(reply)")
        #expect(reply.text.contains(row.reply), "\(row): \(reply.text)")
        #expect(reply.data["title"] as? String == row.title, "\(row): \(reply)")
        #expect(reply.data["due"] as? String == row.due, "\(row): \(reply)")
        #expect(RuleSummary(reply.data["recurrence"]) == row.rule, "\(row): \(reply)")
        let events = try partner.drainEvents()
        let added = try #require(events.first { $0.event == "task.added" }, "\(row): \(events)")
        #expect(added.text.contains(row.event), "\(row): \(added.text)")
        #expect(added.data["title"] as? String == row.title, "\(row): \(added)")
        #expect(LanguageTime.instant(added.data["due"] as? String) == LanguageTime.instant(row.due), "\(row)")
        #expect(RuleSummary(added.data["recurrence"]) == row.rule, "\(row): \(added)")
    }

    @Test("an until before the rule's first day, and 31 Şubat, are refused in the typer's language")
    func refusals() throws {
        let couple = try PhrasingCouple()
        let past = try couple.ayse.json("her cuma çöpü çıkar yarına kadar ekle")
        #expect(past.ok == false)
        #expect(past.code == "error.bad_date", "\(past)")
        #expect(past.text.hasPrefix("\"yarına\" kullanılamadı"), "\(past.text)")
        let noDay = try couple.ayse.json("rapor 31 Şubat'a kadar ekle")
        #expect(noDay.code == "error.bad_date", "\(noDay)")
        #expect(noDay.text.contains("31 Şubat'a"), "\(noDay.text)")
        let english = try couple.john.json("add every friday take out trash until tomorrow")
        #expect(english.code == "error.bad_date", "\(english)")
        #expect(english.text.hasPrefix("I could not use \"tomorrow\": that is in the past."), "\(english.text)")
        // Nothing was added, so the partners heard nothing.
        #expect(try couple.ayse.drainEvents().isEmpty)
        #expect(try couple.john.drainEvents().isEmpty)
    }

    @Test("a compound after a weekday stays title; `Friday: dentist` alone is an add, `dentist on Friday` an offer")
    func titlesAndOffers() throws {
        let couple = try PhrasingCouple()
        let prayer = try couple.ayse.ok("cuma namazı ekle")
        #expect(prayer.data["title"] as? String == "cuma namazı")
        #expect(prayer.data["due"] is NSNull, "\(prayer)")
        let added = try couple.john.json("Friday: dentist")
        #expect(added.code == "task.added", "\(added)")
        #expect(added.data["due"] as? String == "2026-11-27T23:59:59-05:00", "\(added)")
        let event = try #require(try couple.ayse.drainEvents().first { $0.event == "task.added" })
        #expect(event.text.contains("Cum 27 Kas"), "\(event.text)")
        let offer = try couple.john.json("dentist on Friday")
        #expect(offer.code == "suggest.add", "\(offer)")
        let yes = try couple.john.ok("yes")
        #expect(yes.data["title"] as? String == "dentist", "\(yes)")
        #expect(yes.data["due"] as? String == "2026-11-27T23:59:59-05:00", "\(yes)")
    }
}
