// The engine-neutral contract for routines, calendar events and their notes.

import TwoDoCore

/// Routines and calendar events: one row per routine, event or series (never one per occurrence).
///
/// Guarantees beyond `TransactionalStore`'s:
/// - Isolation: lookups with a space answer nil for another space's routine or event.
/// - A routine comes back whole (every schedule since, pause and mark); an event with its exceptions.
/// - `events(in:overlapping:)` returns every event that may have an occurrence in the range (one-offs by
///   date, series begun by its end and not ended before its start, series with an occurrence moved into
///   it); callers expand series themselves.
/// - `markRoutine` answers false, changing nothing, when the day already has a mark.
/// - Deleting a routine or event deletes its marks or exceptions, notes and reminders.
/// Expected inside the turn's transaction (or a `write { }`): every mutator here.
public protocol ScheduleStore: TransactionalStore {
    /// Every routine of a space, oldest first, with its whole history.
    func routines(in space: SpaceID) throws -> [Routine]
    /// The routine with this id, only if it belongs to `space`.
    func routine(_ id: RoutineID, in space: SpaceID) throws -> Routine?
    /// The space of a routine, whatever it is.
    func spaceOfRoutine(_ id: RoutineID) throws -> SpaceID?
    /// Adds a routine whose first schedule starts on `since`.
    func addRoutine(
        name: String, space: SpaceID, by user: UserID, assignee: UserID?, time: LocalTime?, rule: Recurrence,
        since: LocalDate, now: Int64
    ) throws -> RoutineID
    /// Makes `rule` the schedule from `since` on (replacing one set the same day).
    func setRoutineSchedule(_ id: RoutineID, _ rule: Recurrence, since: LocalDate) throws
    /// Sets or clears a routine's time of day.
    func setRoutineTime(_ id: RoutineID, _ time: LocalTime?) throws
    /// Renames a routine.
    func renameRoutine(_ id: RoutineID, to name: String) throws
    /// Sets or clears (nil) a routine's description.
    func setDescription(of id: RoutineID, to text: String?) throws
    /// Pauses a routine from `from` on (no-op when already paused).
    func pauseRoutine(_ id: RoutineID, from: LocalDate) throws
    /// Ends a routine's pause so that `today` is due again.
    func resumeRoutine(_ id: RoutineID, today: LocalDate) throws
    /// Deletes a routine with its marks, notes and reminders.
    func deleteRoutine(_ id: RoutineID) throws
    /// Records a mark; false when that day already has one.
    func markRoutine(_ id: RoutineID, day: LocalDate, _ mark: RoutineMark, by user: UserID, now: Int64) throws -> Bool
    /// Removes the mark of `day` (or the latest); returns the day and mark removed.
    func unmarkRoutine(_ id: RoutineID, day: LocalDate?) throws -> (LocalDate, RoutineMark)?
    /// The member a routine is for (nil: both) and its author, as ids.
    func routinePeople(_ id: RoutineID) throws -> (assignee: UserID?, createdBy: UserID?)
    /// The number of routines of a space.
    func routineCount(in space: SpaceID) throws -> Int
    /// The events of a space that may have an occurrence in `range`, exceptions included.
    func events(in space: SpaceID, overlapping range: ClosedRange<LocalDate>) throws -> [CalendarEvent]
    /// Every event of a space, by id, with exceptions.
    func events(inSpace space: SpaceID) throws -> [CalendarEvent]
    /// The event with this id, only if it belongs to `space`.
    func event(_ id: EventID, in space: SpaceID) throws -> CalendarEvent?
    /// The space of an event, whatever it is.
    func spaceOfEvent(_ id: EventID) throws -> SpaceID?
    /// Events whose folded title contains every folded word of `query`; exact titles win.
    func events(matching query: String, in space: SpaceID, limit: Int) throws -> [CalendarEvent]
    /// Adds an event (the id in `event` is ignored); returns its id.
    func addEvent(
        _ event: CalendarEvent, space: SpaceID, by user: UserID, assignee: UserID?, now: Int64
    ) throws
        -> EventID
    /// Rewrites an event's fields.
    func updateEvent(_ event: CalendarEvent, assignee: UserID?, now: Int64) throws
    /// Sets or clears (nil) an event's description.
    func setDescription(of event: EventID, to text: String?, now: Int64) throws
    /// Records a change to one occurrence of a series (replacing an earlier change of it).
    func setException(_ event: EventID, day: LocalDate, _ exception: EventException) throws
    /// Forgets every per-occurrence change of a series.
    func clearExceptions(_ event: EventID) throws
    /// Deletes an event with its exceptions, notes and reminders.
    func deleteEvent(_ event: EventID) throws
    /// The number of events stored in a space.
    func eventCount(in space: SpaceID) throws -> Int
    /// The number of events of a space, counted from indexes.
    func indexedEventCount(in space: SpaceID) throws -> Int
    /// Attaches a note to a routine or an event (exactly one of them).
    func addNote(routine: RoutineID?, event: EventID?, by user: UserID, text: String, now: Int64) throws
    /// The notes of a routine, oldest first.
    func notes(of routine: RoutineID) throws -> [Note]
    /// The notes of an event, oldest first.
    func notes(of event: EventID) throws -> [Note]
    /// Deletes the `number`-th note of a routine; nil when there is none.
    func deleteNote(of routine: RoutineID, number: Int) throws -> Note?
    /// Deletes the `number`-th note of an event; nil when there is none.
    func deleteNote(of event: EventID, number: Int) throws -> Note?
    /// Rewrites the `number`-th note of a routine as `user`'s text written `now`; returns it as it was, or nil.
    func editNote(of routine: RoutineID, number: Int, text: String, by user: UserID, now: Int64) throws -> Note?
    /// Rewrites the `number`-th note of an event as `user`'s text written `now`; returns it as it was, or nil.
    func editNote(of event: EventID, number: Int, text: String, by user: UserID, now: Int64) throws -> Note?
    /// The number of notes on a task, a routine or an event (exactly one of them).
    func noteCount(task: TaskID?, routine: RoutineID?, event: EventID?) throws -> Int
}

extension ScheduleStore {
    /// `events(matching:in:limit:)` with the usual 20 candidates.
    public func events(matching query: String, in space: SpaceID) throws -> [CalendarEvent] {
        try events(matching: query, in: space, limit: 20)
    }

    /// A note on a routine.
    public func addNote(routine: RoutineID, by user: UserID, text: String, now: Int64) throws {
        try addNote(routine: routine, event: nil, by: user, text: text, now: now)
    }

    /// A note on an event.
    public func addNote(event: EventID, by user: UserID, text: String, now: Int64) throws {
        try addNote(routine: nil, event: event, by: user, text: text, now: now)
    }
}
