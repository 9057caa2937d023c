// Paging of every listing: page windows, the footer and JSON fields, `more`, and `#n` for the rows shown.

import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoText

extension Feature {
    /// Runs a listing command for page `page` (1 for the plain command); `resume`, from `more`, is where the
    /// page before it ended, for the listings read by key.
    func listing(
        _ command: Command, page: Int, resume: PageResume? = nil, user: User, on c: CommandContext
    ) throws -> Reply {
        switch command {
        case .show(let name):
            return try Tasks(handlers: handlers).show(listNamed: name, page: page, resume: resume, user: user, on: c)
        case .view(let v):
            do {
                return try Views(handlers: handlers).view(v, page: page, resume: resume, user: user, c)
            } catch let e as ReplyError {
                return e.reply
            }
        case .inbox: return try Inbox(handlers: handlers).inbox(page: page, user: user, on: c)
        case .events(let from, let to):
            return try Events(handlers: handlers).eventList(from: from, to: to, page: page, user: user, on: c)
        case .routines: return try Routines(handlers: handlers).routineList(page: page, user: user, on: c)
        case .lists: return try Tasks(handlers: handlers).lists(page: page, user: user, on: c)
        case .notes: return try Notes(handlers: handlers).noteCommand(command, page: page, user: user, on: c)
        case .itemNotes: return try Notes(handlers: handlers).itemNote(command, page: page, user: user, on: c)
        case .calendar(let month, let year):
            return try Events(handlers: handlers).calendar(month: month, year: year, page: page, user: user, on: c)
        case .search(let raw): return try Search(handlers: handlers).search(raw, page: page, user: user, on: c)
        case .steps(let ref): return try Steps(handlers: handlers).steps(of: ref, page: page, user: user, on: c)
        case .plan(let action): return try Plan(handlers: handlers).planCommand(action, page: page, user: user, on: c)
        default: preconditionFailure("not a paged listing: \(command.verb)")
        }
    }

    /// `more` / `devamı`: the next page of the connection's last paged listing.
    ///
    /// It stops at the last page the listing had when it was shown, without reading anything (so a flood of
    /// `more` costs nothing); showing the listing again picks up rows added since. When the listing shrank
    /// below the next page meanwhile, the answer is the same "no more pages".
    func more(user: User, on c: CommandContext) throws -> Reply {
        guard let cursor = c.paging.cursor else { return .failure(.errorNoListing, t(c, .errorNoListing)) }
        let noMore = { (pages: Int) -> Reply in
            .failure(
                .errorNoMorePages, self.t(c, .errorNoMorePages, ["pages": "\(pages)"]),
                data: .object([("page", .int(Int64(pages))), ("pages", .int(Int64(pages)))]))
        }
        guard cursor.page < cursor.pages else { return noMore(cursor.pages) }
        let reply = try listing(cursor.listing, page: cursor.page + 1, resume: cursor.resume, user: user, on: c)
        return reply.code == .errorPageRange ? noMore(cursor.page) : reply
    }

    /// The window for page `page` of `total` rows, or the localized error naming how many pages there are.
    func pageWindow(_ page: Int, total: Int, _ c: CommandContext) throws(ReplyError) -> PageWindow {
        if let window = PageWindow(page: page, total: total) { return window }
        let pages = max(1, (total + PageWindow.size - 1) / PageWindow.size)
        throw ReplyError(
            reply: .failure(
                .errorPageRange,
                t(
                    c, pages == 1 ? .errorPageRangeOne : .errorPageRange,
                    ["page": "\(page)", "pages": "\(pages)"]),
                data: .object([
                    ("page", .int(Int64(page))), ("pages", .int(Int64(pages))), ("total", .int(Int64(total))),
                ])))
    }

    /// Finishes a page of `listing`: remembers it for `more`, adds the footer (`… 950 more: type "more"`) and
    /// the JSON fields `page`, `pages` and `total`. `resume` is where the page ended, for a listing `more` reads
    /// by key.
    func finishPage(
        _ reply: Reply, _ w: PageWindow, listing: Command, _ c: CommandContext, resume: PageResume? = nil
    ) -> Reply {
        c.paging.cursor = PageCursor(listing: listing, page: w.number, pages: w.pages, resume: resume)
        var r = reply
        if w.remaining > 0 {
            r.lines.append(
                t(c, .pageMore, ["count": "\(w.remaining)", "page": "\(w.number)", "pages": "\(w.pages)"]))
        } else if w.pages > 1 {
            r.lines.append(t(c, .pageLast, ["page": "\(w.number)", "pages": "\(w.pages)"]))
        }
        guard c.json else { return r }
        let fields: [(String, JSONValue)] = [
            ("page", .int(Int64(w.number))), ("pages", .int(Int64(w.pages))), ("total", .int(Int64(w.total))),
        ]
        if case .object(let members)? = r.data {
            r.data = .object(members + fields)
        } else {
            r.data = .object(fields)
        }
        return r
    }

    /// The rows of a page of an in-memory listing (one already bounded by the space limits).
    func page<T>(of rows: [T], _ page: Int, _ c: CommandContext) throws(ReplyError) -> (ArraySlice<T>, PageWindow) {
        let w = try pageWindow(page, total: rows.count, c)
        return (rows[w.offset..<min(rows.count, w.offset + PageWindow.size)], w)
    }

    /// One page of rows across consecutive segments, each run under its heading, and where the page ended.
    ///
    /// With `resume` (the page after one shown, for `more`) the rows are read by key after the last row shown:
    /// what is before it is never walked. Otherwise (a page asked for by number) `offset` rows are skipped,
    /// whole segments by their counts and the rest inside one segment by its index.
    func tasks(
        of segments: [TaskSegment], offset: Int, limit: Int, resume: PageResume? = nil
    ) throws -> (groups: [(key: String, tasks: [TaskItem])], end: PageResume?) {
        var out: [(key: String, tasks: [TaskItem])] = []
        var end: PageResume?
        var room = limit
        func take(_ rows: [TaskItem], of i: Int) {
            guard let last = rows.last else { return }
            room -= rows.count
            end = PageResume(segment: i, last: last)
            if let previous = out.last, previous.key == segments[i].key {
                out[out.count - 1].tasks += rows
            } else {
                out.append((segments[i].key, rows))
            }
        }
        if let resume, resume.segment < segments.count {
            for i in resume.segment..<segments.count where room > 0 {
                if i == resume.segment {
                    take(try segments[i].fetchAfter(resume.last, room), of: i)
                } else if segments[i].count > 0 {
                    take(try segments[i].fetch(0, min(room, segments[i].count)), of: i)
                }
            }
            return (out, end)
        }
        var skip = offset
        for (i, s) in segments.enumerated() where room > 0 {
            if skip >= s.count {
                skip -= s.count
                continue
            }
            take(try s.fetch(skip, min(room, s.count - skip)), of: i)
            skip = 0
        }
        return (out, end)
    }

    /// Remembers the task ids of the page shown, for `#n`: row `offset + 1` is `ids[0]` (numbers continue
    /// across pages). Only this page is kept, so what a number means is bounded by one page and is always a row
    /// the session was shown.
    func remember(_ ids: [TaskID], offset: Int, _ c: CommandContext) {
        c.lastListing = ids
        c.paging.offset = offset
    }

    /// Forgets paging and numbering (the user changed spaces).
    func forgetListing(_ c: CommandContext) {
        remember([], offset: 0, c)
        c.paging.cursor = nil
    }

    /// The task shown as row `n` by the connection's last listing, as it is now.
    ///
    /// A number only ever means a row this session was shown: nothing is read again by position, so a task the
    /// partner added, assigned or reordered since can never take the number of the row the user saw.
    /// - Throws: `error.no_such_row` when the last page shown had no row `n` (or nothing was shown yet), or
    ///   its `error.row_gone` wording when that row's task was deleted (or left the space) since.
    func task(atRow n: Int, user: User, _ c: CommandContext) throws -> TaskItem {
        let i = n - c.paging.offset - 1
        let shown = c.lastListing
        let data: JSONValue = .object([
            ("row", .int(Int64(n))), ("first", .int(Int64(shown.isEmpty ? 0 : c.paging.offset + 1))),
            ("last", .int(Int64(c.paging.offset + shown.count))),
        ])
        guard n >= 1, i >= 0, i < shown.count else {
            throw ReplyError(reply: .failure(.errorNoSuchRow, t(c, .errorNoSuchRow, ["n": "\(n)"]), data: data))
        }
        guard let task = try store.task(shown[i], in: user.space) else {
            throw ReplyError(reply: .failure(.errorNoSuchRow, t(c, .errorRowGone, ["n": "\(n)"]), data: data))
        }
        return task
    }
}
