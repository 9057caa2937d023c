// The space limits: each check is one indexed count, and each refusal a localized `error.limit_*` reply.

import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoText

extension Feature {
    /// The refusal for a limit: its stable code, its text and `data.limit`.
    fileprivate func limitReached(
        _ code: ReplyCode, limit: Int, _ args: [String: String] = [:], _ c: CommandContext
    ) -> ReplyError {
        var all = args
        all["limit"] = "\(limit)"
        return ReplyError(reply: .failure(code, t(c, code.key, all), data: .object([("limit", .int(Int64(limit)))])))
    }

    /// Throws unless one more open task fits in `list` and one more task in the space.
    func checkRoomForTask(in list: TaskList, space: SpaceID, _ c: CommandContext) throws {
        let limits = limits
        if try store.openTaskCount(in: list.id) >= limits.openTasksPerList {
            throw limitReached(.errorLimitListTasks, limit: limits.openTasksPerList, ["list": list.label], c)
        }
        if try store.taskCount(inSpace: space) >= limits.tasksPerSpace {
            throw limitReached(.errorLimitTasks, limit: limits.tasksPerSpace, [:], c)
        }
    }

    /// Throws unless one more open task fits in a list (a task moved or reopened; the space total is unchanged).
    func checkRoomForOpenTask(in list: ListID, named name: String, _ c: CommandContext) throws {
        let limit = limits.openTasksPerList
        if try store.openTaskCount(in: list) >= limit {
            throw limitReached(.errorLimitListTasks, limit: limit, ["list": name], c)
        }
    }

    /// Throws unless one more list fits in the space.
    func checkRoomForList(space: SpaceID, _ c: CommandContext) throws {
        let limit = limits.listsPerSpace
        if try store.listCount(in: space) >= limit { throw limitReached(.errorLimitLists, limit: limit, [:], c) }
    }

    /// Throws unless one more routine fits in the space.
    func checkRoomForRoutine(space: SpaceID, _ c: CommandContext) throws {
        let limit = limits.routinesPerSpace
        if try store.routineCount(in: space) >= limit {
            throw limitReached(.errorLimitRoutines, limit: limit, [:], c)
        }
    }

    /// Throws unless one more event fits in the space.
    func checkRoomForEvent(space: SpaceID, _ c: CommandContext) throws {
        let limit = limits.eventsPerSpace
        if try store.indexedEventCount(in: space) >= limit {
            throw limitReached(.errorLimitEvents, limit: limit, [:], c)
        }
    }

    /// Throws unless one more note fits on the item (pass exactly one of them).
    func checkRoomForNote(
        task: TaskID? = nil, routine: RoutineID? = nil, event: EventID? = nil, name: String, _ c: CommandContext
    ) throws {
        let limit = limits.notesPerItem
        if try store.noteCount(task: task, routine: routine, event: event) >= limit {
            throw limitReached(.errorLimitNotes, limit: limit, ["name": name], c)
        }
    }

    /// Throws unless the series `event` may record one more changed or cancelled occurrence on `day` (changing
    /// an occurrence changed before replaces its record, so that always fits). `event` carries its exceptions.
    func checkRoomForException(_ event: CalendarEvent, day: LocalDate, _ c: CommandContext) throws {
        let limit = limits.exceptionsPerSeries
        if event.exceptions[day] == nil && event.exceptions.count >= limit {
            throw limitReached(.errorLimitExceptions, limit: limit, ["title": event.title], c)
        }
    }

    /// The refusal when joining `target` with everything of `source` would go past a limit; nil when it fits.
    /// Checked before anything moves, so a refused join leaves both spaces as they were.
    func mergeRefusal(from source: SpaceID, into target: SpaceID, _ c: CommandContext) throws -> Reply? {
        let limits = limits
        let a = try store.counts(of: source)
        let b = try store.counts(of: target)
        let checks: [(Int, Int, String)] = [
            (a.tasks + b.tasks, limits.tasksPerSpace, "tasks"),
            (a.lists + b.lists - 1, limits.listsPerSpace, "lists"),  // the two default lists become one
            (a.routines + b.routines, limits.routinesPerSpace, "routines"),
            (a.events + b.events, limits.eventsPerSpace, "events"),
            (try store.mergedDefaultOpenCount(from: source, into: target), limits.openTasksPerList, "list_tasks"),
        ]
        guard let (count, limit, what) = checks.first(where: { $0.0 > $0.1 }) else { return nil }
        return .failure(
            .errorLimitJoin,
            t(c, TextKey.limitJoin(what) ?? .errorLimitJoinTasks, ["count": "\(count)", "limit": "\(limit)"]),
            data: .object([("limit", .int(Int64(limit))), ("count", .int(Int64(count))), ("what", .string(what))]))
    }
}
