// `export ics` as a stream: the calendar as iCalendar text, dated tasks read a page at a time as the reader reads.

import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoText

/// Writes `export ics` in pieces, as `ExportStream` writes `export`: the head (VCALENDAR, the VTIMEZONEs,
/// every event and routine, which are capped per space) in one bounded piece, then the tasks of each list
/// `ExportStream.pageSize` at a time (only dated ones become VTODOs), then `END:VCALENDAR`.
///
/// In human mode the reply is the `export.ics_done` line and then the folded iCalendar lines, one protocol
/// line each, the last `END:VCALENDAR`. In JSON mode it is one reply object whose `data.ics` is the text
/// (CRLF line ends and folding kept).
final class ICSExportStream: ReplyStream {
    private enum Phase {
        case start
        case list(index: Int, cursor: Store.TaskCursor?)
        case finished
    }

    private let handlers: Handlers
    private let user: User
    private let json: Bool
    private let tag: String?
    /// The reply's first line; nil for the calendar feed, whose body is the iCalendar text alone.
    private let header: String?
    /// Past this many bytes no more tasks are written (the feed's bound; the session's export has none).
    private let maxBytes: Int
    private var written = 0
    private var phase = Phase.start
    private var lists: [TaskList] = []
    private var stamp = ""
    /// The instants the reader's VTIMEZONE covers; a timed due outside it is written in UTC.
    private var window: ClosedRange<Int64> = 0...0

    init(handlers: Handlers, user: User, json: Bool, tag: String?, header: String?, maxBytes: Int = .max) {
        self.handlers = handlers
        self.user = user
        self.json = json
        self.tag = tag
        self.header = header
        self.maxBytes = maxBytes
    }

    func write(into out: inout [UInt8], budget: Int) throws -> Bool {
        let start = out.count
        defer { written += out.count - start }
        let limit = out.count + budget
        while out.count < limit {
            switch phase {
            case .start:
                writeStart(into: &out)
                try writeHead(into: &out)
                lists = try handlers.store.lists(in: user.space)
                phase = lists.isEmpty ? .finished : .list(index: 0, cursor: nil)
                if lists.isEmpty { writeEnd(into: &out) }
            case .list(let index, let cursor):
                if written + (out.count - start) > maxBytes {
                    writeEnd(into: &out)
                    phase = .finished
                    continue
                }
                let page = try handlers.store.tasks(in: lists[index].id, after: cursor, limit: ExportStream.pageSize)
                var lines: [String] = []
                for task in page where task.due != nil {
                    lines += Export(handlers: handlers).icsTask(task, user: user, stamp: stamp, window: window)
                }
                emit(lines, into: &out)
                if let last = page.last, page.count == ExportStream.pageSize {
                    phase = .list(index: index, cursor: Store.TaskCursor(after: last))
                } else if index + 1 < lists.count {
                    phase = .list(index: index + 1, cursor: nil)
                } else {
                    writeEnd(into: &out)
                    phase = .finished
                }
            case .finished:
                return true
            }
        }
        if case .finished = phase { return true }
        return false
    }

    /// VCALENDAR's properties, a VTIMEZONE per zone in use, then the events and routines.
    private func writeHead(into out: inout [UInt8]) throws {
        let now = handlers.clock.now
        stamp = ICalendar.utc(now)
        let events = try handlers.store.events(inSpace: user.space)
        let routines = try handlers.store.routines(in: user.space)
        let members = try handlers.store.members(of: user.space)
        let routineZones = routines.map { handlers.routineZone($0, members: members, reader: user) }
        // The zones' window: a year before the earliest date in use to three years after the latest (or today),
        // within 60 years either side of today so a far-off date cannot make the VTIMEZONE long.
        let today = LocalDate(instant: now, tz: user.tz)
        var low = today
        var high = today
        for e in events {
            low = Swift.min(low, e.date)
            high = Swift.max(high, e.endDate ?? e.date, e.recurrence?.until ?? e.date)
            for (day, x) in e.exceptions {
                low = Swift.min(low, day)
                if case .moved(let d, _, _) = x { high = Swift.max(high, d) }
            }
        }
        for r in routines { if let s = r.history.segments.first?.since { low = Swift.min(low, s) } }
        low = Swift.max(low.adding(days: -366), today.adding(days: -366 * 60))
        high = Swift.min(high.adding(days: 366 * 3), today.adding(days: 366 * 60))
        let from = Calendars.instant(of: low, at: LocalTime(hour: 0, minute: 0), tz: "UTC")
        let to = Calendars.instant(of: high, at: LocalTime(hour: 0, minute: 0), tz: "UTC")
        window = (from + 86_400)...(to - 86_400)
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//TwoDo//TwoDo calendar//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:TwoDo", "X-WR-TIMEZONE:" + user.tz,
        ]
        var zones = [user.tz]
        for z in events.map(\.tz) + routineZones where !zones.contains(z) { zones.append(z) }
        for z in zones { lines += ICalendar.timezone(z, from: from, to: to) }
        emit(lines, into: &out)
        for e in events { emit(Export(handlers: handlers).icsEvent(e, stamp: stamp), into: &out) }
        for (r, zone) in zip(routines, routineZones) {
            emit(Export(handlers: handlers).icsRoutine(r, zone: zone, stamp: stamp), into: &out)
        }
    }

    /// Appends folded lines: as protocol lines, or escaped into the open JSON string.
    private func emit(_ lines: [String], into out: inout [UInt8]) {
        guard !lines.isEmpty else { return }
        var text: [UInt8] = []
        for line in lines { ICalendar.fold(line, into: &text) }
        guard json else {
            out.append(contentsOf: text)
            return
        }
        var quoted: [UInt8] = []
        JSONValue.string(String(decoding: text, as: UTF8.self)).write(to: &quoted)
        out.append(contentsOf: quoted.dropFirst().dropLast())
    }

    private func writeEnd(into out: inout [UInt8]) {
        emit(["END:VCALENDAR"], into: &out)
        guard json else { return }
        out.append(contentsOf: #""}}"#.utf8)
        out.append(contentsOf: [13, 10])
    }

    private func writeStart(into out: inout [UInt8]) {
        guard let header else { return }
        StreamedReplyStart.write(code: .exportICS, header: header, tag: tag, json: json, into: &out)
        if json { out.append(contentsOf: #"{"ics":""#.utf8) }
    }
}
