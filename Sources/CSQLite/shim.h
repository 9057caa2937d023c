// Exposes the system SQLite to Swift; variadic configuration calls get fixed-arity wrappers.
// Debian's libsqlite3 is built with the session extension (changesets, used by `undo`); its declarations
// are only visible with these two macros defined.
#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>

/// sqlite3_db_config is variadic and cannot be called from Swift; this wrapper takes one int flag.
static inline int twodo_sqlite3_db_config_int(sqlite3 *db, int op, int value, int *out) {
    return sqlite3_db_config(db, op, value, out);
}
