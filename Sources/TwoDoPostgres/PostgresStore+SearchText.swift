// Keeps the folded text of one searchable item in `search_index` (the fold is TwoDo's own, so no trigger can).

import TwoDoCore

extension PostgresStore {
    /// What a `search_index` row is about; the raw value is the row id's kind (`item id * 8 + kind`) and the
    /// code is the `kind` column, as in SQLite's index.
    enum SearchKind: Int64 {
        case task = 0
        case note = 1
        case routine = 2
        case event = 3
        case itemNote = 4

        /// The `kind` column's letter.
        var code: String {
            switch self {
            case .task: "t"
            case .note: "n"
            case .routine: "r"
            case .event: "e"
            case .itemNote: "i"
            }
        }
    }

    /// Writes (or rewrites) the folded text of item `id` of `kind` in `space`: a task's, routine's or event's
    /// title (name) with its description, or a note's body. Every mutator that writes such text calls it in
    /// the same transaction; deletions and moves between spaces are kept by the schema's triggers.
    func indexSearchText(
        _ kind: SearchKind, id: Int64, space: SpaceID, title: String, description: String? = nil
    )
        throws
    {
        let text = description.map { title + " " + $0 } ?? title
        try connection.execute(
            """
            INSERT INTO search_index (id, space, kind, body) VALUES ($1, $2, $3, $4)
            ON CONFLICT (id) DO UPDATE SET space = EXCLUDED.space, body = EXCLUDED.body
            """,
            [
                .integer(id * 8 + kind.rawValue), .integer(space.rawValue), .text(kind.code),
                .text(PostgresStore.searchWords(TextFold.key(text))),
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
}
