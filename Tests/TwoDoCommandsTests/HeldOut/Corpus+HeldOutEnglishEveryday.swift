// Held-out English rows of everyday lines: features the protocol already documents, typed the short way.

import TwoDoCommands
import TwoDoCore

extension Corpus {
    /// Everyday English lines: adds with dates, times, lists, people, repeats and reminders; references.
    static let heldOutEnglishEveryday: [Row] = [
        // Adds with dates and times (reference: Sunday 22 Nov 09:00 UTC).
        ok("add buy stamps", task("buy stamps")),
        ok("add dentist appointment thursday 3pm", task("dentist appointment", due: due("2026-11-26", "15:00"))),
        ok("add pick up kids at 3:30pm", task("pick up kids", due: due("2026-11-22", "15:30"))),
        ok("add team lunch next friday at noon", task("team lunch", due: due("2026-11-27", "12:00"))),
        ok("new renew car insurance dec 15", task("renew car insurance", due: due("2026-12-15"))),
        ok("add call grandma sunday 10am", task("call grandma", due: due("2026-11-22", "10:00"))),
        ok("add gym sunday 8am", task("gym", due: due("2026-11-29", "08:00"))),
        ok("add haircut in 2 weeks", task("haircut", due: due("2026-12-06"))),
        ok("add submit expenses end of month", task("submit expenses", due: due("2026-11-30"))),
        ok("add return library books in 3 days", task("return library books", due: due("2026-11-25"))),
        ok("add call the vet in 2 hours", task("call the vet", due: due("2026-11-22", "11:00"))),
        ok("add check the oven in 45 minutes", task("check the oven", due: due("2026-11-22", "09:45"))),
        ok(
            "add call mom tomorrow 7pm", task("call mom", due: due("2026-11-23", "19:00", tz: "America/New_York")),
            tz: "America/New_York"),
        ok(
            "add laundry tonight", task("laundry", due: due("2026-11-25", "20:00", tz: "Europe/Berlin")),
            tz: "Europe/Berlin", now: Corpus.wednesday),
        ok(
            "add book club thursday 7pm",
            task("book club", due: due("2026-11-26", "19:00", tz: "America/New_York")), tz: "America/New_York",
            now: Corpus.wednesday),
        ok("add buy a gift next friday", task("buy a gift", due: due("2026-12-04")), now: Corpus.wednesday),
        ok(
            "add dentist friday 9am", task("dentist", due: due("2026-11-27", "09:00", tz: "Europe/Istanbul")),
            tz: "Europe/Istanbul", now: Corpus.istanbulNight),
        ok(
            "add pay the nanny tomorrow", task("pay the nanny", due: due("2026-11-24", tz: "Europe/Istanbul")),
            tz: "Europe/Istanbul", now: Corpus.istanbulNight),
        ok(
            "add pay the nanny tmrw", task("pay the nanny", due: due("2026-11-23")), now: Corpus.istanbulNight),

        // Lists and people.
        ok("add eggs to groceries", task("eggs", list: "Groceries")),
        ok("add batteries #groceries", task("batteries", list: "Groceries")),
        ok("add fix the gate for bob", task("fix the gate", assignee: .member("bob"))),
        ok("add book flights @alice", task("book flights", assignee: .member("alice"))),
        ok("add renew gym membership for me", task("renew gym membership", assignee: .me)),
        ok("add phone bill to bills friday", task("phone bill", list: "Bills", due: due("2026-11-27"))),

        // Repeats.
        ok("add pay rent every month on the 1st", task("pay rent", rule: Recurrence(.monthly, monthDay: 1))),
        ok("add water the plants every 3 days", task("water the plants", rule: Recurrence(.daily, interval: 3))),
        ok(
            "add gym every weekday at 7am",
            task("gym", due: due("2026-11-23", "07:00"), rule: Recurrence(.weekly, weekdays: [1, 2, 3, 4, 5]))),
        ok(
            "add take out recycling every other week",
            task("take out recycling", rule: Recurrence(.weekly, interval: 2))),
        ok("add call parents every sunday", task("call parents", rule: Recurrence(.weekly, weekdays: [7]))),
        ok("add pay credit card every 15th", task("pay credit card", rule: Recurrence(.monthly, monthDay: 15))),
        ok("add renew domain every year", task("renew domain", rule: Recurrence(.yearly))),

        // Reminders and nags inside add.
        ok(
            "add vet thursday 4pm remind me an hour before",
            task(
                "vet", due: due("2026-11-26", "16:00"), reminders: [.before(minutes: 60)], remindFor: .me)),
        ok(
            "add pay water bill friday remind me the day before",
            task(
                "pay water bill", due: due("2026-11-27"), reminders: [.before(minutes: 1440)], remindFor: .me)),
        ok(
            "add vet appointment saturday 11am reminder 20m before",
            task("vet appointment", due: due("2026-11-28", "11:00"), reminders: [.before(minutes: 20)])),
        ok(
            "add take pills 9pm nag every 10 minutes",
            task("take pills", due: due("2026-11-22", "21:00"), nag: 10)),
        ok(
            "add pay rent friday remind me thursday",
            task(
                "pay rent", due: due("2026-11-27"), reminders: [.at(due("2026-11-26", "09:00"))], remindFor: .me)),

        // References: done, delete, edit, move, assign, and the scheduling commands.
        ok("done 4", .done(.number(4))),
        ok("finish 7", .done(.number(7))),
        ok("complete #2", .done(.number(2))),
        ok("done laundry", .done(.words("laundry"))),
        ok("delete 3", .delete(.number(3))),
        ok("rm 8", .delete(.number(8))),
        ok("remove old shopping", .delete(.words("old shopping"))),
        ok("edit 2 to buy oat milk", .edit(.number(2), title: "buy oat milk")),
        ok("reopen 6", .undone(.number(6))),
        ok("move 4 to Bills", .move(.number(4), list: "Bills")),
        ok("assign 2 to alice", .assign(.number(2), to: .member("alice"))),
        ok("assign 5 to me", .assign(.number(5), to: .me)),
        ok("assign 9 to nobody", .assign(.number(9), to: .nobody)),
        ok("due 4 tomorrow 5pm", .due(.number(4), due("2026-11-23", "17:00"))),
        ok("due 2 none", .due(.number(2), nil)),
        ok("deadline 6 friday", .due(.number(6), due("2026-11-27"))),
        ok("priority 3 low", .priority(.number(3), .low)),
        ok("prio 1 p1", .priority(.number(1), .high)),
        ok("repeat 5 every weekday", .repeating(.number(5), Recurrence(.weekly, weekdays: [1, 2, 3, 4, 5]))),
        ok("repeat 2 none", .repeating(.number(2), nil)),
        ok("remind 4 at 6pm", .remind(.number(4), .at(due("2026-11-22", "18:00")))),
        ok("remind 2 15 minutes before", .remind(.number(2), .before(minutes: 15))),
        ok("remind 7 in 10 minutes", .remind(.number(7), .at(due("2026-11-22", "09:10")))),
        ok("nag 2 every 15 minutes", .nag(.number(2), minutes: 15)),
        ok("unnag 4", .unnag(.number(4))),
        ok("snooze 30m", .snooze(.context, .duration(seconds: 1800))),
        ok("snooze 4 for 3 hours", .snooze(.number(4), .duration(seconds: 10800))),
        ok("snooze 2 until tomorrow 9am", .snooze(.number(2), .until(due("2026-11-23", "09:00")))),
        ok("postpone 5 to monday 10am", .snooze(.number(5), .until(due("2026-11-23", "10:00")))),

        // Listings and search.
        ok("search dentist", .search("dentist")),
        ok("find tax forms", .search("tax forms")),
        ok("show Bills", .show(list: "Bills")),
        ok("show Alışveriş Listesi", .show(list: "Alışveriş Listesi")),
        ok("add recycle old batteries saturday", task("recycle old batteries", due: due("2026-11-28"))),
        ok("bob's tasks", .view(.assigned("bob"))),
    ]
}
