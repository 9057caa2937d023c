// The whole store surface in one name, and SQLite's `Store` as its implementation.

/// Everything the server asks of a store engine: the composition of the per-area contracts. Signatures use
/// only TwoDo's domain types (no `Row`, `Statement`, `SQLValue` or `Database`), so a second engine (
/// PostgreSQL) implements the same surface.
public typealias TwoDoStorage =
    AccountStore & NotificationStore & ReminderStore & ScheduleStore & SearchStore & StepStore & TaskStore
    & TransactionalStore & UndoStore & AccountLifecycleStore & PlanStore & ResumeTokenStore & CalendarLinkStore

extension Store: TransactionalStore {}
extension Store: AccountStore {}
extension Store: TaskStore {}
extension Store: StepStore {}
extension Store: ScheduleStore {}
extension Store: ReminderStore {}
extension Store: NotificationStore {}
extension Store: SearchStore {}
extension Store: UndoStore {}
extension Store: AccountLifecycleStore {}
extension Store: PlanStore {}
extension Store: ResumeTokenStore {}
extension Store: CalendarLinkStore {}
