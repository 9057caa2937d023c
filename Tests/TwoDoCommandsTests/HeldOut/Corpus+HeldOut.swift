// The held-out parser corpus: English rows written as people type, never tuned to the parser.

import TwoDoCommands
import TwoDoCore

extension Corpus {
    /// The English held-out rows: the issue 16 families, then everyday lines of documented features.
    static let heldOutEnglish: [Row] = heldOutEnglishFamilies + heldOutEnglishEveryday + heldOutEnglishNewCases

    /// The Turkish held-out rows: the issue 16 families, then everyday lines of documented features.
    static let heldOutTurkish: [Row] = heldOutTurkishFamilies + heldOutTurkishEveryday + heldOutTurkishNewCases

    /// English lines of the issue 16 families (lang-decisions 1-6) that need no new `Command` case.
    static let heldOutEnglishFamilies: [Row] = [
        // 1. The day first, as a heading (the English mirror of Turkish day-first lines).
        ok("monday: call the bank", task("call the bank", due: due("2026-11-23"))),
        ok(
            "Thursday: haircut", task("haircut", due: due("2026-11-26", tz: "America/New_York")),
            tz: "America/New_York", now: Corpus.wednesday),
        ok("saturday: clean the garage", task("clean the garage", due: due("2026-11-28"))),
        ok("yoga on thursday", task("yoga", due: due("2026-11-26"))),
        ok(
            "haircut on Tuesday", task("haircut", due: due("2026-11-24", tz: "Europe/Berlin")),
            tz: "Europe/Berlin"),
        ok("add vet on friday", task("vet", due: due("2026-11-27"))),

        // 3. Upper case and one-letter typos in day and month names.
        ok("ADD DENTIST FRIDAY 3PM", task("DENTIST", due: due("2026-11-27", "15:00"))),
        ok("Add Bread To Groceries", task("Bread", list: "Groceries")),
        ok("ADD CALL MOM TOMORROW 6PM", task("CALL MOM", due: due("2026-11-23", "18:00"))),
        ok("add dentist on wednsday", task("dentist", due: due("2026-11-25"))),
        ok("add pay rent on decmber 1", task("pay rent", due: due("2026-12-01"))),
        ok("add call dad thursdy 5pm", task("call dad", due: due("2026-11-26", "17:00"))),
        ok("add flight to rome on febuary 14", task("flight to rome", due: due("2027-02-14"))),
        ok("add team meeting on tuesdy", task("team meeting", due: due("2026-11-24"))),
        ok("add parents visit on saturdy", task("parents visit", due: due("2026-11-28"))),
        ok("add dinner with sam novmber 28", task("dinner with sam", due: due("2026-11-28"))),
        ok("add call the bank on mondy", task("call the bank", due: due("2026-11-23"))),

        // 4. `until` / `till` ending a repeat; without a repeat it is the due date.
        ok(
            "add take out the bins every friday until june 30",
            task("take out the bins", rule: Recurrence(.weekly, weekdays: [5], until: day("2027-06-30")))),
        ok(
            "add physio exercises every day till dec 15",
            task("physio exercises", rule: Recurrence(.daily, until: day("2026-12-15")))),
        ok(
            "add water plants every 3 days until 31.12",
            task("water plants", rule: Recurrence(.daily, interval: 3, until: day("2026-12-31")))),
        ok(
            "add piano practice every tuesday and thursday until jan 31",
            task("piano practice", rule: Recurrence(.weekly, weekdays: [2, 4], until: day("2027-01-31")))),
        ok(
            "add vitamins every morning until friday",
            task(
                "vitamins", due: due("2026-11-23", "09:00", tz: "Europe/Istanbul"),
                rule: Recurrence(.daily, until: day("2026-11-27"))),
            tz: "Europe/Istanbul"),
        ok(
            "add language class every monday till end of month",
            task("language class", rule: Recurrence(.weekly, weekdays: [1], until: day("2026-11-30")))),
        ok(
            "add gym every mon, wed and fri until 20.12",
            task("gym", rule: Recurrence(.weekly, weekdays: [1, 3, 5], until: day("2026-12-20")))),
        ok(
            "add walk the dog every day until sunday",
            task("walk the dog", rule: Recurrence(.daily, until: day("2026-11-29"))), tz: "America/New_York",
            now: Corpus.wednesday),
        ok("add expense report until 20.11.2026", task("expense report", due: due("2026-11-20"))),
        fail("add yoga every day until yesterday", bad("add", "until yesterday", .inThePast)),
        fail("add meds every morning until 2026-11-01", bad("add", "until 2026-11-01", .inThePast)),
        fail("add standup every weekday till 20.11.2026", bad("add", "till 20.11.2026", .inThePast)),

        // 5. Priority words at either end, with a colon, in upper case; a line with no verb is an add.
        ok("URGENT call the landlord", task("call the landlord", priority: .high)),
        ok("urgent: renew passport", task("renew passport", priority: .high)),
        ok("Important: send the invoice", task("send the invoice", priority: .high)),
        ok("asap: fix the leaking tap", task("fix the leaking tap", priority: .high)),
        ok("ASAP book the vet", task("book the vet", priority: .high)),
        ok("Urgent: Call Mom", task("Call Mom", priority: .high)),
        ok("add order printer ink asap", task("order printer ink", priority: .high)),
        ok("add very important sign the lease", task("sign the lease", priority: .high)),
        ok("add sign the mortgage papers very important", task("sign the mortgage papers", priority: .high)),
        ok("add book the hotel ASAP", task("book the hotel", priority: .high)),
        ok("add important renew car tax friday", task("renew car tax", due: due("2026-11-27"), priority: .high)),
        ok("add urgent: pay the electricity bill", task("pay the electricity bill", priority: .high)),
        ok("add call school important", task("call school", priority: .high)),
        ok("add order cake low priority", task("order cake", priority: .low)),
        ok("add clean gutters medium priority", task("clean gutters", priority: .medium)),
        ok("urgent call bank tomorrow 10am", task("call bank", due: due("2026-11-23", "10:00"), priority: .high)),
        ok("URGENT fix roof asap", task("fix roof", priority: .high)),
        ok(
            "add urgent buy cat food to groceries",
            task("buy cat food", list: "Groceries", priority: .high)),
        ok(
            "important: dentist friday 9am",
            task("dentist", due: due("2026-11-27", "09:00", tz: "Europe/Berlin"), priority: .high),
            tz: "Europe/Berlin", now: Corpus.wednesday),
        ok("add call the insurer asap tomorrow", task("call the insurer", due: due("2026-11-23"), priority: .high)),

        // 7. Lists: a known list always wins; lower-case `to <word>` and members stay title.
        ok("add lightbulbs to Groceries", task("lightbulbs", list: "Groceries")),
        ok("add drive to grandma tomorrow", task("drive to grandma", due: due("2026-11-23"))),
        ok("add give the keys to Bob", task("give the keys to Bob")),
        ok("add printer paper in bills", task("printer paper", list: "Bills")),

        // Errors: no such day or time.
        fail("add anniversary dinner feb 30", bad("add", "feb 30", .noSuchDay)),
        fail("add call the bank on 31.04", bad("add", "31.04", .noSuchDay)),
        fail("add party on february 31st", bad("add", "february 31st", .noSuchDay)),
        fail("add meeting 13pm", bad("add", "13pm", .noSuchTime)),
        fail("add dinner at 24:30", bad("add", "24:30", .noSuchTime)),
    ]
}
