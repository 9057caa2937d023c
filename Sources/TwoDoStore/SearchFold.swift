// The `twodo_fold(text)` SQL function: TextFold's search key (NFKC, then Turkish-aware case and accent folding),
// so the search index folds as people type.

import CSQLite
import TwoDoCore

/// Registers `twodo_fold(text)` on a connection. The search index's triggers call it, so every write path
/// (a title edit, a cascade delete, a couple's merge) keeps the index folded the same way as the queries.
///
/// Deterministic and innocuous (it reads nothing but its argument), so SQLite may use it in triggers and
/// indexes. A connection without it (the `sqlite3` shell) cannot write tasks, notes, routines or events:
/// their triggers name it. Documented in docs/OPERATIONS.md.
enum SearchFold {
    /// The SQL name of the function.
    static let name = "twodo_fold"

    static func register(on handle: OpaquePointer) throws {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        let rc = sqlite3_create_function_v2(
            handle, name, 1, flags, nil,
            { context, count, values in
                guard count == 1, let values, let value = values[0], let text = sqlite3_value_text(value) else {
                    sqlite3_result_null(context)
                    return
                }
                let folded = TextFold.searchKey(String(cString: text))
                sqlite3_result_text(context, folded, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            }, nil, nil, nil)
        guard rc == SQLITE_OK else {
            throw DatabaseError(code: rc, message: String(cString: sqlite3_errmsg(handle)), sql: nil)
        }
    }
}
