// SQL on `tasks` (and the trigger-kept `space_task_counts`): listing, paging, search, every change, due dates.

import TwoDoCore

extension Store {
    // Table `tasks`: migration 1 (created), 2 (due date, priority, recurrence, nag columns), 5 (index
    // `tasks_undated`), 6 (counting triggers into `space_task_counts` and `list_open_counts`), 10 (`parent_id`:
    // steps, which list and view reads leave out with `parent_id IS NULL`; their SQL is in `Store+Steps.swift`), 11 (`description`).

    /// Moves every task of one list into another list of `space`; returns how many moved (merging spaces).
    func moveTasks(from list: ListID, to destination: ListID, space: SpaceID) throws -> Int {
        try db.run(
            "UPDATE tasks SET list_id = ?, space_id = ? WHERE list_id = ?",
            .integer(destination.rawValue), .integer(space.rawValue), .integer(list.rawValue))
    }

    /// Unassigns every task assigned to `user` (who is leaving the couple).
    func unassignTasks(of user: UserID) throws {
        try db.run("UPDATE tasks SET assignee_id = NULL WHERE assignee_id = ?", .integer(user.rawValue))
    }
}
