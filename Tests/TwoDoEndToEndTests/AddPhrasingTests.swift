// End to end: ways people phrase an add (level words, dashes and commas before a slot, a view verb that is also a
// date) typed by a Turkish partner in Istanbul and an English one in New York.

import Foundation
import Testing

private func turkish(
    _ line: String, _ title: String, due: String? = nil, rule: RuleSummary? = nil, reply: String, event: String
) -> PhrasedCase {
    PhrasedCase(by: "ayse", line: line, title: title, due: due, rule: rule, reply: reply, event: event)
}

private func english(
    _ line: String, _ title: String, due: String? = nil, rule: RuleSummary? = nil, reply: String, event: String
) -> PhrasedCase {
    PhrasedCase(by: "john", line: line, title: title, due: due, rule: rule, reply: reply, event: event)
}

/// ayse (Turkish, Istanbul) and john (English, New York), paired, with the lists Market and Groceries; the test
/// clock is Sunday 2026-11-22 09:00 UTC.
private struct AddPhrasingCouple {
    let server: TestServer
    let ayse: LineClient
    let john: LineClient

    init() throws {
        server = try TestServer()
        (ayse, john) = try server.couple("ayse", "john")
        try ayse.ok(["lang tr", "tz Europe/Istanbul", "liste ekle Market"])
        try john.ok(["tz America/New_York", "list add Groceries"])
        _ = try ayse.drainEvents()
        _ = try john.drainEvents()
    }

    func client(_ name: String) -> LineClient { name == "ayse" ? ayse : john }
}

@Suite("Adding by every phrasing over TCP", .serialized, .timeLimit(.minutes(3)))
struct AddPhrasingTests {
    static let cases: [PhrasedCase] = [
        // A known list however it was typed.
        turkish("MARKETE ÇAY EKLE", "ÇAY", reply: "\"ÇAY\" Market listesine eklendi", event: "Market"),
        english("add milk to GROCERIES", "milk", reply: "Added \"milk\" to Groceries", event: "Groceries"),
        // A weekday that forms a compound stays title after a rule.
        turkish(
            "her hafta sonu pazar kahvaltısı ekle", "pazar kahvaltısı", due: "2026-11-22T23:59:59+03:00",
            rule: RuleSummary("weekly", on: [6, 7]), reply: "\"pazar kahvaltısı\"", event: "\"pazar kahvaltısı\""),
        // `en geç <tarih>`.
        turkish(
            "en geç cuma raporu gönder ekle", "raporu gönder", due: "2026-11-27T23:59:59+03:00", reply: "Cum 27 Kas",
            event: "Fri 27 Nov"),
        // A weekday of next week or of this week.
        turkish(
            "gelecek hafta sali kuafor ekle", "kuafor", due: "2026-11-24T23:59:59+03:00", reply: "Sal 24 Kas",
            event: "Tue 24 Nov"),
        turkish(
            "bu hafta cuma 18:00 sinema ekle", "sinema", due: "2026-11-27T18:00:00+03:00", reply: "Cum 27 Kas 18:00",
            event: "Fri 27 Nov 10:00"),
        english(
            "add report next week friday", "report", due: "2026-11-27T23:59:59-05:00", reply: "Fri 27 Nov",
            event: "Cum 27 Kas"),
        // Chat spellings of tomorrow; an ordinal day after `due`.
        english(
            "add call mom 2moro 6pm", "call mom", due: "2026-11-23T18:00:00-05:00", reply: "Mon 23 Nov 18:00",
            event: "Sal 24 Kas 02:00"),
        english(
            "add pay rent due 1st", "pay rent", due: "2026-12-01T23:59:59-05:00", reply: "Tue 1 Dec",
            event: "Sal 1 Ara"),
        // A time with its ending and no apostrophe; a dash after a leading date; `the end of the month`.
        turkish(
            "yarın 17.30da annemi ara ekle", "annemi ara", due: "2026-11-23T17:30:00+03:00", reply: "Pzt 23 Kas 17:30",
            event: "Mon 23 Nov 09:30"),
        turkish(
            "cuma - dişçi", "dişçi", due: "2026-11-27T23:59:59+03:00", reply: "Cum 27 Kas", event: "Fri 27 Nov"),
        english(
            "tuesday - call the bank", "call the bank", due: "2026-11-24T23:59:59-05:00", reply: "Tue 24 Nov",
            event: "Sal 24 Kas"),
        english(
            "add taxes by the end of the month", "taxes", due: "2026-11-30T23:59:59-05:00", reply: "Mon 30 Nov",
            event: "Pzt 30 Kas"),
    ]

    @Test("each line adds the task; the typer's reply and the partner's live event show it", arguments: cases)
    func phrase(_ row: PhrasedCase) throws {
        let couple = try AddPhrasingCouple()
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

    @Test("the level after the word, `urgent!`, and a dash or comma before a slot reach the partner as typed")
    func prioritiesAndSeparators() throws {
        let couple = try AddPhrasingCouple()
        let lines: [(String, String, String, String)] = [
            ("ayse", "faturayı öde ekle öncelik yüksek", "faturayı öde", "high"),
            ("ayse", "acil! kombiyi tamir ettir ekle", "kombiyi tamir ettir", "high"),
            ("ayse", "faturayı öde - acil ekle", "faturayı öde", "high"),
            ("john", "add buy milk priority: low", "buy milk", "low"),
            ("john", "add call mom asap!!", "call mom", "high"),
            ("john", "add renew visa - urgent", "renew visa", "high"),
        ]
        for (by, line, title, priority) in lines {
            let reply = try couple.client(by).json(line)
            #expect(reply.code == "task.added", "\(line): \(reply)")
            #expect(reply.data["title"] as? String == title, "\(line): \(reply)")
            #expect(reply.data["priority"] as? String == priority, "\(line): \(reply)")
            let events = try couple.client(by == "ayse" ? "john" : "ayse").drainEvents()
            let added = try #require(events.first { $0.event == "task.added" }, "\(line): \(events)")
            #expect(added.data["title"] as? String == title, "\(line): \(added)")
            #expect(added.data["priority"] as? String == priority, "\(line): \(added)")
        }
        let comma = try couple.john.json("add call the landlord, tomorrow")
        #expect(comma.data["title"] as? String == "call the landlord", "\(comma)")
        #expect(comma.data["due"] as? String == "2026-11-23T23:59:59-05:00", "\(comma)")
    }

    @Test("two dates after a view verb that is also a date are named in the typer's language; nothing is added")
    func twoDates() throws {
        let couple = try AddPhrasingCouple()
        let turkish = try couple.ayse.json("yarin kirayi ode cuma ekle")
        #expect(turkish.ok == false)
        #expect(turkish.code == "error.two_values", "\(turkish)")
        #expect(turkish.text.contains("\"yarin\" ve \"cuma\""), "\(turkish.text)")
        let english = try couple.john.json("add call mom tomorow friday")
        #expect(english.code == "error.two_values", "\(english)")
        #expect(english.text.contains("\"tomorow\" and \"friday\""), "\(english.text)")
        #expect(try couple.ayse.drainEvents().isEmpty)
        #expect(try couple.john.drainEvents().isEmpty)
    }
}
