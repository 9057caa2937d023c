// Turning the per-row task counter trigger off for a bulk move or copy, whose statements keep the counters
// themselves (`SQLEngine+Couple`'s `addToCounters` and `recountNewSpace`).

import TwoDoCore
import TwoDoStore

extension PostgresStore {
    /// Runs `body` with the per-row task counter trigger (`twodo_tasks_counted`) off for this transaction's
    /// statements, then on again; `body` keeps `space_task_counts` and `list_open_counts` itself.
    ///
    /// Why: the trigger updates the same one or two counter rows once per moved row, and PostgreSQL cannot
    /// prune the row versions one open transaction leaves behind, so each update walks all the earlier ones
    /// (merging 4,000 tasks spent 0.52 s in the trigger, growing with the square of the count). Outside a
    /// transaction `body` runs inside one of its own (`write`), so the switch holds for all of it.
    func withoutRowCounting<T>(_ body: () throws -> T) throws -> T {
        guard connection.isInTransaction else { return try write { _ in try withoutRowCounting(body) } }
        try setRowCounting(false)
        do {
            let result = try body()
            try setRowCounting(true)
            return result
        } catch {
            // A failed statement leaves the transaction aborted; its savepoint's rollback restores the setting.
            if !connection.isInFailedTransaction { try? setRowCounting(true) }
            throw error
        }
    }

    /// Turns the per-row counting on or off until the transaction ends (`set_config(…, true)`).
    private func setRowCounting(_ on: Bool) throws {
        try connection.execute("SELECT set_config('twodo.bulk_counts', $1, true)", [.text(on ? "off" : "on")])
    }
}
