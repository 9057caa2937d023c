// One libpq connection: connect from a URL, run statements with every value bound, prepared once per SQL text.

import CPostgres
import TwoDoStore
import TwoDoSystem

/// One connection to a PostgreSQL server. Owned by one thread; nothing here is `Sendable`.
///
/// Every value travels as a bound parameter (never spliced into SQL). `execute` prepares each distinct SQL
/// text once (PQprepare) and runs it by name afterwards (PQexecPrepared), so the hot path sends no SQL
/// text and the server plans it once. Failures are thrown as `DatabaseError` with the SQLSTATE.
public final class PGConnection {
    /// libpq's connection handle.
    private let handle: OpaquePointer
    /// Prepared statement names by SQL text.
    private var prepared: [String: String] = [:]
    /// The URL it was opened with (without the password, for messages).
    public let url: String

    /// How long one statement may wait for the server's answer (seconds; nil: as long as it takes). Past it the
    /// connection is given up (closed, `isConnected` false) and the statement throws an unavailable error: a
    /// server that stopped answering (paused, or cut off by the network) must not hold the caller's thread.
    public var responseTimeout: Double?

    /// Connects to `url` (`postgresql://user@host:port/db?...`, anything libpq's conninfo accepts), waiting at
    /// most `timeout` seconds (nil: as long as libpq does) for the server: the connection is made with libpq's
    /// non-blocking calls, so a server that accepts the TCP connection but never answers cannot hold it.
    public init(url: String, timeout: Double? = nil) throws {
        guard let conn = PQconnectStart(url) else {
            throw DatabaseError(postgres: "out of memory connecting", sqlState: nil, sql: nil)
        }
        let deadline = timeout.map { Monotonic.now() + $0 }
        var polling = PGRES_POLLING_WRITING
        while PQstatus(conn) != CONNECTION_BAD && polling != PGRES_POLLING_OK && polling != PGRES_POLLING_FAILED {
            let interest: Interest = polling == PGRES_POLLING_READING ? .readable : .writable
            let ready: Bool
            do {
                ready = try PGConnection.wait(for: PQsocket(conn), interest, until: deadline)
            } catch {
                PQfinish(conn)
                throw DatabaseError(postgres: "cannot connect: \(error)", sqlState: "08001", sql: nil)
            }
            guard ready else {
                PQfinish(conn)
                throw DatabaseError(
                    postgres: "cannot connect: no answer within \(timeout ?? 0) s", sqlState: "08001", sql: nil)
            }
            polling = PQconnectPoll(conn)
        }
        guard PQstatus(conn) == CONNECTION_OK else {
            let message = PGConnection.trimmed(PQerrorMessage(conn))
            PQfinish(conn)
            throw DatabaseError(postgres: "cannot connect: \(message)", sqlState: "08001", sql: nil)
        }
        handle = conn
        self.url = url
        // Notices (e.g. "there is no transaction in progress") are not errors; keep them off stderr.
        PQsetNoticeProcessor(conn, { _, _ in }, nil)
    }

    /// Whether `close()` ran.
    private var closed = false

    deinit { close() }

    /// Closes the connection; nothing is called afterwards. Harmless when repeated.
    public func close() {
        guard !closed else { return }
        closed = true
        PQfinish(handle)
    }

    /// The server's transaction state is "failed": a statement failed and only ROLLBACK (to a savepoint)
    /// is accepted; a COMMIT now would roll back silently.
    public var isInFailedTransaction: Bool { !closed && PQtransactionStatus(handle) == PQTRANS_INERROR }

    /// Whether libpq still considers the connection usable (false once given up or closed).
    public var isConnected: Bool { !closed && PQstatus(handle) == CONNECTION_OK }

    /// The server's transaction state: inside a transaction (idle or failed) or not.
    public var isInTransaction: Bool {
        guard !closed else { return false }
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
    }

    /// The connection's socket, to wait on for notifications (`LISTEN`) in the caller's poll loop.
    public var socket: Int32 { closed ? -1 : PQsocket(handle) }

    /// Reads what arrived on the socket without blocking and returns the channels of the notifications
    /// received (`NOTIFY`), oldest first. Throws when the connection was lost.
    public func takeNotifications() throws -> [String] {
        guard !closed, PQconsumeInput(handle) == 1 else {
            throw DatabaseError(
                postgres: "connection lost: \(PGConnection.trimmed(PQerrorMessage(handle)))", sqlState: "08006",
                sql: nil)
        }
        var channels: [String] = []
        while let notice = PQnotifies(handle) {
            channels.append(String(cString: notice.pointee.relname))
            PQfreemem(notice)
        }
        return channels
    }

    /// The server's version number (e.g. 150004).
    public var serverVersion: Int { closed ? 0 : Int(PQserverVersion(handle)) }

    /// Runs one statement with `parameters` bound to `$1`, `$2`, ... and returns its result.
    /// The statement is prepared on first use and reused by name afterwards.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [PGValue] = []) throws -> PGResult {
        let name = try preparedName(for: sql, parameterCount: parameters.count)
        return try withBound(parameters) { values, lengths, formats in
            try answer(to: sql) {
                PQsendQueryPrepared(handle, name, Int32(parameters.count), values, lengths, formats, 0)
            }
        }
    }

    /// Runs one statement without preparing it (PQexecParams): for statements run once, such as DDL.
    @discardableResult
    public func executeOnce(_ sql: String, _ parameters: [PGValue] = []) throws -> PGResult {
        try withBound(parameters) { values, lengths, formats in
            try answer(to: sql) {
                PQsendQueryParams(handle, sql, Int32(parameters.count), nil, values, lengths, formats, 0)
            }
        }
    }

    /// Runs a script of several statements with no parameters (the simple query protocol): migrations,
    /// BEGIN/COMMIT, SAVEPOINT. Returns the last statement's result.
    @discardableResult
    public func executeScript(_ sql: String) throws -> PGResult {
        try answer(to: sql) { PQsendQuery(handle, sql) }
    }

    /// The statement name for `sql`, preparing it on first use.
    private func preparedName(for sql: String, parameterCount: Int) throws -> String {
        if let name = prepared[sql] { return name }
        let name = "s\(prepared.count)"
        _ = try answer(to: sql) { PQsendPrepare(handle, name, sql, Int32(parameterCount), nil) }
        prepared[sql] = name
        return name
    }

    /// Calls `body` with libpq's parameter arrays for `parameters`: text format, except bytea in binary.
    private func withBound<T>(
        _ parameters: [PGValue],
        _ body: (
            UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?
        ) throws -> T
    ) throws -> T {
        if parameters.isEmpty { return try body(nil, nil, nil) }
        // Each value as bytes that outlive the call; NULL as nil.
        var buffers: [UnsafeMutablePointer<CChar>?] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        buffers.reserveCapacity(parameters.count)
        defer { for b in buffers { b?.deallocate() } }
        for value in parameters {
            let bytes: [UInt8]?
            var format: Int32 = 0
            switch value {
            case .null: bytes = nil
            case .integer(let v): bytes = Array(String(v).utf8)
            case .real(let v): bytes = Array(PGConnection.text(of: v).utf8)
            case .text(let v):
                // PostgreSQL text cannot hold NUL, and libpq would silently cut the value there: refuse it.
                guard !v.utf8.contains(0) else {
                    throw DatabaseError(
                        postgres: "text with a NUL character cannot be stored", sqlState: "22021", sql: nil)
                }
                bytes = Array(v.utf8)
            case .bool(let v): bytes = Array((v ? "t" : "f").utf8)
            case .bytea(let v):
                bytes = v
                format = 1
            }
            if let bytes {
                let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
                bytes.withUnsafeBufferPointer { src in
                    src.withMemoryRebound(to: CChar.self) { buffer.update(from: $0.baseAddress!, count: bytes.count) }
                }
                buffer[bytes.count] = 0
                buffers.append(buffer)
                lengths.append(Int32(bytes.count))
            } else {
                buffers.append(nil)
                lengths.append(0)
            }
            formats.append(format)
        }
        return try buffers.withUnsafeBufferPointer { bufferPointers in
            try bufferPointers.withMemoryRebound(to: UnsafePointer<CChar>?.self) { values in
                try lengths.withUnsafeBufferPointer { l in
                    try formats.withUnsafeBufferPointer { f in
                        try body(values.baseAddress, l.baseAddress, f.baseAddress)
                    }
                }
            }
        }
    }

    /// PostgreSQL's text for a double: its own spelling of the non-finite values.
    private static func text(of value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        return String(value)
    }

    /// Sends a statement with `send` (one of libpq's PQsend* calls) and waits for its last result, at most
    /// `responseTimeout` seconds: the wait is a `poll` on the socket, never libpq's blocking read. A server that
    /// does not answer in time costs the connection (it is closed: what it was doing is unknown, and the caller
    /// treats it as lost); the statement throws an unavailable error (SQLSTATE 08006).
    private func answer(to sql: String, _ send: () -> Int32) throws -> PGResult {
        guard !closed else { throw DatabaseError(postgres: "connection closed", sqlState: "08003", sql: sql) }
        guard send() == 1 else { return try check(nil, sql: sql) }
        let deadline = responseTimeout.map { Monotonic.now() + $0 }
        var last: OpaquePointer?
        while true {
            while PQisBusy(handle) == 1 {
                let ready = (try? PGConnection.wait(for: PQsocket(handle), .readable, until: deadline)) ?? false
                guard ready else {
                    if let last { PQclear(last) }
                    close()
                    throw DatabaseError(
                        postgres: "the database did not answer within \(responseTimeout ?? 0) s; connection given up",
                        sqlState: "08006", sql: sql)
                }
                guard PQconsumeInput(handle) == 1 else {
                    if let last { PQclear(last) }
                    return try check(nil, sql: sql)
                }
            }
            guard let next = PQgetResult(handle) else { break }
            // Several results come for a script; as PQexec does, the last one (an error ends a script) counts.
            if let last { PQclear(last) }
            last = next
        }
        return try check(last, sql: sql)
    }

    /// Waits until `fd` is ready for `interest` or `deadline` (monotonic seconds; nil: no limit) passes; false
    /// at the deadline.
    private static func wait(for fd: Int32, _ interest: Interest, until deadline: Double?) throws -> Bool {
        guard fd >= 0 else { return true }  // no socket: libpq reports the failure itself
        while true {
            var milliseconds: Int32 = -1
            if let deadline {
                let left = deadline - Monotonic.now()
                if left <= 0 { return false }
                milliseconds = Int32(min(left * 1000, 60_000).rounded(.up))
            }
            // Nothing ready: the deadline passed, or a signal woke the poll early (checked again above).
            if try !Posix.poll([(fd: fd, interest: interest)], timeoutMilliseconds: milliseconds)[0].isEmpty {
                return true
            }
        }
    }

    /// Wraps a libpq result, throwing its error (with the SQLSTATE) when the statement failed.
    private func check(_ result: OpaquePointer?, sql: String) throws -> PGResult {
        guard let result else {
            let message = PGConnection.trimmed(PQerrorMessage(handle))
            // No result on a connection libpq now calls bad is a lost connection, as below.
            let lost = PQstatus(handle) != CONNECTION_OK
            throw DatabaseError(
                postgres: message.isEmpty ? "no result" : message, sqlState: lost ? "08006" : nil, sql: sql)
        }
        let status = PQresultStatus(result)
        switch status {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return PGResult(result)
        default:
            let message = PGConnection.trimmed(PQresultErrorMessage(result))
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            PQclear(result)
            // A failure without an SQLSTATE, on a connection libpq now calls bad, is a lost connection.
            let lost = state == nil && PQstatus(handle) != CONNECTION_OK
            throw DatabaseError(
                postgres: message, sqlState: lost ? "08006" : (state ?? "XX000"), sql: sql)
        }
    }

    /// libpq's message without its trailing newline.
    private static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
        guard let message else { return "" }
        var text = String(cString: message)
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
