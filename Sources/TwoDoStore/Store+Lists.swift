// SQLite's own statement on `lists`' tasks: deleting a list's done tasks in batches (the triggers count them).

import TwoDoCore

extension Store {
    // Table `lists`: migration 1 (created), 10 (`icon`), 6 (`list_open_counts`, kept by triggers on `tasks`, and the
    // trigger `lists_counted_delete`). Tasks of a list go with it (ON DELETE CASCADE).

    /// The name of the list every new space starts with, by language.
    public static func defaultListName(_ lang: Language) -> String { lang == .tr ? "Gelen Kutusu" : "Inbox" }

    /// Rows one statement of a bulk command deletes at most (`list clear`): each statement stays small, so
    /// no engine's bound on one statement (PostgreSQL's response timeout) is met by a long list.
    package static let bulkBatch = 500

    /// Deletes the done tasks of a list (their notes and reminders go with them) in batches of `bulkBatch`;
    /// open tasks stay. Returns how many were deleted.
    public func deleteDoneTasks(in list: ListID) throws -> Int {
        // Each DELETE reads `bulkBatch` ids from the `tasks_list_order` index prefix (list_id, done), each row
        // firing the counting and search triggers once.
        var deleted = 0
        while true {
            let n = try db.run(
                """
                DELETE FROM tasks WHERE id IN (
                    SELECT id FROM tasks WHERE list_id = ? AND done = 1 LIMIT ?)
                """, .integer(list.rawValue), .integer(Int64(Store.bulkBatch)))
            deleted += n
            if n < Store.bulkBatch { return deleted }
        }
    }
}
