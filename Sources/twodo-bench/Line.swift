// One received server line, read in place: cheap field look-ups in compact JSON without a full parse.

import Foundation  // memchr, memcmp

/// A line from the server without its CRLF. Valid only during the callback that receives it.
///
/// The server's JSON is compact (no spaces) and field order is fixed, so a byte search for `"code":"`
/// is exact enough for a benchmark; nothing here is a general JSON parser.
struct Line {
    /// The bytes of the line.
    let bytes: UnsafeRawBufferPointer

    /// Whether this is a JSON event (`{"type":"event",...`).
    var isEvent: Bool { hasPrefix("{\"type\":\"event\"") }

    /// Whether this is a successful JSON reply (untagged: `{"type":"reply","ok":true`).
    var isOK: Bool { hasPrefix("{\"type\":\"reply\",\"ok\":true") }

    /// The line as text (allocates; for errors and set-up only).
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether the line starts with `prefix`.
    func hasPrefix(_ prefix: StaticString) -> Bool {
        let n = prefix.utf8CodeUnitCount
        guard bytes.count >= n, let base = bytes.baseAddress else { return false }
        return memcmp(base, prefix.utf8Start, n) == 0
    }

    /// The offset just past the first occurrence of `needle` at or after `from`, if any.
    func offset(after needle: StaticString, from: Int = 0) -> Int? {
        let n = needle.utf8CodeUnitCount
        guard let base = bytes.baseAddress, n > 0 else { return nil }
        let first = needle.utf8Start.pointee
        var i = from
        while i + n <= bytes.count {
            guard let hit = memchr(base + i, Int32(first), bytes.count - n + 1 - i) else { return nil }
            let at = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + at, needle.utf8Start, n) == 0 { return at + n }
            i = at + 1
        }
        return nil
    }

    /// Whether `needle` occurs in the line.
    func contains(_ needle: StaticString) -> Bool { offset(after: needle) != nil }

    /// Whether the line starts with `prefix` (bytes built once from the protocol's names).
    func hasPrefix(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }

    /// Whether `needle` (bytes built once from the protocol's names) occurs in the line.
    func contains(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// The decimal integer right after `key` (e.g. `"id":`), if there is one.
    func integer(after key: StaticString, from: Int = 0) -> Int64? {
        guard let start = offset(after: key, from: from) else { return nil }
        return integer(at: start)
    }

    /// The decimal digits starting at `start`, as a number.
    func integer(at start: Int) -> Int64? {
        var i = start
        var value: Int64 = 0
        var digits = 0
        while i < bytes.count, case let b = bytes[i], b >= 48 && b <= 57 {
            value = value &* 10 &+ Int64(b - 48)
            i += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    /// The raw string value right after `key` (e.g. `"code":"`) up to the closing quote; escapes are kept.
    func string(after key: StaticString) -> String? {
        guard let start = offset(after: key) else { return nil }
        var i = start
        while i < bytes.count && bytes[i] != UInt8(ascii: "\"") {
            i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<min(i, bytes.count)]), as: UTF8.self)
    }

    /// The reply's code (`task.added`, `error.throttled`, ...), or nil for a non-JSON line.
    var code: String? { string(after: "\"code\":\"") }

    /// The send stamp in a bench task title (`"title":"t<nanos>`), if the line carries one.
    var titleStamp: UInt64? {
        guard let start = offset(after: "\"title\":\"t") else { return nil }
        return integer(at: start).map { UInt64($0) }
    }
}
