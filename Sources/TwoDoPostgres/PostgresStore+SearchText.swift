// Keeps the folded text of one searchable item in `search_index` (the fold is TwoDo's own, so no trigger can).

import TwoDoCore
import TwoDoStore

extension PostgresStore {
    /// What a `search_index` row is about: the row id's kind (`item id * 8 + kind`), and `code`, its `kind` column.
    typealias SearchKind = SearchTextKind

    /// Writes (or rewrites) the folded text of item `id` of `kind` in `space`: a task's, routine's or event's
    /// title (name) with its description, or a note's body. Every mutator that writes such text calls it in
    /// the same transaction; deletions and moves between spaces are kept by the schema's triggers.
    func indexSearchText(
        _ kind: SearchKind, id: Int64, space: SpaceID, title: String, description: String? = nil
    )
        throws
    {
        try PostgresStore.indexSearchText(
            kind, id: id, space: space, title: title, description: description, on: connection)
    }

    /// `indexSearchText` on a given connection (a migration's, before any store exists).
    static func indexSearchText(
        _ kind: SearchKind, id: Int64, space: SpaceID, title: String, description: String?, on connection: PGConnection
    ) throws {
        let text = description.map { title + " " + $0 } ?? title
        try connection.execute(
            """
            INSERT INTO search_index (id, space, kind, body) VALUES ($1, $2, $3, $4)
            ON CONFLICT (id) DO UPDATE SET space = EXCLUDED.space, body = EXCLUDED.body
            """,
            [
                .integer(id * 8 + kind.rawValue), .integer(space.rawValue), .text(kind.code),
                .text(PostgresStore.searchWords(TextFold.searchKey(text))),
            ])
    }

    /// Folded text as the search index keeps it: its words (runs of letters and digits, what SQLite's FTS5
    /// tokenizer and `search`'s query reading keep) joined by single spaces, so "a word starts here" is
    /// `' ' || body LIKE '% word%'` whatever the server's locale thinks a letter is. (pgB: the foundation
    /// stored the folded text as is, whose punctuation and non-ASCII letters a `LIKE` or regex cannot tell
    /// apart as FTS5 does.)
    static func searchWords(_ folded: String) -> String {
        folded.split { !($0.isLetter || $0.isNumber) }.joined(separator: " ")
    }

    /// Writes the folded search text of every task, note, routine, event and item note again, from the rows
    /// themselves (after a copy from SQLite, and when the fold changed: PostgreSQL migration 3, NFKC).
    static func rebuildSearchText(on connection: PGConnection) throws {
        for (kind, sql, _) in searchSources {
            try connection.executeScript("DECLARE twodo_search_rows NO SCROLL CURSOR FOR \(sql)")
            while true {
                let rows = try connection.executeScript("FETCH 5000 FROM twodo_search_rows")
                if rows.rowCount == 0 { break }
                for r in 0..<rows.rowCount {
                    guard let space = try rows.int(r, "space_id") else { continue }
                    try indexSearchText(
                        kind, id: try rows.requiredInt(r, "id"), space: SpaceID(space),
                        title: try rows.requiredString(r, "title"), description: try rows.string(r, "description"),
                        on: connection)
                }
            }
            try connection.executeScript("CLOSE twodo_search_rows")
        }
    }

    /// Each searchable table's rows as the search index keeps them (`id`, `space_id`, `title`, `description`),
    /// and the alias of its `id`: read whole by `rebuildSearchText`, one row at a time after an undo.
    static let searchSources: [(kind: SearchKind, sql: String, id: String)] = [
        (.task, "SELECT id, space_id, title, description FROM tasks", "id"),
        (
            .taskNote,
            "SELECT n.id, t.space_id, n.body AS title, NULL AS description FROM task_notes n JOIN tasks t ON t.id = n.task_id",
            "n.id"
        ),
        (.routine, "SELECT id, space_id, name AS title, description FROM routines", "id"),
        (.event, "SELECT id, space_id, title, description FROM events", "id"),
        (
            .itemNote,
            """
            SELECT n.id, coalesce(r.space_id, e.space_id) AS space_id, n.body AS title, NULL AS description
            FROM item_notes n LEFT JOIN routines r ON r.id = n.routine_id LEFT JOIN events e ON e.id = n.event_id
            """,
            "n.id"
        ),
    ]
}

extension SearchTextKind {
    /// The `kind` column's letter in `search_index`, as in SQLite's index.
    var code: String {
        switch self {
        case .task: "t"
        case .taskNote: "n"
        case .routine: "r"
        case .event: "e"
        case .itemNote: "i"
        }
    }
}
