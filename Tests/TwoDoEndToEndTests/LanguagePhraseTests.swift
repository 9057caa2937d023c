// End to end: natural English and Turkish phrasings over TCP land in the right `export` state for both partners.

import Foundation
import Testing

/// One phrase typed by one partner, and the task it must leave in `export` (times in the typer's zone).
struct PhraseCase: Sendable, CustomStringConvertible {
    /// Who types it: `alice` (English replies, Istanbul) or `bob` (Turkish replies, New York).
    var by: String
    var line: String
    var title: String
    var list = "Inbox"
    /// The due instant as the typer's `export` writes it, or nil for no due date.
    var due: String?
    var priority = "none"
    var assignee: String?
    var rule: RuleSummary?

    var description: String { "\(by): \(line)" }
}

private func a(
    _ line: String, _ title: String, list: String = "Inbox", due: String? = nil, priority: String = "none",
    for assignee: String? = nil, rule: RuleSummary? = nil
) -> PhraseCase {
    PhraseCase(
        by: "alice", line: line, title: title, list: list, due: due, priority: priority, assignee: assignee, rule: rule)
}

private func b(
    _ line: String, _ title: String, list: String = "Inbox", due: String? = nil, priority: String = "none",
    for assignee: String? = nil, rule: RuleSummary? = nil
) -> PhraseCase {
    PhraseCase(
        by: "bob", line: line, title: title, list: list, due: due, priority: priority, assignee: assignee, rule: rule)
}

@Suite("Command language phrases over TCP", .serialized, .timeLimit(.minutes(2)))
struct LanguagePhraseTests {
    /// alice's clock reads Sunday 22 Nov 12:00 (Istanbul, +03:00); bob's 04:00 (New York, −05:00).
    static let english: [PhraseCase] = [
        a(
            "add pay rent to bills every month on the 1st !high", "pay rent", list: "Bills",
            due: "2026-12-01T23:59:59+03:00", priority: "high", rule: RuleSummary("monthly", day: 1)),
        a("remind bob to call mom tomorrow at 6pm", "call mom", due: "2026-11-23T18:00:00+03:00", for: "bob"),
        a("remind me to stretch in 90 minutes", "stretch", due: "2026-11-22T13:30:00+03:00", for: "alice"),
        a(
            "add call the plumber about the sink friday 9am", "call the plumber about the sink",
            due: "2026-11-27T09:00:00+03:00"),
        a("add \"meet at 5pm\" tomorrow", "meet at 5pm", due: "2026-11-23T23:59:59+03:00"),
        a(
            "add water plants every mon, wed and fri", "water plants", due: "2026-11-23T23:59:59+03:00",
            rule: RuleSummary("weekly", on: [1, 3, 5])),
        a(
            "add standup every weekday at 9:30", "standup", due: "2026-11-23T09:30:00+03:00",
            rule: RuleSummary("weekly", on: [1, 2, 3, 4, 5])),
        a(
            "add gym every other friday", "gym", due: "2026-11-27T23:59:59+03:00",
            rule: RuleSummary("weekly", every: 2, on: [5])),
        a("add backup every 15th", "backup", due: "2026-12-15T23:59:59+03:00", rule: RuleSummary("monthly", day: 15)),
        a(
            "add water the fern every! 3 days", "water the fern", due: "2026-11-22T23:59:59+03:00",
            rule: RuleSummary("daily", every: 3, fromCompletion: true)),
        a(
            "add renew passport every year until 2027-12-31", "renew passport", due: "2026-11-22T23:59:59+03:00",
            rule: RuleSummary("yearly", day: 22, until: "2027-12-31")),
        a("add review in 2 weeks", "review", due: "2026-12-06T23:59:59+03:00"),
        a("add call dad in 90 minutes", "call dad", due: "2026-11-22T13:30:00+03:00"),
        a("add dinner tonight", "dinner", due: "2026-11-22T20:00:00+03:00"),
        a("add standup at 9", "standup", due: "2026-11-23T09:00:00+03:00"),
        a("add trip next friday", "trip", due: "2026-11-27T23:59:59+03:00"),
        a("add cake Dec 24", "cake", due: "2026-12-24T23:59:59+03:00"),
        a("add tickets 24.12", "tickets", due: "2026-12-24T23:59:59+03:00"),
        a("add report by end of month urgent", "report", due: "2026-11-30T23:59:59+03:00", priority: "high"),
        a("add fix bike p1 for bob", "fix bike", priority: "high", for: "bob"),
        a("add @bob buy gifts !!", "buy gifts", priority: "medium", for: "bob"),
        a("add pay bills for me !low", "pay bills", priority: "low", for: "alice"),
        a("add bread #market", "bread", list: "Market"),
        a("add eggs in Alışveriş Listesi", "eggs", list: "Alışveriş Listesi"),
        a("add read chapter 5 at 9", "read chapter 5", due: "2026-11-23T09:00:00+03:00"),
        // English typed by the Turkish-speaking partner, in his own zone.
        b("add call the bank tomorrow at 6pm", "call the bank", due: "2026-11-23T18:00:00-05:00"),
        b("add dinner tonight", "dinner", due: "2026-11-22T20:00:00-05:00"),
    ]

    static let turkish: [PhraseCase] = [
        a("yarın 18:00 annemi ara ekle", "annemi ara", due: "2026-11-23T18:00:00+03:00"),
        a("süt ekle markete", "süt", list: "Market"),
        a("markete süt ekle", "süt", list: "Market"),
        a("Market'e ekmek ekle", "ekmek", list: "Market"),
        a("alışveriş listesine yumurta ekle", "yumurta", list: "Alışveriş Listesi"),
        a("ekle peynir markete", "peynir", list: "Market"),
        b("öbür gün fatura öde ekle", "fatura öde", due: "2026-11-24T23:59:59-05:00"),
        b("haftaya cuma sunum ekle", "sunum", due: "2026-11-27T23:59:59-05:00"),
        b("3 gün sonra kira öde ekle", "kira öde", due: "2026-11-25T23:59:59-05:00"),
        b("1 saat sonra fırını kapat ekle", "fırını kapat", due: "2026-11-22T05:00:00-05:00"),
        b("saat 17 toplantı ekle", "toplantı", due: "2026-11-22T17:00:00-05:00"),
        b("yarın sabah koşu ekle", "koşu", due: "2026-11-23T09:00:00-05:00"),
        b("cuma akşamı sinema ekle", "sinema", due: "2026-11-27T19:00:00-05:00"),
        b("24 Aralık hediye al ekle", "hediye al", due: "2026-12-24T23:59:59-05:00"),
        b("ay sonu rapor ekle", "rapor", due: "2026-11-30T23:59:59-05:00"),
        b(
            "her pazartesi ve perşembe spor ekle", "spor", due: "2026-11-23T23:59:59-05:00",
            rule: RuleSummary("weekly", on: [1, 4])),
        b("her ayın 1'i kira ekle", "kira", due: "2026-12-01T23:59:59-05:00", rule: RuleSummary("monthly", day: 1)),
        b("her gün saat 9'da ilaç iç ekle", "ilaç iç", due: "2026-11-22T09:00:00-05:00", rule: RuleSummary("daily")),
        b(
            "2 haftada bir saç kesimi ekle", "saç kesimi", due: "2026-11-22T23:59:59-05:00",
            rule: RuleSummary("weekly", every: 2)),
        b(
            "bitince 3 gün sonra çiçek sula ekle", "çiçek sula", due: "2026-11-22T23:59:59-05:00",
            rule: RuleSummary("daily", every: 3, fromCompletion: true)),
        b("alice için ilaç al ekle", "ilaç al", for: "alice"),
        b("@alice çöp at ekle", "çöp at", for: "alice"),
        b("vergi öde acil ekle", "vergi öde", priority: "high"),
        b("fatura öde !yüksek ekle", "fatura öde", priority: "high"),
        b("ekle \"yarın 5'te ara\" cuma", "yarın 5'te ara", due: "2026-11-27T23:59:59-05:00"),
        // Turkish casing: İ and I fold the Turkish way in verbs and list names; titles stay as typed.
        b("İLAÇ AL EKLE", "İLAÇ AL"),
        b("MARKETE ISPANAK EKLE", "ISPANAK", list: "Market"),
        b("ALIŞVERİŞ LİSTESİNE ırmak suyu ekle", "ırmak suyu", list: "Alışveriş Listesi"),
    ]

    @Test("English phrasings leave the right task in export", arguments: english)
    func englishPhrase(_ row: PhraseCase) throws { try check(row) }

    @Test("Turkish phrasings, verb first or last, leave the right task in export", arguments: turkish)
    func turkishPhrase(_ row: PhraseCase) throws { try check(row) }

    private func check(_ row: PhraseCase) throws {
        let couple = try LanguageCouple()
        let reply = try couple.client(row.by).json(row.line)
        #expect(reply.code == "task.added", "\(row): \(reply)")
        let task = try #require(try couple.task(row.title, as: row.by), "\(row): no task \"\(row.title)\" in export")
        #expect(task["list"] as? String == row.list, "\(row)")
        #expect(task["due"] as? String == row.due, "\(row)")
        #expect(task["all_day"] as? Bool == row.due.map { $0.contains("23:59:59") }, "\(row)")
        #expect(task["priority"] as? String == row.priority, "\(row)")
        #expect(task["assignee"] as? String == row.assignee, "\(row)")
        #expect(RuleSummary(task["recurrence"]) == row.rule, "\(row)")
        // The partner reads the same instant, written in their own zone.
        let partner = row.by == "alice" ? "bob" : "alice"
        let seen = try #require(try couple.task(row.title, as: partner))
        #expect(LanguageTime.instant(seen["due"] as? String) == LanguageTime.instant(row.due), "\(row): \(seen)")
        if let due = row.due {
            let offset = partner == "alice" ? "+03:00" : "-05:00"
            #expect((seen["due"] as? String)?.hasSuffix(offset) == true, "\(row): \(due) as \(partner)")
        }
    }

    @Test("the reply repeats how the line was understood, in the typer's language")
    func understoodReply() throws {
        let couple = try LanguageCouple()
        let en = try couple.alice.ok("add pay rent to bills every month on the 1st !high")
        #expect(en.text == "Added \"pay rent\" to Bills — due Tue 1 Dec, every month on the 1st, high priority.")
        let tr = try couple.bob.ok("yarın 18:00 annemi ara ekle")
        #expect(tr.text == "\"annemi ara\" Inbox listesine eklendi — son tarih Pzt 23 Kas 18:00.", "\(tr.text)")
        let assigned = try couple.bob.ok("remind alice to call mom tomorrow at 6pm")
        #expect(assigned.text.contains("alice için"), "\(assigned.text)")
    }

    @Test("completing a repeating task created from a phrase makes its next occurrence")
    func repeatingPhrase() throws {
        let couple = try LanguageCouple()
        try couple.bob.ok("her ayın 1'i kira öde ekle")
        try couple.bob.ok("kira öde bitti")
        let all = try couple.tasks(as: "bob").filter { $0["title"] as? String == "kira öde" }
        #expect(all.count == 2)
        let open = try #require(all.first { $0["status"] as? String == "open" })
        #expect(open["due"] as? String == "2027-01-01T23:59:59-05:00")
        #expect(RuleSummary(open["recurrence"]) == RuleSummary("monthly", day: 1))
    }
}
