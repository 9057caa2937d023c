// The isolation invariants checked on PostgreSQL: the same queries as SQLite's store runs (IsolationCheck).

import TwoDoStore

extension PostgresStore {
    /// Each isolation rule some row breaks, with how many rows break it (empty: the database is sound).
    package func isolationViolations() throws -> [String: Int] {
        var broken: [String: Int] = [:]
        for (rule, sql) in IsolationCheck.queries {
            let n = try connection.execute(sql).int(0, "n") ?? 0
            if n > 0 { broken[rule] = Int(n) }
        }
        return broken
    }
}
