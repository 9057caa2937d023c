// `export` as a stream: the whole space as JSON, written a few hundred tasks at a time as the reader reads.

import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoText

/// Writes the export document in pieces, reading the store a page at a time, so neither the rows nor the
/// document are ever whole in memory. The bytes are exactly what a one-piece export wrote: in human mode
/// the `export.done` line, then the document on one line; in JSON mode one reply object whose `data` is the
/// document. Each piece reads committed state; a change made while the export streams may or may not be in
/// it, but no task appears twice.
final class ExportStream: ReplyStream {
    private enum Phase {
        case start
        case list(index: Int, cursor: Store.TaskCursor?)
        case schedules
        case finished
    }

    private let handlers: Handlers
    private let user: User
    private let json: Bool
    private let tag: String?
    private let header: String
    private var phase = Phase.start
    private var lists: [TaskList] = []
    /// Tasks read per page (each brings its notes and reminders).
    static let pageSize = 200

    init(handlers: Handlers, user: User, json: Bool, tag: String?, header: String) {
        self.handlers = handlers
        self.user = user
        self.json = json
        self.tag = tag
        self.header = header
    }

    func write(into out: inout [UInt8], budget: Int) throws -> Bool {
        let limit = out.count + budget
        while out.count < limit {
            switch phase {
            case .start:
                writeStart(into: &out)
                lists = try handlers.store.lists(in: user.space)
                let members = try handlers.store.members(of: user.space)
                let name = try handlers.store.spaceName(user.space)
                out.append(contentsOf: #"{"couple":"#.utf8)
                JSONValue.object([("name", .optional(name)), ("members", .array(members.map(JSONShape.user)))])
                    .write(
                        to: &out)
                out.append(contentsOf: #","lists":["#.utf8)
                phase = lists.isEmpty ? .schedules : .list(index: 0, cursor: nil)
                if !lists.isEmpty { writeListStart(0, into: &out) }
            case .list(let index, let cursor):
                let page = try handlers.store.tasks(in: lists[index].id, after: cursor, limit: ExportStream.pageSize)
                for (i, task) in page.enumerated() {
                    if cursor != nil || i > 0 { out.append(UInt8(ascii: ",")) }
                    try Info(handlers: handlers).exportedTask(task, user: user).write(to: &out)
                }
                if let last = page.last, page.count == ExportStream.pageSize {
                    phase = .list(index: index, cursor: Store.TaskCursor(after: last))
                } else {
                    out.append(contentsOf: "]}".utf8)
                    if index + 1 < lists.count {
                        out.append(UInt8(ascii: ","))
                        writeListStart(index + 1, into: &out)
                        phase = .list(index: index + 1, cursor: nil)
                    } else {
                        phase = .schedules
                    }
                }
            case .schedules:
                // Routines and events are capped per space, so each section is one bounded piece.
                let members = try handlers.store.members(of: user.space)
                out.append(contentsOf: #"],"routines":"#.utf8)
                try Export(handlers: handlers).routinesExport(user: user, members: members).write(to: &out)
                out.append(contentsOf: #","events":"#.utf8)
                try Export(handlers: handlers).eventsExport(user: user).write(to: &out)
                out.append(UInt8(ascii: "}"))
                if json { out.append(UInt8(ascii: "}")) }
                out.append(contentsOf: [13, 10])
                phase = .finished
            case .finished:
                return true
            }
        }
        if case .finished = phase { return true }
        return false
    }

    private func writeStart(into out: inout [UInt8]) {
        StreamedReplyStart.write(code: .export, header: header, tag: tag, json: json, into: &out)
    }

    private func writeListStart(_ index: Int, into out: inout [UInt8]) {
        let list = lists[index]
        out.append(contentsOf: #"{"name":"#.utf8)
        JSONValue.string(list.name).write(to: &out)
        out.append(contentsOf: #","icon":"#.utf8)
        (list.icon.map(JSONValue.string) ?? .null).write(to: &out)
        out.append(contentsOf: #","default":"#.utf8)
        out.append(contentsOf: (list.isDefault ? "true" : "false").utf8)
        out.append(contentsOf: #","tasks":["#.utf8)
    }
}
