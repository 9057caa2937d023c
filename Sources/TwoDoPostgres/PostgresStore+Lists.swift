// PostgreSQL's own statement on a list's tasks: deleting its done tasks in batches, counting each batch by hand.

import TwoDoCore
import TwoDoStore

extension PostgresStore {
    /// Deletes the done tasks of a list (their notes, reminders and steps go with them); returns how many.
    public func deleteDoneTasks(in list: ListID) throws -> Int {
        // As SQLite's store: in batches of `Store.bulkBatch`, each one statement well inside the response bound
        // (steps are rows of the list too, and a done step goes as well).
        // The counters are kept here, once per batch, not by the per-row trigger: thousands of updates of one
        // counter row in one transaction walk a growing chain of row versions (see `withoutRowCounting`).
        // Steps of a deleted task that the batch did not name go by the cascade, and count off the space too.
        try withoutRowCounting {
            var deleted = 0
            while true {
                let result = try connection.execute(
                    """
                    WITH batch AS (SELECT id FROM tasks WHERE list_id = $1 AND done = 1 LIMIT $2),
                    cascaded AS (
                        SELECT count(*) AS n FROM tasks s
                        WHERE s.parent_id IN (SELECT id FROM batch) AND s.id NOT IN (SELECT id FROM batch)),
                    gone AS (DELETE FROM tasks WHERE id IN (SELECT id FROM batch) RETURNING space_id, parent_id IS NULL AS top)
                    SELECT (SELECT count(*) FROM gone) AS n, (SELECT count(*) FROM gone WHERE top) AS top,
                        (SELECT min(space_id) FROM gone) AS space, (SELECT n FROM cascaded) AS cascaded
                    """, [.integer(list.rawValue), .integer(Int64(Store.bulkBatch))])
                let n = Int(try result.requiredInt(0, "n"))
                if n > 0, let space = try result.int(0, "space") {
                    try addToCounters(
                        space: SpaceID(space), tasks: -(n + Int(try result.requiredInt(0, "cascaded"))), list: list,
                        open: 0, done: -Int(try result.requiredInt(0, "top")))
                }
                deleted += n
                if n < Store.bulkBatch { return deleted }
            }
        }
    }
}
