// Cuts RESP2 values off the front of received bytes; a partial frame waits for more bytes.

/// Why received bytes are not RESP2.
public struct RESPSyntaxError: Error, Equatable, CustomStringConvertible {
    /// Where in the buffer the bad byte is.
    public let offset: Int
    /// What was wrong there.
    public let reason: String

    /// "RESP syntax error at byte <offset>: <reason>".
    public var description: String { "RESP syntax error at byte \(offset): \(reason)" }
}

/// A stateless RESP2 parser over a byte buffer.
public enum RESPParser {
    /// Parses one value starting at `start`. Returns the value and the offset just past it, or nil when
    /// the buffer ends inside the value (call again with more bytes); throws on bytes that are not RESP2.
    public static func parse(
        _ bytes: UnsafeRawBufferPointer, from start: Int = 0
    ) throws(RESPSyntaxError) -> (
        value: RESPValue, next: Int
    )? {
        guard start < bytes.count else { return nil }
        let kind = bytes[start]
        guard let (header, afterHeader) = try line(bytes, from: start + 1) else { return nil }
        switch kind {
        case UInt8(ascii: "+"):
            return (.simple(String(decoding: header, as: UTF8.self)), afterHeader)
        case UInt8(ascii: "-"):
            return (.error(String(decoding: header, as: UTF8.self)), afterHeader)
        case UInt8(ascii: ":"):
            return (.integer(try integer(header, at: start + 1)), afterHeader)
        case UInt8(ascii: "$"):
            let length = try integer(header, at: start + 1)
            if length < 0 { return (.bulk(nil), afterHeader) }
            let end = afterHeader + Int(length)
            guard end + 2 <= bytes.count else { return nil }
            guard bytes[end] == 13 && bytes[end + 1] == 10 else {
                throw RESPSyntaxError(offset: end, reason: "bulk string not followed by CRLF")
            }
            return (.bulk(Array(bytes[afterHeader..<end])), end + 2)
        case UInt8(ascii: "*"):
            let count = try integer(header, at: start + 1)
            if count < 0 { return (.array(nil), afterHeader) }
            var items: [RESPValue] = []
            items.reserveCapacity(Int(min(count, 1024)))
            var at = afterHeader
            for _ in 0..<count {
                guard let (item, next) = try parse(bytes, from: at) else { return nil }
                items.append(item)
                at = next
            }
            return (.array(items), at)
        default:
            throw RESPSyntaxError(offset: start, reason: "unknown type byte \(kind)")
        }
    }

    /// Parses one value from an array of bytes (tests and set-up).
    public static func parse(
        _ bytes: [UInt8], from start: Int = 0
    ) throws(RESPSyntaxError) -> (
        value: RESPValue, next: Int
    )? {
        let result: Result<(value: RESPValue, next: Int)?, RESPSyntaxError> = bytes.withUnsafeBytes { buffer in
            do throws(RESPSyntaxError) {
                return .success(try parse(buffer, from: start))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The bytes from `start` up to the next CRLF and the offset after it; nil when no CRLF yet.
    private static func line(
        _ bytes: UnsafeRawBufferPointer, from start: Int
    ) throws(RESPSyntaxError) -> (
        Slice<UnsafeRawBufferPointer>, Int
    )? {
        var i = start
        while i + 1 < bytes.count {
            if bytes[i] == 13 {
                guard bytes[i + 1] == 10 else { throw RESPSyntaxError(offset: i + 1, reason: "CR without LF") }
                return (bytes[start..<i], i + 2)
            }
            i += 1
        }
        return nil
    }

    /// A signed decimal header (`-1`, `42`).
    private static func integer(
        _ digits: Slice<UnsafeRawBufferPointer>, at offset: Int
    ) throws(RESPSyntaxError)
        -> Int64
    {
        var value: Int64 = 0
        var negative = false
        var seen = 0
        for (i, b) in digits.enumerated() {
            if i == 0 && b == UInt8(ascii: "-") {
                negative = true
                continue
            }
            guard b >= 48 && b <= 57, value < Int64.max / 10 else {
                throw RESPSyntaxError(offset: offset + i, reason: "not a decimal integer")
            }
            value = value * 10 + Int64(b - 48)
            seen += 1
        }
        guard seen > 0 else { throw RESPSyntaxError(offset: offset, reason: "empty integer") }
        return negative ? -value : value
    }
}
