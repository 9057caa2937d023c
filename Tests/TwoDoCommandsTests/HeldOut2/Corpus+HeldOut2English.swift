// The English rows of the second held-out corpus: written from docs/PROTOCOL.md only; see HeldOut2CorpusTests.

import TwoDoCommands
import TwoDoCore

extension Corpus {
    /// English rows of the second held-out corpus: issue 16's families first, then everyday lines.
    static let heldOut2English: [Row] = [
        // Day first with a colon, the English mirror of family 1.
        ok("Tuesday: haircut", task("haircut", due: due("2026-11-24"))),
        ok("thursday: vet appointment", task("vet appointment", due: due("2026-11-26"))),
        ok("add Saturday: pick up the rug", task("pick up the rug", due: due("2026-11-28"))),
        ok("Dec 3: renew the car insurance", task("renew the car insurance", due: due("2026-12-03"))),
        ok("monday 10:00: team call", task("team call", due: due("2026-11-23", "10:00"))),
        ok("tomorrow: call the landlord", task("call the landlord", due: due("2026-11-23"))),
        ok("add return the drill on Thursday", task("return the drill", due: due("2026-11-26"))),
        ok("add sunday crossword", task("sunday crossword")),
        ok(
            "Friday: collect the parcel", task("collect the parcel", due: due("2026-11-27")), tz: "Europe/Istanbul",
            now: Corpus.istanbulNight),
        // One-letter typos in day and month names of 5+ letters.
        ok("add dentist on tuesdy", task("dentist", due: due("2026-11-24"))),
        ok("add call the bank thursdy", task("call the bank", due: due("2026-11-26"))),
        ok("add book club wednesdy", task("book club", due: due("2026-11-25"))),
        ok("add pay the nanny fridday", task("pay the nanny", due: due("2026-11-27"))),
        ok("add clean the gutters satrday", task("clean the gutters", due: due("2026-11-28"))),
        ok("add grandma visit on sundy", task("grandma visit", due: due("2026-11-29"))),
        ok("add visa appointment janury 12", task("visa appointment", due: due("2027-01-12"))),
        ok("add renew lease febuary 3", task("renew lease", due: due("2027-02-03"))),
        ok("add tree delivery decembr 12", task("tree delivery", due: due("2026-12-12"))),
        ok("add boiler check novmber 30", task("boiler check", due: due("2026-11-30"))),
        // `until` / `till` ending a repeat; without a repeat it is the due date.
        ok(
            "add water the plants every day until friday",
            task("water the plants", rule: Recurrence(.daily, until: day("2026-11-27")))),
        ok(
            "add standup every weekday until Dec 18",
            task("standup", rule: Recurrence(.weekly, weekdays: [1, 2, 3, 4, 5], until: day("2026-12-18")))),
        ok(
            "add gym every monday till Jan 31",
            task("gym", rule: Recurrence(.weekly, weekdays: [1], until: day("2027-01-31")))),
        ok(
            "add take out recycling every friday until end of March",
            task("take out recycling", rule: Recurrence(.weekly, weekdays: [5], until: day("2027-03-31")))),
        ok(
            "add piano practice every tuesday and thursday until December 17",
            task("piano practice", rule: Recurrence(.weekly, weekdays: [2, 4], until: day("2026-12-17")))),
        ok(
            "add every sunday call grandma until Jan 10",
            task("call grandma", rule: Recurrence(.weekly, weekdays: [7], until: day("2027-01-10")))),
        ok(
            "add vitamins daily till Dec 31", task("vitamins", rule: Recurrence(.daily, until: day("2026-12-31")))),
        ok(
            "add feed the fish every day until Dec 6",
            task("feed the fish", rule: Recurrence(.daily, until: day("2026-12-06"))), tz: "Europe/Istanbul"),
        ok("add finish the slides until friday", task("finish the slides", due: due("2026-11-27"))),
        ok("add send the quote by tuesday", task("send the quote", due: due("2026-11-24"))),
        // Priority words anywhere.
        ok("add renew car insurance asap", task("renew car insurance", priority: .high)),
        ok("urgent: book the vet", task("book the vet", priority: .high)),
        ok("URGENT pick up the dry cleaning", task("pick up the dry cleaning", priority: .high)),
        ok("important: sign the lease", task("sign the lease", priority: .high)),
        ok("asap return the library books", task("return the library books", priority: .high)),
        ok("add very important call the accountant", task("call the accountant", priority: .high)),
        ok("add book flights IMPORTANT", task("book flights", priority: .high)),
        ok("add fix the fence low priority", task("fix the fence", priority: .low)),
        ok("add repaint the hall medium priority", task("repaint the hall", priority: .medium)),
        ok("Very important: pay the tax bill", task("pay the tax bill", priority: .high)),
        ok("add urgent: replace the smoke alarm battery", task("replace the smoke alarm battery", priority: .high)),
        ok("add ASAP send the invoice friday", task("send the invoice", due: due("2026-11-27"), priority: .high)),
        ok("add urgent call the plumber asap", task("call the plumber", priority: .high)),
        ok("ASAP: cancel the gym membership", task("cancel the gym membership", priority: .high)),
        ok("add high priority renew the domain", task("renew the domain", priority: .high)),
        // Two values for one slot.
        fail("add dentist monday tomorrow", .twoValues(verb: "add", slot: .date, first: "monday", second: "tomorrow")),
        fail(
            "add send the report tomorrow friday",
            .twoValues(verb: "add", slot: .date, first: "tomorrow", second: "friday")),
        fail("add pay rent important p3", .twoValues(verb: "add", slot: .priority, first: "important", second: "p3")),
        fail("add call mom asap !low", .twoValues(verb: "add", slot: .priority, first: "asap", second: "!low")),
        fail("add !high mow the lawn p3", .twoValues(verb: "add", slot: .priority, first: "!high", second: "p3")),
        // Lists that do not exist, and the forms that stay title.
        ok("add sandpaper #hardware", .addToUnknownList(list: "hardware", add: task("sandpaper"))),
        ok("add tent pegs to the Camping list", .addToUnknownList(list: "Camping", add: task("tent pegs"))),
        ok("add batteries to my Garage list", .addToUnknownList(list: "Garage", add: task("batteries"))),
        ok("add passport photos to Travel", .addToUnknownList(list: "Travel", add: task("passport photos"))),
        ok("add paint samples to Home Office", .addToUnknownList(list: "Home Office", add: task("paint samples"))),
        ok("add #reading dune", .addToUnknownList(list: "reading", add: task("dune"))),
        ok("add light bulbs in the Cabin list", .addToUnknownList(list: "Cabin", add: task("light bulbs"))),
        ok("add lawn seed to Garden Center", .addToUnknownList(list: "Garden Center", add: task("lawn seed"))),
        ok("add drive to work", task("drive to work")),
        ok("add hand the keys to mom", task("hand the keys to mom")),
        ok("add tape to the groceries list", task("tape", list: "Groceries")),
        ok("add sort receipts to the Bills list", task("sort receipts", list: "Bills")),
        ok("add close ticket #4521", task("close ticket #4521")),
        ok("add wrapping paper to Groceries", task("wrapping paper", list: "Groceries")),

        // Everyday lines.
        ok("add oat milk", task("oat milk")),
        ok("add free range eggs to groceries", task("free range eggs", list: "Groceries")),
        ok("add buy stamps tomorrow", task("buy stamps", due: due("2026-11-23"))),
        ok("add call mom friday 6pm", task("call mom", due: due("2026-11-27", "18:00"))),
        ok(
            "add internet bill to bills every month on the 15th",
            task("internet bill", list: "Bills", rule: Recurrence(.monthly, monthDay: 15))),
        ok("add dentist tomorrow at 10:30", task("dentist", due: due("2026-11-23", "10:30"))),
        ok("add haircut in 3 days", task("haircut", due: due("2026-11-25"))),
        ok("add pick up kids at 15:30", task("pick up kids", due: due("2026-11-22", "15:30"))),
        ok("add call the plumber at 8:00", task("call the plumber", due: due("2026-11-23", "08:00"))),
        ok("add gym every day", task("gym", rule: Recurrence(.daily))),
        ok(
            "add team sync every monday at 10:00",
            task("team sync", due: due("2026-11-23", "10:00"), rule: Recurrence(.weekly, weekdays: [1]))),
        ok("add clean bathroom every saturday", task("clean bathroom", rule: Recurrence(.weekly, weekdays: [6]))),
        ok("add mow the lawn every 2 weeks", task("mow the lawn", rule: Recurrence(.weekly, interval: 2))),
        ok("add mortgage every month on the 3rd", task("mortgage", rule: Recurrence(.monthly, monthDay: 3))),
        ok("add bday card for bob", task("bday card", assignee: .member("bob"))),
        ok("add walk the dog @alice", task("walk the dog", assignee: .member("alice"))),
        ok("add fix the tap for me", task("fix the tap", assignee: .me)),
        ok("add book tickets Dec 20", task("book tickets", due: due("2026-12-20"))),
        ok("add send forms 2026-12-01", task("send forms", due: due("2026-12-01"))),
        ok("add passport renewal 15.01.2027", task("passport renewal", due: due("2027-01-15"))),
        ok("add tax return end of month", task("tax return", due: due("2026-11-30"))),
        ok("add plan the trip next week", task("plan the trip", due: due("2026-11-23"))),
        ok("add clean the garage this weekend", task("clean the garage", due: due("2026-11-22"))),
        ok("add pay parking tonight", task("pay parking", due: due("2026-11-22", "20:00"))),
        ok("add grocery run this afternoon", task("grocery run", due: due("2026-11-22", "15:00"))),
        ok("add call dad in 2 hours", task("call dad", due: due("2026-11-22", "11:00"))),
        ok("add check the roast in 45 minutes", task("check the roast", due: due("2026-11-22", "09:45"))),
        ok("add vacuum !low", task("vacuum", priority: .low)),
        ok("add taxes p1", task("taxes", priority: .high)),
        ok("add new shoes !!", task("new shoes", priority: .medium)),
        ok("add read chapter 12", task("read chapter 12")),
        ok("done 6", .done(.number(6))),
        ok("done #2", .done(.number(2))),
        ok("delete 4", .delete(.number(4))),
        ok("rm 7", .delete(.number(7))),
        ok("lists page 4", .paged(.lists, page: 4)),
        ok("show page 5", .paged(.show(list: nil), page: 5)),
        ok("today page 3", .paged(.view(.today), page: 3)),
        ok("overdue page 3", .paged(.view(.overdue), page: 3)),
        ok("upcoming page 2", .paged(.view(.upcoming), page: 2)),
        ok("due 9 next week", .due(.number(9), due("2026-11-23"))),
        ok("inbox delete 3", .inboxDelete(number: 3)),
        ok("inbox read 2", .inboxRead(row: 2)),
        ok("postpone", .snooze(.context, nil)),
        ok("snooze 25m", .snooze(.context, .duration(seconds: 1500))),
        ok("snooze 6 tomorrow 8am", .snooze(.number(6), .until(due("2026-11-23", "08:00")))),
        ok("priority 2 high", .priority(.number(2), .high)),
        ok("due 5 friday", .due(.number(5), due("2026-11-27"))),
        ok("due 5 none", .due(.number(5), nil)),
        ok("assign 7 to bob", .assign(.number(7), to: .member("bob"))),
        ok("assign 2 to me", .assign(.number(2), to: .me)),
        ok("done milk", .done(.words("milk"))),
        ok("remind 4 at 5pm", .remind(.number(4), .at(due("2026-11-22", "17:00")))),
        ok("repeat 5 every thursday", .repeating(.number(5), Recurrence(.weekly, weekdays: [4]))),
        ok("repeat 8 none", .repeating(.number(8), nil)),
        ok("nag 4 every 20 minutes", .nag(.number(4), minutes: 20)),
        ok("unnag 2", .unnag(.number(2))),
        fail("add party Apr 31", bad("add", "Apr 31", .noSuchDay)),
        fail("add call the garage at 26:00", bad("add", "26:00", .noSuchTime)),
        ok(
            "add call the bank tomorrow 9am",
            task("call the bank", due: due("2026-03-29", "09:00", tz: "Europe/Berlin")),
            tz: "Europe/Berlin", now: Corpus.berlinSpringEve),
        ok(
            "add brunch sunday 11am", task("brunch", due: due("2026-11-01", "11:00", tz: "America/New_York")),
            tz: "America/New_York", now: Corpus.newYorkAutumnEve),
        ok(
            "add school run monday 8am", task("school run", due: due("2026-10-26", "08:00", tz: "Europe/Berlin")),
            tz: "Europe/Berlin", now: Corpus.berlinAutumnEve),
        ok(
            "add ring grandpa tomorrow 6pm",
            task("ring grandpa", due: due("2026-11-24", "18:00", tz: "Europe/Istanbul")),
            tz: "Europe/Istanbul", now: Corpus.istanbulNight),
        ok("add team call friday 10:00", task("team call", due: due("2026-11-27", "10:00")), now: Corpus.wednesday),
        ok("add lunch with sam next friday", task("lunch with sam", due: due("2026-12-04")), now: Corpus.wednesday),
        ok(
            "add take meds at 8pm", task("take meds", due: due("2026-11-22", "20:00", tz: "Europe/Istanbul")),
            tz: "Europe/Istanbul"),
        ok(
            "add check the boiler at 2:30",
            task("check the boiler", due: due("2026-03-29", "02:30", tz: "Europe/Berlin")),
            tz: "Europe/Berlin", now: Corpus.berlinSpring),
        ok(
            "add buy bread tomorrow", task("buy bread", due: due("2026-03-08", tz: "America/New_York")),
            tz: "America/New_York", now: Corpus.newYorkSpringEve),
    ]
}
