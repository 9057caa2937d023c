// A small JSON value with a fast, deterministic serializer for replies, events and export.

/// A JSON value. Object keys keep insertion order so output is stable and readable.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// A string, or null when `value` is nil.
    public static func optional(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }

    /// The value serialized as compact JSON (no spaces, no newlines).
    public var serialized: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        write(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the compact JSON text of this value to `out`.
    public func write(to out: inout String) {
        out += serialized
    }

    /// Appends the compact JSON text of this value to `out` as UTF-8.
    ///
    /// The serializer works on bytes: building the text with many small `String` appends cost about four
    /// times as much, and every reply and event in JSON mode goes through here.
    public func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Writes `s` as a JSON string literal. Runs of bytes that need no escape are copied whole; escaped are
    /// `"`, `\`, controls below U+0020, and U+2028/U+2029 (E2 80 A8/A9), which end a line in JavaScript.
    private static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = s
        text.withUTF8 { utf8 in
            var runStart = 0
            var i = 0
            while i < utf8.count {
                let byte = utf8[i]
                // Most bytes need nothing: skip them in a tight loop and copy the run whole later.
                if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0xE2 {
                    i += 1
                    continue
                }
                var next = i + 1
                var escape: (UInt8, UInt8?)?  // the letter after the backslash, or `u` with the low byte of the code
                switch byte {
                case 0x22: escape = (0x22, nil)
                case 0x5C: escape = (0x5C, nil)
                case 0x0A: escape = (UInt8(ascii: "n"), nil)
                case 0x0D: escape = (UInt8(ascii: "r"), nil)
                case 0x09: escape = (UInt8(ascii: "t"), nil)
                case 0x00..<0x20: escape = (UInt8(ascii: "u"), byte)
                case 0xE2:
                    if i + 2 < utf8.count && utf8[i + 1] == 0x80 && (utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9) {
                        escape = (UInt8(ascii: "u"), nil)
                        next = i + 3
                    }
                default:
                    break
                }
                if let (letter, low) = escape {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                    out.append(UInt8(ascii: "\\"))
                    out.append(letter)
                    if letter == UInt8(ascii: "u") {
                        if let low {
                            out.append(contentsOf: [0x30, 0x30, hex[Int(low >> 4)], hex[Int(low & 0xF)]])
                        } else {
                            out.append(contentsOf: "202".utf8)
                            out.append(utf8[i + 2] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9"))
                        }
                    }
                    runStart = next
                }
                i = next
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
