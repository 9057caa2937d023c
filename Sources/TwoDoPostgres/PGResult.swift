// The rows a PostgreSQL statement returned, read by column name or index with typed getters.

import CPostgres
import TwoDoStore

/// One statement's result (text format). Frees libpq's result when released.
public final class PGResult {
    /// libpq's result handle.
    private let handle: OpaquePointer
    /// Column indexes by name, built on first lookup by name.
    private var columnIndexes: [String: Int32]?

    /// Wraps (and takes ownership of) a libpq result.
    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { PQclear(handle) }

    /// How many rows it holds.
    public var rowCount: Int { Int(PQntuples(handle)) }
    /// How many columns each row has.
    public var columnCount: Int { Int(PQnfields(handle)) }
    /// How many rows an INSERT, UPDATE or DELETE touched (0 for other statements).
    public var affectedRows: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }

    /// The name of column `index`.
    public func columnName(_ index: Int) -> String { String(cString: PQfname(handle, Int32(index))) }

    /// The index of the column called `name`; throws when there is none.
    public func columnIndex(_ name: String) throws -> Int {
        if columnIndexes == nil {
            var map: [String: Int32] = [:]
            for i in 0..<PQnfields(handle) { map[String(cString: PQfname(handle, i))] = i }
            columnIndexes = map
        }
        guard let index = columnIndexes?[name] else {
            throw DatabaseError(postgres: "no column \(name) in the result", sqlState: "42703", sql: nil)
        }
        return Int(index)
    }

    /// Whether the value at `row`, `column` is NULL.
    public func isNull(_ row: Int, _ column: Int) -> Bool { PQgetisnull(handle, Int32(row), Int32(column)) == 1 }

    /// The value's text, nil when NULL.
    public func string(_ row: Int, _ column: Int) -> String? {
        guard row < rowCount, column < columnCount, !isNull(row, column) else { return nil }
        return String(cString: PQgetvalue(handle, Int32(row), Int32(column)))
    }

    /// The value as a 64-bit integer, nil when NULL; throws when it is not one.
    public func int(_ row: Int, _ column: Int) throws -> Int64? {
        guard let text = string(row, column) else { return nil }
        guard let value = Int64(text) else { throw mismatch(row, column, text, "integer") }
        return value
    }

    /// The value as a double, nil when NULL; throws when it is not one.
    public func double(_ row: Int, _ column: Int) throws -> Double? {
        guard let text = string(row, column) else { return nil }
        switch text {
        case "NaN": return .nan
        case "Infinity": return .infinity
        case "-Infinity": return -.infinity
        default:
            guard let value = Double(text) else { throw mismatch(row, column, text, "number") }
            return value
        }
    }

    /// The value as a boolean (`t`/`f`), nil when NULL; throws when it is not one.
    public func bool(_ row: Int, _ column: Int) throws -> Bool? {
        guard let text = string(row, column) else { return nil }
        switch text {
        case "t", "true": return true
        case "f", "false": return false
        default: throw mismatch(row, column, text, "boolean")
        }
    }

    /// The value as bytes (a `bytea` column, hex output), nil when NULL; throws when it is not hex.
    public func bytes(_ row: Int, _ column: Int) throws -> [UInt8]? {
        guard let text = string(row, column) else { return nil }
        let utf8 = Array(text.utf8)
        guard utf8.count >= 2, utf8[0] == UInt8(ascii: "\\"), utf8[1] == UInt8(ascii: "x"), utf8.count % 2 == 0
        else { throw mismatch(row, column, String(text.prefix(20)), "bytea") }
        var out: [UInt8] = []
        out.reserveCapacity((utf8.count - 2) / 2)
        var i = 2
        while i < utf8.count {
            guard let high = PGResult.hexDigit(utf8[i]), let low = PGResult.hexDigit(utf8[i + 1]) else {
                throw mismatch(row, column, String(text.prefix(20)), "bytea")
            }
            out.append(high << 4 | low)
            i += 2
        }
        return out
    }

    /// The value of column `name` as text, nil when NULL.
    public func string(_ row: Int, _ name: String) throws -> String? { string(row, try columnIndex(name)) }
    /// The value of column `name` as a 64-bit integer, nil when NULL.
    public func int(_ row: Int, _ name: String) throws -> Int64? { try int(row, try columnIndex(name)) }
    /// The value of column `name` as a double, nil when NULL.
    public func double(_ row: Int, _ name: String) throws -> Double? { try double(row, try columnIndex(name)) }
    /// The value of column `name` as a boolean, nil when NULL.
    public func bool(_ row: Int, _ name: String) throws -> Bool? { try bool(row, try columnIndex(name)) }
    /// The value of column `name` as bytes, nil when NULL.
    public func bytes(_ row: Int, _ name: String) throws -> [UInt8]? { try bytes(row, try columnIndex(name)) }

    /// The value of column `name` as an integer that must not be NULL.
    public func requiredInt(_ row: Int, _ name: String) throws -> Int64 {
        guard let value = try int(row, name) else { throw nullValue(name) }
        return value
    }

    /// The value of column `name` as text that must not be NULL.
    public func requiredString(_ row: Int, _ name: String) throws -> String {
        guard let value = try string(row, name) else { throw nullValue(name) }
        return value
    }

    private func nullValue(_ name: String) -> DatabaseError {
        DatabaseError(postgres: "column \(name) is NULL", sqlState: "22004", sql: nil)
    }

    private func mismatch(_ row: Int, _ column: Int, _ raw: String, _ type: String) -> DatabaseError {
        DatabaseError(
            postgres: "column \(columnName(column)) holds '\(raw)', not a \(type)", sqlState: "22P02", sql: nil)
    }

    private static func hexDigit(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
