// A throwaway PostgreSQL cluster in a temporary directory on a loopback port, for tests and the cluster script.

import Foundation
import Glibc
import TwoDoPostgres

/// A PostgreSQL cluster of its own: `initdb` into a fresh temporary directory, `postgres` listening on a
/// free loopback port (and a unix socket in that directory), removed again by `stop()`.
///
/// PostgreSQL refuses to run as root, so when this process is root the cluster's files belong to the
/// `postgres` user and its programs run as that user (`runuser`); otherwise they run as this user.
/// Authentication is `trust` on loopback only; the superuser is `twodo`. Tests share one cluster per
/// process (`shared`), stopped at exit.
public final class TemporaryCluster: @unchecked Sendable {
    /// Why a cluster could not be started (PostgreSQL is not installed, initdb failed, ...).
    public struct Unavailable: Error, CustomStringConvertible, Sendable {
        /// The reason, for a test's "skipped: <reason>" line.
        public let reason: String
        public var description: String { reason }
    }

    /// The superuser `initdb` creates, which every URL names.
    public static let superuser = "twodo"
    /// The directory holding the data directory, the log and the unix socket.
    public let directory: String
    /// The loopback TCP port the server listens on.
    public let port: Int
    /// The directory of PostgreSQL's programs (initdb, pg_ctl, postgres).
    public let binDirectory: String
    private let runAs: String?
    private let lock = NSLock()
    private var stopped = false

    /// Creates and starts a cluster.
    /// - Parameter forTests: durability off (`fsync=off`, no synchronous commit, no full-page writes):
    ///   much faster, and a crash of the machine loses the cluster, which a test does not mind.
    public init(forTests: Bool = true) throws {
        guard let bin = TemporaryCluster.findBinaries() else {
            throw Unavailable(reason: "PostgreSQL's programs (initdb, pg_ctl) are not installed (Debian: postgresql)")
        }
        binDirectory = bin
        runAs = geteuid() == 0 ? "postgres" : nil
        if let runAs, getpwnam(runAs) == nil {
            throw Unavailable(reason: "running as root and there is no \(runAs) user to run PostgreSQL as")
        }
        var template = Array("/tmp/twodo-pg-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Unavailable(reason: "cannot create a temporary directory: \(String(cString: strerror(errno)))")
        }
        directory = String(cString: made)
        if let runAs, let user = getpwnam(runAs) {
            chown(directory, user.pointee.pw_uid, user.pointee.pw_gid)
        }
        chmod(directory, 0o700)
        port = TemporaryCluster.freePort()
        do {
            try run(
                "initdb",
                [
                    "-D", dataDirectory, "-A", "trust", "-U", TemporaryCluster.superuser, "-E", "UTF8",
                    "--locale=C.UTF-8", "-N",
                ])
            var options = [
                "-c listen_addresses=127.0.0.1", "-p \(port)", "-k \(directory)", "-c max_connections=200",
            ]
            if forTests {
                options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
            }
            serverOptions = options.joined(separator: " ")
            try start()
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    /// The `postgres` options the server runs with (`pg_ctl -o`).
    private var serverOptions = ""

    private func start() throws {
        try run(
            "pg_ctl",
            ["start", "-D", dataDirectory, "-w", "-t", "60", "-l", "\(directory)/postgres.log", "-o", serverOptions])
    }

    /// Stops the server and keeps its data (`mode`: pg_ctl's `fast`, or `immediate` for a crash), for tests of
    /// what nodes do while the database is away; `resume()` starts it again on the same port.
    public func pause(mode: String = "fast") throws {
        try run("pg_ctl", ["stop", "-D", dataDirectory, "-m", mode, "-w"])
    }

    /// Starts the server paused by `pause()` again.
    public func resume() throws { try start() }

    /// Stops every process of the server with SIGSTOP (`thaw()` continues them): the database keeps its
    /// connections open but answers nothing, as a hung host or a cut network would.
    public func freeze() throws { try signalAll(SIGSTOP) }

    /// Continues the processes `freeze()` stopped.
    public func thaw() throws { try signalAll(SIGCONT) }

    /// Sends `signal` to the postmaster and each of its children (found by their parent pid in /proc).
    private func signalAll(_ signal: Int32) throws {
        let pidFile = try String(contentsOfFile: dataDirectory + "/postmaster.pid", encoding: .utf8)
        guard let first = pidFile.split(separator: "\n").first, let postmaster = pid_t(first) else {
            throw Unavailable(reason: "no postmaster pid in \(dataDirectory)")
        }
        var pids = [postmaster]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // The fields after the command name: state, then the parent pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, pid_t(fields[1]) == postmaster { pids.append(pid) }
        }
        for pid in pids { kill(pid, signal) }
    }

    /// Where `initdb` put the cluster's data.
    public var dataDirectory: String { "\(directory)/data" }

    /// The URL of `database` on this cluster, over loopback TCP.
    public func url(database: String) -> String {
        "postgresql://\(TemporaryCluster.superuser)@127.0.0.1:\(port)/\(database)"
    }

    /// The URL of `database` over the unix socket in `directory` (a little faster than TCP).
    public func socketURL(database: String) -> String {
        "postgresql://\(TemporaryCluster.superuser)@/\(database)?host=\(directory)&port=\(port)"
    }

    /// Creates an empty database called `name` (letters, digits and `_` only).
    public func createDatabase(_ name: String) throws {
        try TemporaryCluster.checkIdentifier(name)
        let admin = try PGConnection(url: socketURL(database: "postgres"))
        try admin.executeScript("CREATE DATABASE \(name)")
    }

    /// The database that holds one schema per `freshSchemaURL()` (created on first use, pg_trgm in `public`).
    private var schemasDatabase: String?
    /// How many schemas `freshSchemaURL()` handed out.
    private var schemaCount = 0

    /// For tests: the URL of a fresh, empty schema of its own in one database of this cluster, so each test
    /// gets its own tables (and id sequences from 1) for the price of a migration; a store opening the URL
    /// creates its tables there. pg_trgm lives in that database's `public` schema, which the URL also searches.
    public func freshSchemaURL() throws -> String {
        lock.lock()
        defer { lock.unlock() }
        let database = "twodo_schemas"
        if schemasDatabase == nil {
            try createDatabase(database)
            try PGConnection(url: socketURL(database: database)).executeScript("CREATE EXTENSION pg_trgm")
            schemasDatabase = database
        }
        schemaCount += 1
        let name = "s_\(getpid())_\(schemaCount)"
        try PGConnection(url: socketURL(database: database)).executeScript("CREATE SCHEMA \(name)")
        return socketURL(database: database) + "&options=-csearch_path%3D\(name),public"
    }

    /// Drops the database called `name` (no error when it does not exist).
    public func dropDatabase(_ name: String) throws {
        try TemporaryCluster.checkIdentifier(name)
        let admin = try PGConnection(url: socketURL(database: "postgres"))
        try admin.executeScript("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// Stops the server (`pg_ctl stop -m fast`) and removes its directory. Harmless when repeated.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        try? run("pg_ctl", ["stop", "-D", dataDirectory, "-m", "fast", "-w"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    deinit { stop() }

    /// The per-process cluster tests share, started on first use and stopped at process exit; or why
    /// PostgreSQL could not be started, for a "skipped: <reason>" line.
    public static let shared: Result<TemporaryCluster, Unavailable> = {
        do {
            let cluster = try TemporaryCluster(forTests: true)
            atexit { if case .success(let cluster) = TemporaryCluster.shared { cluster.stop() } }
            return .success(cluster)
        } catch let e as Unavailable {
            return .failure(e)
        } catch {
            return .failure(Unavailable(reason: "\(error)"))
        }
    }()

    /// Runs one of PostgreSQL's programs (as `postgres` when root), throwing with its output on failure.
    /// posix_spawn and waitpid, not Foundation's Process, whose exit monitoring hung under the test runner.
    private func run(_ program: String, _ arguments: [String]) throws {
        let path = "\(binDirectory)/\(program)"
        let argv = runAs.map { ["/usr/sbin/runuser", "-u", $0, "--", path] } ?? [path]
        // Into a file, not a pipe: the server `pg_ctl start` leaves running would hold a pipe open forever.
        let outputPath = "\(directory)/\(program).out"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let all = argv + arguments
        var cArgs: [UnsafeMutablePointer<CChar>?] = all.map { strdup($0) } + [nil]
        defer { for a in cArgs { free(a) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, all[0], &actions, nil, &cArgs, environ)
        guard rc == 0 else {
            throw Unavailable(reason: "cannot run \(all[0]): \(String(cString: strerror(rc)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let exited = status & 0x7f == 0
        let code = (status >> 8) & 0xff
        guard exited && code == 0 else {
            let log = (try? String(contentsOfFile: "\(directory)/postgres.log", encoding: .utf8)) ?? ""
            throw Unavailable(reason: "\(program) failed (\(status)): \(text.suffix(600)) \(log.suffix(600))")
        }
    }

    /// The newest installed PostgreSQL's bin directory (Debian: /usr/lib/postgresql/<major>/bin), or the
    /// one named by `TWODO_PG_BIN`.
    private static func findBinaries() -> String? {
        let fm = FileManager.default
        if let dir = ProcessInfo.processInfo.environment["TWODO_PG_BIN"] {
            return fm.isExecutableFile(atPath: "\(dir)/initdb") ? dir : nil
        }
        let root = "/usr/lib/postgresql"
        let majors = ((try? fm.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted(by: >)
        for major in majors where fm.isExecutableFile(atPath: "\(root)/\(major)/bin/initdb") {
            return "\(root)/\(major)/bin"
        }
        for dir in ["/usr/bin", "/usr/local/bin", "/usr/local/pgsql/bin"]
        where fm.isExecutableFile(atPath: "\(dir)/initdb") && fm.isExecutableFile(atPath: "\(dir)/pg_ctl") {
            return dir
        }
        return nil
    }

    /// A loopback TCP port nobody listens on right now (the kernel's pick for port 0).
    private static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length)
                return getsockname(fd, pointer, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Refuses names that would need quoting (they are spliced into CREATE/DROP DATABASE).
    private static func checkIdentifier(_ name: String) throws {
        let allowed = name.utf8.allSatisfy {
            $0 == UInt8(ascii: "_") || ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 122)
        }
        guard allowed, !name.isEmpty, name.utf8.count < 64 else {
            throw Unavailable(reason: "'\(name)' is not a plain database name")
        }
    }
}
