// `search` / `ara`: every task (by title or note), routine and event of the space with all the words.

import TwoDoCommands
import TwoDoCore
import TwoDoProtocol
import TwoDoStore
import TwoDoText

/// `search`: tasks, notes, routines and events by their words.
struct Search: Feature {
    let handlers: Handlers
}

/// A search line read into its filters and folded words: `search #groceries done oat milk`.
struct SearchQuery: Equatable {
    /// The words as typed (for the reply), without the filters.
    var text: String
    /// The words folded the way the index is (`TextFold`), each matched as a word prefix.
    var words: [String]
    /// `#<list>`: only that list's tasks.
    var list: String?
    /// `done` / `yapılan`: only done tasks.
    var doneOnly: Bool

    /// The most words a search takes (a line holds at most a few hundred; the rest would only slow it).
    static let maxWords = 16
    /// Words that ask for done tasks only, at the start of the query (folded).
    static let doneWords: Set<String> = ["done", "completed", "yapilan", "yapilmis", "biten", "bitmis"]

    init(_ raw: String) {
        var rest = raw.split(separator: " ", omittingEmptySubsequences: true)
        var list: String?
        var doneOnly = false
        // Filters come first, in any order: `#list`, `done`.
        while let first = rest.first {
            if first.hasPrefix("#") && first.count > 1 && list == nil {
                list = String(first.dropFirst())
            } else if SearchQuery.doneWords.contains(TextFold.key(first)) && !doneOnly && rest.count > 1 {
                doneOnly = true
            } else {
                break
            }
            rest.removeFirst()
        }
        text = rest.joined(separator: " ")
        // A word is what the index's tokenizer keeps: letters and digits; punctuation only separates.
        // NFKC first, as the index folds: `file` finds `ﬁle`, `abc` finds `ＡＢＣ`.
        let folded = TextFold.searchKey(text)
        let pieces = folded.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        var seen: Set<String> = []
        words = Array(pieces.filter { seen.insert($0).inserted }.prefix(SearchQuery.maxWords))
        self.list = list
        self.doneOnly = doneOnly
    }
}

extension Handlers {
    /// Routines and events shown under the tasks, at most this many each (with how many more there are).
    static let searchOtherItems = 10
}

extension Search {
    /// `search <words> [page N]`: the matching tasks, numbered across pages for `done 2`, open before done and
    /// newest first; then, on the first page, the matching routines and events.
    func search(_ raw: String, page: Int, user: User, on c: CommandContext) throws -> Reply {
        let query = SearchQuery(raw)
        guard !query.words.isEmpty else {
            return .failure(
                .errorUsage,
                t(c, .errorUsage, ["verb": t(c, .verbSearch), "usage": t(c, .usageSearch)]),
                data: .object([("verb", .string("search"))]))
        }
        do {
            try store.flushSearchIndex(limit: .max)  // the answer sees every change, also the last second's
            let filter = SearchFilter(
                list: try query.list.map { try findList($0, user: user, c).id }, doneOnly: query.doneOnly)
            let hits = try store.searchHits(query.words, in: user.space)
            // The window and the total in one pass for the page asked for; `pageWindow` then checks the page.
            let guess = page >= 1 && page <= 1_000_000 ? (page - 1) * PageWindow.size : 0
            let (total, found) = try store.searchPage(
                hits.tasks, in: user.space, filter: filter, offset: guess, limit: PageWindow.size)
            let w = try pageWindow(page, total: total, c)
            let tasks =
                w.offset == guess
                ? found
                : try store.searchTasks(
                    hits.tasks, in: user.space, filter: filter, offset: w.offset, limit: PageWindow.size)
            remember(tasks.map(\.id), offset: w.offset, c)
            // Routines and events have no list and are never done: a list or done filter leaves them out.
            let others = w.number == 1 && query.list == nil && !query.doneOnly
            let routines: (ids: ArraySlice<RoutineID>, total: Int) =
                others ? (hits.routines.prefix(Handlers.searchOtherItems), hits.routines.count) : ([], 0)
            let events: (ids: ArraySlice<EventID>, total: Int) =
                others ? (hits.events.prefix(Handlers.searchOtherItems), hits.events.count) : ([], 0)
            let routineNames = try routines.ids.compactMap { try store.routine($0, in: user.space)?.name }
            let foundEvents = try events.ids.compactMap { try store.event($0, in: user.space) }
            let count = total + routines.total + events.total
            let capped = hits.capped
            var lines: [String]
            if capped {
                lines = [t(c, .searchCapped, ["query": query.text, "count": "\(Store.searchHitLimit)"])]
            } else if count == 0 {
                lines = [t(c, .searchNone, ["query": query.text])]
            } else {
                lines = [
                    count == 1
                        ? t(c, .searchHeaderOne, ["query": query.text])
                        : t(c, .searchHeader, ["query": query.text, "count": "\(count)"])
                ]
            }
            for (i, task) in tasks.enumerated() {
                lines.append(try describeForReader(task, number: w.offset + i + 1, user: user, c, withList: true))
            }
            if !routineNames.isEmpty {
                lines.append("  " + t(c, .searchRoutines, ["names": routineNames.joined(separator: ", ")]))
                if routines.total > routineNames.count {
                    lines.append("  " + t(c, .searchMoreItems, ["count": "\(routines.total - routineNames.count)"]))
                }
            }
            if !foundEvents.isEmpty {
                let names = foundEvents.map { "\($0.title) (\(eventSummary($0, user: user, c)))" }
                lines.append("  " + t(c, .searchEvents, ["names": names.joined(separator: ", ")]))
                if events.total > foundEvents.count {
                    lines.append("  " + t(c, .searchMoreItems, ["count": "\(events.total - foundEvents.count)"]))
                }
            }
            let data: JSONValue? =
                !c.json
                ? nil
                : .object([
                    ("query", .string(query.text)), ("capped", .bool(capped)),
                    (
                        "tasks",
                        .array(tasks.enumerated().map { JSONShape.task($1, tz: user.tz, number: w.offset + $0 + 1) })
                    ),
                    ("routines", .array(routineNames.map { JSONValue.string($0) })),
                    ("events", .array(foundEvents.map { JSONShape.event($0, tz: user.tz) })),
                ])
            return finishPage(.success(.searchResults, lines, data: data), w, listing: .search(raw), c)
        } catch let e as ReplyError {
            return e.reply
        }
    }
}
