// The engine-neutral contract of the 1-3-5 day plan: entries, the board, the backlog and the rollover.

import TwoDoCore

/// Day-plan entries: what an engine must store and answer.
///
/// Guarantees:
/// - A task has at most one entry (one person, one day); deleting the task or the person deletes it.
/// - Every task read through `TaskStore` carries its entry (`TaskItem.plan`), the status stored as `todo`,
///   `inProgress` or `deferred` (a done task's status is derived from its done flag, never stored).
/// - The rollover is idempotent: it defers only open entries (task not done, status todo or in progress) of a
///   day before the one given, so running it twice, or again after a restart, defers nothing more.
/// Expected inside the turn's transaction (or a `write { }`): every mutator here.
public protocol PlanStore: AnyObject {
    /// The tasks on `user`'s board for `date` (deferred entries excluded), in no particular order.
    func planBoard(of user: UserID, on date: LocalDate) throws -> [TaskItem]
    /// How many entries (done ones included, deferred excluded) fill a bucket of a region of a day, not counting
    /// `excluding`.
    func planCount(
        of user: UserID, on date: LocalDate, region: PlanRegion, bucket: PlanBucket, excluding task: TaskID?
    ) throws -> Int
    /// Puts `task` on `user`'s board (creating or replacing its entry), last in its bucket, with `status`.
    func plan(
        _ task: TaskID, for user: UserID, on date: LocalDate, region: PlanRegion, bucket: PlanBucket,
        status: PlanStatus, now: Int64
    ) throws
    /// Changes the stored status of a task's entry; `deferred` also empties its bucket and sets when it entered
    /// the backlog.
    func setPlanStatus(_ task: TaskID, _ status: PlanStatus, now: Int64) throws
    /// Sends `task` to `user`'s backlog, creating an entry for today when it had none.
    func deferToBacklog(_ task: TaskID, for user: UserID, on date: LocalDate, region: PlanRegion, now: Int64) throws
    /// Numbers the entries of `tasks` 1, 2, … in that order (one bucket's new order).
    func setPlanOrder(_ tasks: [TaskID]) throws
    /// Takes a task off every plan.
    func unplan(_ task: TaskID) throws
    /// How many open tasks wait in `user`'s backlog.
    func backlogCount(of user: UserID) throws -> Int
    /// Rows `offset ..< offset + limit` of `user`'s backlog (open tasks only), newest deferral first.
    func backlog(of user: UserID, offset: Int, limit: Int) throws -> [TaskItem]
    /// For each time zone of people with open entries, the earliest day planned: that day's next local midnight
    /// is when those entries roll over.
    func rolloverZones() throws -> [(tz: String, earliest: LocalDate)]
    /// Defers the open entries of at most `limit` people of zone `tz` planned before `today`; returns each
    /// person with how many moved and the earliest day they were planned for.
    func rollOver(
        zone tz: String, before today: LocalDate, now: Int64, limit: Int
    ) throws
        -> [(user: UserID, count: Int, earliest: LocalDate)]
}
