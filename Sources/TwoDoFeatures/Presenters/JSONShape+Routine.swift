// A routine, with today's state, its stats and its strip, as JSON.

import TwoDoCore
import TwoDoProtocol
import TwoDoText

extension JSONShape {
    /// A routine as JSON: name, schedule, assignee, paused, today's state, stats and strip; `full` adds
    /// every marked occurrence (export).
    static func routine(
        now: Int64, _ r: Routine, zone: String, tz: String, stripDays: Int = Handlers.routineStripDays,
        full: Bool = false,
        notes: [Note]? = nil
    ) -> JSONValue {
        let today = LocalDate(instant: now, tz: zone)
        let h = r.history
        // A whole percentage (JSONValue has no fractions), with the counts it comes from.
        let window = h.completionRate(today: today)
        let rate = window.map { JSONValue.int(Int64((Double($0.done) * 100 / Double($0.counted)).rounded())) } ?? .null
        var fields: [(String, JSONValue)] = [
            ("id", .int(r.id.rawValue)), ("name", .string(r.name)),
            (
                "schedule",
                .object([
                    ("freq", .string(r.rule.frequency.rawValue)), ("interval", .int(Int64(r.rule.interval))),
                    ("weekdays", .array(r.rule.weekdays.map { .int(Int64($0)) })),
                    ("month_day", r.rule.monthDay.map { .int(Int64($0)) } ?? .null),
                    ("time", r.time.map { .string($0.description) } ?? .null),
                ])
            ),
            ("assignee", .optional(r.assignee)), ("paused", .bool(r.isPaused)), ("since", .string(h.start.description)),
            ("due_today", .bool(h.isDue(today))), ("today", .string(stateName(h.state(on: today, today: today)))),
            (
                "stats",
                .object([
                    ("current_streak", .int(Int64(h.currentStreak(today: today)))),
                    ("longest_streak", .int(Int64(h.longestStreak(today: today)))),
                    ("total_completed", .int(Int64(h.totalCompleted))), ("completion_rate", rate),
                    ("rate_done", .int(Int64(window?.done ?? 0))), ("rate_counted", .int(Int64(window?.counted ?? 0))),
                ])
            ),
            ("strip", .string(CalendarGrid.strip(h.strip(today: today, days: stripDays)))),
            ("description", .optional(r.description)),
        ]
        if full {
            fields.append(
                (
                    "occurrences",
                    .array(
                        r.occurrences.map {
                            .object([
                                ("date", .string($0.date.description)), ("state", .string($0.mark.rawValue)),
                                ("by", .optional($0.by)),
                            ])
                        })
                ))
        }
        if let notes { fields.append(("notes", JSONShape.notes(notes, tz: tz))) }
        return .object(fields)
    }

    private static func stateName(_ s: RoutineDayState) -> String {
        switch s {
        case .done: "done"
        case .skipped: "skipped"
        case .missed: "missed"
        case .pending: "pending"
        case .upcoming: "upcoming"
        case .notDue: "not_due"
        }
    }
}
