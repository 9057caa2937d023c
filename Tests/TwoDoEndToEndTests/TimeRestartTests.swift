// End to end: a reminder scheduled before a stop (SIGTERM or kill -9) and due while the server was down is delivered
// once at the next start, marked late, and never again.

import Foundation
import Testing

@Suite("Reminders across restarts", .serialized, .timeLimit(.minutes(2)))
struct TimeRestartTests {
    /// How the server goes down between scheduling and firing.
    enum Stop: String, CaseIterable, CustomTestStringConvertible {
        case sigterm, sigkill
        var testDescription: String { rawValue }

        func apply(to server: TestServer) {
            switch self {
            case .sigterm: server.stop()
            case .sigkill: server.kill()
            }
        }
    }

    @Test(
        "missed while down: delivered once at start, marked late, into each partner's inbox; never after another restart",
        arguments: Stop.allCases)
    func exactlyOnce(stop: Stop) throws {
        let first = try TestServer()
        do {
            let couple = try TimeCouple(server: first)
            try couple.alice.ok("add pay rent today 11am")  // 10:00Z
            try couple.alice.ok("add call mom today 11:30am for bob")  // 10:30Z
            #expect(try couple.alice.pendingReminders(of: "pay rent") == ["2026-11-22T11:00:00+01:00"])
        }
        stop.apply(to: first)

        // Down from 09:00Z to 12:00Z: both reminders were missed.
        let second = try first.startAgain(testClock: "2026-11-22T12:00:00Z")
        let alice = try second.connect()
        _ = try alice.command("json on")
        let login = try alice.json("login alice plover-nyvpr-27")
        #expect(login.data["unread"] as? Int == 1)
        #expect(
            login.text
                == #"Welcome back, alice. 1 thing happened while you were away: type "inbox". 2 overdue, 0 due today."#)
        #expect(
            try alice.inboxTexts() == [
                #"*⏰ Late reminder (the server was down): "pay rent" was due at Sun 22 Nov 11:00 (Inbox)."#
            ])
        let bob = try second.connect()
        let greeting = try bob.command("giriş bob plover-obo-27")
        #expect(
            greeting
                == #"Yeniden hoş geldiniz, bob. Siz yokken 2 şey oldu: "bildirimler" yazın. 2 gecikmiş, bugün 0 görev var."#
        )
        #expect(
            try bob.lines("bildirimler") == [
                "Bildirimleriniz (en yeni önce):",
                "Bugün",
                #"  * 1. 07:00 ⏰ Gecikmiş hatırlatma (sunucu kapalıydı): "call mom" Paz 22 Kas 05:30 içindi (Inbox)."#,
                #"  * 2. 07:00 ⏰ Gecikmiş hatırlatma (sunucu kapalıydı): "pay rent" Paz 22 Kas 05:00 içindi (Inbox)."#,
                #"    3. 04:00 alice, "call mom" görevini bob kişisine verdi."#,
                #"2 okunmamış. "bildirimler okundu" hepsini okundu yapar."#,
            ])
        #expect(try alice.pendingReminders(of: "pay rent").isEmpty)
        #expect(try alice.pendingReminders(of: "call mom").isEmpty)
        stop.apply(to: second)

        // Another restart, later still: nothing fires again.
        let third = try second.startAgain(testClock: "2026-11-22T13:00:00Z")
        let again = try third.login("alice")
        #expect(try again.inboxTexts().count == 1)
        let bobAgain = try third.login("bob")
        #expect(try bobAgain.inboxTexts().count == 3)  // two late reminders and the assignment
        try again.ok("clock advance 1d")
        #expect(try again.drainEvents().filter { $0.event == "reminder.due" }.isEmpty)
        #expect(try bobAgain.drainEvents().filter { $0.event == "reminder.due" }.isEmpty)
    }

    @Test("a nag on an undated task missed while down says it is late too")
    func lateNag() throws {
        let first = try TestServer()
        do {
            let couple = try TimeCouple(server: first)
            try couple.alice.ok(["add dishes", "nag dishes every 30m"])
        }
        first.kill()
        let second = try first.startAgain(testClock: "2026-11-22T12:00:00Z")
        let alice = try second.connect()
        _ = try alice.command("json on")
        _ = try alice.json("login alice plover-nyvpr-27")
        let texts = try alice.inboxTexts()
        #expect(texts.contains(#"*⏰ Late reminder (the server was down): "dishes" (Inbox)."#), "\(texts)")
        #expect(!texts.contains { $0.contains("Still open") }, "\(texts)")
    }

    @Test("a reminder still in the future at restart fires on time afterwards, not late", arguments: Stop.allCases)
    func futureSurvives(stop: Stop) throws {
        let first = try TestServer()
        do {
            let couple = try TimeCouple(server: first)
            try couple.alice.ok(["add pay rent today 6pm", "remind pay rent at 5pm"])
        }
        stop.apply(to: first)
        let second = try first.startAgain(testClock: "2026-11-22T15:00:00Z")
        let alice = try second.login("alice")
        #expect(
            try alice.pendingReminders(of: "pay rent") == ["2026-11-22T17:00:00+01:00", "2026-11-22T18:00:00+01:00"])
        try alice.ok("clock set 2026-11-22T16:00:00Z")
        let events = try alice.drainEvents().filter { $0.event == "reminder.due" }
        #expect(events.count == 1)
        #expect(events.first?.data["late"] as? Bool == false)
        #expect(
            events.first?.text
                == #"⏰ Reminder: "pay rent" is due at Sun 22 Nov 18:00 (Inbox). Answer "done", "snooze" or "snooze 10m"."#
        )
        #expect(try alice.pendingReminders(of: "pay rent") == ["2026-11-22T18:00:00+01:00"])
    }
}
