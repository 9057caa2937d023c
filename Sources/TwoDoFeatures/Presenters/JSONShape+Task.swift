// A task, its repeat rule and its notes as JSON.

import TwoDoCore
import TwoDoProtocol
import TwoDoText

extension JSONShape {
    /// A task as JSON `data` (replies, events, export). `number` is its place in a listing, when shown in one.
    static func task(_ task: TaskItem, tz: String, number: Int?, notes: [Note]? = nil) -> JSONValue {
        // One array literal: appending groups of fields was 7% of a 200-task `show`.
        var members: [(String, JSONValue)] = [
            ("n", number.map { .int(Int64($0)) } ?? .null),
            ("id", .int(task.id.rawValue)), ("title", .string(task.title)), ("list", .string(task.listName)),
            ("status", .string(task.isDone ? "done" : "open")), ("assignee", .optional(task.assignee)),
            ("created_by", .optional(task.createdBy)),
            ("created_at", .string(TimeText.iso8601(task.createdAt, tz: tz))),
            ("completed_by", .optional(task.completedBy)),
            ("completed_at", task.completedAt.map { .string(TimeText.iso8601($0, tz: tz)) } ?? .null),
            ("due", task.due.map { .string(TimeText.iso8601($0.instant, tz: tz)) } ?? .null),
            ("all_day", task.due.map { .bool($0.isAllDay) } ?? .null), ("priority", .string(task.priority.rawValue)),
            ("recurrence", task.recurrence.map(JSONShape.recurrence) ?? .null),
            ("nag_minutes", task.nagMinutes.map { .int(Int64($0)) } ?? .null),
            ("description", .optional(task.description)),
            ("plan", task.plan.map { JSONShape.plan($0, isDone: task.isDone, tz: tz) } ?? .null),
        ]
        if number == nil { members.removeFirst() }
        if task.steps.total > 0 {
            members.append(
                ("steps", .object([("done", .int(Int64(task.steps.done))), ("total", .int(Int64(task.steps.total)))])))
        }
        if let parent = task.parent {
            members.append(("parent", .int(parent.rawValue)))
            members.append(("parent_title", .optional(task.parentTitle)))
        }
        if let notes { members.append(("notes", JSONShape.notes(notes, tz: tz))) }
        return .object(members)
    }

    static func recurrence(_ r: Recurrence) -> JSONValue {
        .object([
            ("freq", .string(r.frequency.rawValue)), ("interval", .int(Int64(r.interval))),
            ("weekdays", .array(r.weekdays.map { .int(Int64($0)) })),
            ("month_day", r.monthDay.map { .int(Int64($0)) } ?? .null),
            ("month", r.month.map { .int(Int64($0)) } ?? .null),
            ("ordinal", r.ordinal.map { .int(Int64($0)) } ?? .null),
            ("until", r.until.map { .string($0.description) } ?? .null), ("from_completion", .bool(r.fromCompletion)),
        ])
    }

    static func notes(_ notes: [Note], tz: String) -> JSONValue {
        .array(
            notes.map {
                .object([
                    ("author", .optional($0.author)), ("at", .string(TimeText.iso8601($0.at, tz: tz))),
                    ("text", .string($0.text)),
                ])
            })
    }
}
