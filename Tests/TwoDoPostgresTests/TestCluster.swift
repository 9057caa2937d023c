// The shared temporary PostgreSQL cluster of this test process, and fresh databases on it.

import Foundation
import TwoDoTestSupport
import TwoDoPostgres

/// Access to the process's shared `TemporaryCluster` for tests.
enum TestCluster {
    /// The shared cluster, or nil after printing "skipped: <reason>" when PostgreSQL cannot be started
    /// (the only case in which a PostgreSQL test passes without testing anything).
    static func shared(_ test: String = #function) -> TemporaryCluster? {
        switch TemporaryCluster.shared {
        case .success(let cluster): return cluster
        case .failure(let unavailable):
            print("skipped: \(test): \(unavailable.reason)")
            return nil
        }
    }

    /// A counter making database and schema names unique within the process.
    private static let counter = Counter()

    /// A name no other test of this process uses (`<prefix>_<pid>_<n>`).
    static func uniqueName(_ prefix: String) -> String {
        "\(prefix)_\(getpid())_\(counter.next())"
    }

    /// A new, empty database on the shared cluster; returns its URL (nil when skipped).
    static func freshDatabase(_ test: String = #function) throws -> String? {
        guard let cluster = shared(test) else { return nil }
        let name = uniqueName("t")
        try cluster.createDatabase(name)
        return cluster.socketURL(database: name)
    }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    /// The next value (1, 2, ...).
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
