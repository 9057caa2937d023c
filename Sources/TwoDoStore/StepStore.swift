// The contract for a task's steps (rows of `tasks` with a `parent_id`, migration 10); the SQL is
// `SQLEngine+Steps.swift`.

import TwoDoCore

/// A task's steps: one level of tasks under a task, in its list and space.
///
/// Guarantees: a step has the list and space of its parent (moving the parent moves it, `move(_:to:now:)`);
/// deleting the parent deletes its steps; steps never appear in a list's tasks, pages or open counts, but do
/// count toward the space's tasks. Order: by creation (then id), whether done or not, so a step keeps its
/// number as steps get done. Expected inside the turn's transaction (or a `write { }`): every mutator here.
public protocol StepStore: AnyObject {
    /// The steps of a task, oldest first.
    func steps(of task: TaskID) throws -> [TaskItem]
    /// How many steps a task has, and how many of them are done.
    func stepCounts(of task: TaskID) throws -> StepProgress
    /// Adds an open step under `parent` (a task of `space`, itself no step; the caller has checked both).
    func addStep(title: String, under parent: TaskItem, space: SpaceID, by user: UserID, now: Int64) throws -> TaskID
    /// Marks every open step of a task done by `user`; returns how many.
    @discardableResult
    func completeSteps(of task: TaskID, by user: UserID, now: Int64) throws -> Int
    /// Gives `target` an open copy of every step of `source`, in their order (a repeating task's next one).
    func copySteps(from source: TaskID, to target: TaskID, by user: UserID, now: Int64) throws
}
