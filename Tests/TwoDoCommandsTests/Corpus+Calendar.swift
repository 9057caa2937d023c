// Calendar completeness rows: multi-day events, `agenda <day>`, `events on <date>`, `export ics`.

import TwoDoCommands
import TwoDoCore

private func calendarDay(_ s: String) -> LocalDate { LocalDate(iso: s)! }

extension Corpus {
    /// English multi-day, single-day view and `export ics` lines (now: Sunday 22 November 2026, 09:00 UTC).
    static let englishCalendar: [Row] = [
        ok(
            "event add trip Dec 10 - Dec 12",
            .event(.add(EventDraft(title: "trip", date: calendarDay("2026-12-10"), endDate: calendarDay("2026-12-12"))))
        ),
        ok(
            "event add trip Dec 10 to Dec 12",
            .event(.add(EventDraft(title: "trip", date: calendarDay("2026-12-10"), endDate: calendarDay("2026-12-12"))))
        ),
        ok(
            "event add trip Dec 10 9am - Dec 12 5pm",
            .event(
                .add(
                    EventDraft(
                        title: "trip", date: calendarDay("2026-12-10"), time: LocalTime(hour: 9, minute: 0),
                        end: LocalTime(hour: 17, minute: 0), endDate: calendarDay("2026-12-12"))))),
        ok(
            "event edit trip Dec 20 - Dec 22",
            .event(
                .edit(
                    ref: "trip",
                    changes: EventDraft(date: calendarDay("2026-12-20"), endDate: calendarDay("2026-12-22"))))),
        ok("agenda friday", .agendaDay(calendarDay("2026-11-27"))),
        ok("agenda on Dec 10", .agendaDay(calendarDay("2026-12-10"))),
        ok("events on friday", .events(from: calendarDay("2026-11-27"), to: calendarDay("2026-11-27"))),
        ok("export ics", .exportICS),
        fail("export pdf", .usage(verb: "export")),
        fail("events on", .usage(verb: "events")),
    ]

    /// The same in Turkish.
    static let turkishCalendar: [Row] = [
        ok(
            "etkinlik ekle tatil 10 Aralık - 12 Aralık",
            .event(
                .add(EventDraft(title: "tatil", date: calendarDay("2026-12-10"), endDate: calendarDay("2026-12-12"))))),
        ok(
            "etkinlik ekle kongre 14 Aralık 09:00 - 16 Aralık 17:00",
            .event(
                .add(
                    EventDraft(
                        title: "kongre", date: calendarDay("2026-12-14"), time: LocalTime(hour: 9, minute: 0),
                        end: LocalTime(hour: 17, minute: 0), endDate: calendarDay("2026-12-16"))))),
        ok("ajanda cuma", .agendaDay(calendarDay("2026-11-27"))),
        ok("ajanda 10 Aralık", .agendaDay(calendarDay("2026-12-10"))),
        ok("etkinlikler cuma günü", .events(from: calendarDay("2026-11-27"), to: calendarDay("2026-11-27"))),
        ok("dışa aktar ics", .exportICS),
        ok("disa aktar ics", .exportICS),
    ]
}
