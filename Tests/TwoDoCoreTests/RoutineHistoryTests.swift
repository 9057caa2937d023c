// Routine due days, streaks and completion rates over month ends, leap years, pauses, edits and zones.

import Testing
import TwoDoCore

private func d(_ s: String) -> LocalDate { LocalDate(iso: s)! }

/// A history from a start date, a rule and marks written as `date: done|skipped`.
private func history(
    _ rule: Recurrence, since: String, done: [String] = [], skipped: [String] = [], pauses: [RoutineHistory.Pause] = []
) -> RoutineHistory {
    var marks: [LocalDate: RoutineMark] = [:]
    for s in done { marks[d(s)] = .done }
    for s in skipped { marks[d(s)] = .skipped }
    return RoutineHistory(segments: [.init(since: d(since), rule: rule)], pauses: pauses, marks: marks)
}

@Suite("Routine streaks and rates", .timeLimit(.minutes(1)))
struct RoutineHistoryTests {
    @Test("a daily streak runs across a month end")
    func monthEnd() {
        let h = history(
            Recurrence(.daily), since: "2026-01-28",
            done: ["2026-01-28", "2026-01-29", "2026-01-30", "2026-01-31", "2026-02-01", "2026-02-02"])
        #expect(h.currentStreak(today: d("2026-02-02")) == 6)
        #expect(h.longestStreak(today: d("2026-02-02")) == 6)
    }

    @Test("a missed day breaks the streak; the longest one is kept")
    func missed() {
        let h = history(
            Recurrence(.daily), since: "2026-01-27",
            done: ["2026-01-27", "2026-01-28", "2026-01-29", "2026-01-31", "2026-02-01"])
        #expect(h.currentStreak(today: d("2026-02-01")) == 2)
        #expect(h.longestStreak(today: d("2026-02-01")) == 3)
        #expect(h.state(on: d("2026-01-30"), today: d("2026-02-01")) == .missed)
    }

    @Test("skipped days neither break the streak nor count against the rate")
    func skipped() throws {
        let h = history(
            Recurrence(.daily), since: "2026-03-01", done: ["2026-03-01", "2026-03-03"], skipped: ["2026-03-02"])
        #expect(h.currentStreak(today: d("2026-03-03")) == 2)
        let rate = try #require(h.completionRate(today: d("2026-03-03")))
        #expect(rate.done == 2 && rate.counted == 2)
    }

    @Test("today while still open does not break the streak and is not in the rate")
    func pendingToday() throws {
        let h = history(Recurrence(.daily), since: "2026-03-01", done: ["2026-03-01", "2026-03-02"])
        #expect(h.state(on: d("2026-03-03"), today: d("2026-03-03")) == .pending)
        #expect(h.currentStreak(today: d("2026-03-03")) == 2)
        #expect(try #require(h.completionRate(today: d("2026-03-03"))).counted == 2)
        #expect(h.currentStreak(today: d("2026-03-04")) == 0)  // the 3rd is missed once the 4th comes
    }

    @Test(
        "days off the schedule are passed over",
        arguments: [("2026-11-27", 3), ("2026-11-28", 3), ("2026-11-30", 3), ("2026-12-01", 0)])
    func weekdays(today: String, streak: Int) {
        // Mon, Wed, Fri from Monday 23 November; done 23, 25, 27.
        let h = history(
            Recurrence(.weekly, weekdays: [1, 3, 5]), since: "2026-11-23",
            done: ["2026-11-23", "2026-11-25", "2026-11-27"])
        #expect(h.currentStreak(today: d(today)) == streak)
    }

    @Test("leap years: 29 February is a day like any other", arguments: [("2028", 4), ("2027", 3)])
    func leapYear(year: String, streak: Int) {
        let dates = ["\(year)-02-27", "\(year)-02-28", "\(year)-02-29", "\(year)-03-01"].compactMap(
            LocalDate.init(iso:)
        ).map(\.description)
        let h = history(Recurrence(.daily), since: "\(year)-02-27", done: dates)
        #expect(h.currentStreak(today: d("\(year)-03-01")) == streak)
        #expect(h.strip(today: d("\(year)-03-01"), days: streak).allSatisfy { $0 == .done })
    }

    @Test("a monthly routine on the 31st is due on short months' last day")
    func monthlyEnds() {
        let h = history(
            Recurrence(.monthly, monthDay: 31), since: "2026-01-31",
            done: ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"])
        #expect(h.isDue(d("2026-02-28")))
        #expect(!h.isDue(d("2026-02-27")))
        #expect(h.currentStreak(today: d("2026-05-15")) == 4)
        #expect(h.nextDue(onOrAfter: d("2026-05-15")) == d("2026-05-31"))
    }

    @Test("the rate covers the last 30 resolved due days only")
    func rateWindow() throws {
        // 40 daily days: the first 10 missed, then 25 done, 5 missed.
        var done: [String] = []
        let start = d("2026-01-01")
        for i in 10..<35 { done.append(start.adding(days: i).description) }
        let h = history(Recurrence(.daily), since: "2026-01-01", done: done)
        let today = start.adding(days: 39)
        let rate = try #require(h.completionRate(today: today))
        #expect(rate.counted == 30)
        #expect(rate.done == 25)
        #expect(h.totalCompleted == 25)
        #expect(h.longestStreak(today: today) == 25)
        #expect(history(Recurrence(.daily), since: "2026-01-01").completionRate(today: d("2026-01-01")) == nil)
    }

    @Test("paused days are not due, so a pause keeps the streak")
    func pause() {
        let h = history(
            Recurrence(.daily), since: "2026-06-01", done: ["2026-06-01", "2026-06-02", "2026-06-06"],
            pauses: [.init(from: d("2026-06-03"), to: d("2026-06-05"))])
        #expect(!h.isDue(d("2026-06-04")))
        #expect(h.currentStreak(today: d("2026-06-06")) == 3)
        let open = history(Recurrence(.daily), since: "2026-06-01", pauses: [.init(from: d("2026-06-03"), to: nil)])
        #expect(open.isPaused)
        #expect(!open.isDue(d("2027-01-01")))
    }

    @Test("a schedule change applies from its day on; earlier days keep the old one")
    func edits() {
        let h = RoutineHistory(
            segments: [
                .init(since: d("2026-11-01"), rule: Recurrence(.daily)),
                .init(since: d("2026-11-16"), rule: Recurrence(.weekly, weekdays: [1])),
            ],
            marks: [d("2026-11-14"): .done, d("2026-11-15"): .done, d("2026-11-16"): .done, d("2026-11-23"): .done])
        #expect(h.isDue(d("2026-11-10")))
        #expect(!h.isDue(d("2026-11-17")))
        #expect(h.currentStreak(today: d("2026-11-25")) == 4)
    }

    @Test("the strip shows each kind of day with its symbol")
    func strip() {
        let h = history(
            Recurrence(.weekly, weekdays: [1, 2, 3, 4, 5]), since: "2026-11-16", done: ["2026-11-16", "2026-11-17"],
            skipped: ["2026-11-19"])
        let states = h.strip(today: d("2026-11-23"), days: 10)
        #expect(states == [.notDue, .notDue, .done, .done, .missed, .skipped, .missed, .notDue, .notDue, .pending])
    }

    @Test("a day is the assignee's local day: the same instant is a different today in different zones")
    func zones() {
        let h = history(Recurrence(.daily), since: "2026-11-20", done: ["2026-11-20", "2026-11-21"])
        let instant = Calendars.instant(of: d("2026-11-22"), at: LocalTime(hour: 20, minute: 0), tz: "UTC")
        let auckland = LocalDate(instant: instant, tz: "Pacific/Auckland")  // already the 23rd
        let angeles = LocalDate(instant: instant, tz: "America/Los_Angeles")  // still the 22nd
        #expect(auckland == d("2026-11-23"))
        #expect(angeles == d("2026-11-22"))
        #expect(h.currentStreak(today: angeles) == 2)
        #expect(h.currentStreak(today: auckland) == 0)
    }

    @Test(
        "streak units follow the schedule",
        arguments: [
            (Recurrence(.daily), Routine.StreakUnit.days), (Recurrence(.daily, interval: 2), .times),
            (Recurrence(.weekly, weekdays: [7]), .weeks),
            (Recurrence(.weekly, weekdays: [1, 3]), .times), (Recurrence(.monthly, monthDay: 1), .months),
        ])
    func units(rule: Recurrence, unit: Routine.StreakUnit) {
        let r = Routine(
            id: RoutineID(1), name: "x", assignee: nil, createdBy: nil, createdAt: 0, time: nil,
            history: RoutineHistory(segments: [.init(since: d("2026-01-01"), rule: rule)]), occurrences: [])
        #expect(r.streakUnit == unit)
    }
}
