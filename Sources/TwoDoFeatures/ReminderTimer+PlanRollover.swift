// The day plan's midnight rollover: at each person's local midnight, unfinished entries of earlier days move
// to their backlog, and the person is told once, live or in the inbox.
//
// It runs from the reminder timer (`nextReminderTime` / `fireDueReminders`): the timer's head is the earliest
// next local midnight among the zones of people with open entries on an earlier day than the next. The store's
// rollover only touches open entries of days before today, so it is idempotent: firing twice, or again after a
// restart, moves nothing more; the move and its notice commit together.

import TwoDoCore
import TwoDoProtocol
import TwoDoStore
import TwoDoText

extension Handlers {
    /// People rolled over per zone and call: a midnight shared by many is spread over turns.
    static let rolloverBatch = 100

    /// The next instant some person's open entries roll over (their next local midnight after the earliest
    /// day they have open entries on), or nil when nobody has open entries.
    public func nextPlanRolloverTime() throws -> Int64? {
        try store.rolloverZones().map { DayRollover.instant(after: $0.earliest, tz: $0.tz) }.min()
    }
}

extension ReminderTimer {
    /// Rolls over every zone whose midnight has come; returns the lines telling the people online.
    func fireDuePlanRollovers() throws -> [Outcome] {
        let now = clock.now
        var outcomes: [Outcome] = []
        for zone in try store.rolloverZones() where DayRollover.instant(after: zone.earliest, tz: zone.tz) <= now {
            let today = LocalDate(instant: now, tz: zone.tz)
            let moved = try store.rollOver(zone: zone.tz, before: today, now: now, limit: Handlers.rolloverBatch)
            for person in moved {
                guard let user = try store.user(person.user) else { continue }
                let yesterday = person.earliest >= today.adding(days: -1)
                let key: TextKey =
                    switch (yesterday, person.count == 1) {
                    case (true, true): .planRolledOverOne
                    case (true, false): .planRolledOver
                    case (false, true): .planRolledOverEarlierOne
                    case (false, false): .planRolledOverEarlier
                    }
                outcomes += try tellRollover(user, key: key, count: person.count, earliest: person.earliest, now: now)
            }
        }
        return outcomes
    }

    /// The notice of one person's rollover (like `reminder.due`, a line from the server, not a partner event:
    /// JSON sessions get an `event` named `plan.rolled_over`, actor `twodo`): a line to each live session, and a row in their inbox (unread
    /// unless a live session got the line), so they are told once, now or at their next login.
    fileprivate func tellRollover(
        _ user: User, key: TextKey, count: Int, earliest: LocalDate, now: Int64
    ) throws

        -> [Outcome]

    {
        let args = ["count": "\(count)"]
        let live = (presence?.sessions(of: user.id) ?? []).filter { !$0.isClosing }
        try store.addNotification(for: user.id, key: key.rawValue, args: args, now: now, read: !live.isEmpty)
        let data = JSONValue.object([("count", .int(Int64(count))), ("earliest", .string(earliest.description))])
        return live.map { c in
            let text = Catalog.text(key, c.lang, args)
            let line =
                c.json
                ? JSONValue.object([
                    ("type", .string("event")), ("event", .string(ReplyCode.planRolledOver.rawValue)),
                    ("actor", .string("twodo")), ("text", .string(text)), ("data", data),
                ]).serialized
                : text
            return Outcome(connection: c.id, reply: Reply.success(.planRolledOver, [line]), rawLines: [line])
        }
    }
}
