// JSON of the day plan: a task's plan entry, a board and a backlog row.

import TwoDoCore
import TwoDoText

extension JSONShape {
    /// A plan entry: `{user, date, region, bucket, position, status, deferred_at}`.
    static func plan(_ plan: TaskPlan, isDone: Bool, tz: String) -> JSONValue {
        .object([
            ("user", .string(plan.userName)), ("date", .string(plan.date.description)),
            ("region", .string(plan.region.rawValue)), ("bucket", .optional(plan.bucket?.rawValue)),
            ("position", .int(Int64(plan.position))), ("status", .string(plan.status(isDone: isDone).rawValue)),
            ("deferred_at", plan.deferredAt.map { .string(TimeText.iso8601($0, tz: tz)) } ?? .null),
        ])
    }
}
