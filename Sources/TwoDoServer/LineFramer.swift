// Splits a connection's byte stream into command lines: LF- (or telnet CR NUL-) terminated, CR dropped, IAC stripped.

/// One unit produced by the framer.
public enum FramedItem: Sendable, Equatable {
    /// A complete, valid line (UTF-8, no control characters, not blank).
    case line(String)
    /// A line longer than the limit; its bytes were discarded up to the next LF.
    case tooLong
    /// A line that is not valid UTF-8.
    case badEncoding
    /// A line with control characters (NUL, ESC, bare CR, ...).
    case controlChars
}

/// A streaming line framer. Memory is bounded by `limit` bytes whatever the peer sends.
///
/// Pure value type: no I/O, so the fuzzer and unit tests drive it directly.
public struct LineFramer: Sendable {
    /// The most bytes a line may have, not counting its CR LF.
    public let limit: Int
    private var current: [UInt8] = []
    private var discarding = false
    /// Whether the last data byte was a CR (for CR NUL line ends).
    private var previousCR = false
    private var telnet: TelnetState = .data

    private enum TelnetState: Sendable {
        case data
        case iac  // saw IAC (255)
        case option  // saw IAC WILL/WONT/DO/DONT; the next byte is the option
        case subnegotiation  // inside IAC SB ... IAC SE
        case subnegotiationIAC  // saw IAC inside a subnegotiation
    }

    /// Creates a framer for lines of at most `limit` bytes.
    public init(limit: Int = 4096) { self.limit = limit }

    /// Bytes held for an unfinished line (for memory accounting and tests).
    public var pendingByteCount: Int { current.count }

    /// Feeds bytes; appends every item they complete to `out`.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, into out: inout [FramedItem]) {
        for byte in bytes { consume(byte, into: &out) }
    }

    /// Feeds bytes from an array (tests and fuzzing).
    public mutating func feed(_ bytes: [UInt8], into out: inout [FramedItem]) {
        bytes.withUnsafeBytes { feed($0, into: &out) }
    }

    /// Releases buffer memory held by an idle connection.
    public mutating func shrink() {
        if current.isEmpty && current.capacity > 0 { current = [] }
    }

    @inline(__always)
    private mutating func consume(_ byte: UInt8, into out: inout [FramedItem]) {
        switch telnet {
        case .data:
            if byte == 255 {
                telnet = .iac
                return
            }
        case .iac:
            switch byte {
            case 255:
                telnet = .data  // an escaped 0xFF data byte: keep it (it will fail UTF-8 validation)
            case 251...254:
                telnet = .option
                return
            case 250:
                telnet = .subnegotiation
                return
            default:
                telnet = .data  // a two-byte command (NOP, AYT, IP, GA, ...): drop it
                return
            }
        case .option:
            telnet = .data
            return
        case .subnegotiation:
            if byte == 255 { telnet = .subnegotiationIAC }
            return
        case .subnegotiationIAC:
            telnet = byte == 240 ? .data : .subnegotiation  // IAC SE ends it
            return
        }

        // A telnet client in character mode ends a line with CR NUL (RFC 854's bare carriage return)
        // instead of CR LF: treat it as the end of the line rather than as a control character.
        let endsLine = byte == 10 || (byte == 0 && previousCR)
        previousCR = byte == 13
        if endsLine {
            if discarding {
                discarding = false
            } else {
                if current.last == 13 { current.removeLast() }
                if let item = finish() { out.append(item) }
            }
            current.removeAll(keepingCapacity: current.capacity <= 512)
            return
        }
        if discarding { return }
        if current.count >= limit + 1 {  // +1 leaves room for a CR before the LF
            discarding = true
            current = []
            out.append(.tooLong)
            return
        }
        current.append(byte)
    }

    private func finish() -> FramedItem? {
        if current.count > limit { return .tooLong }
        var blank = true
        for b in current {
            if b < 0x20 && b != 9 || b == 0x7F { return .controlChars }
            if b != 32 && b != 9 { blank = false }
        }
        if blank { return nil }
        guard let text = String(validating: current, as: UTF8.self) else { return .badEncoding }
        // C1 controls and other invisible format breakers are refused too.
        if text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) { return .controlChars }
        // A byte test: `String.contains("\t")` resolves to Foundation's slow substring search.
        return .line(current.contains(9) ? text.replacingTabs() : text)
    }
}

extension String {
    fileprivate func replacingTabs() -> String {
        String(unicodeScalars.map { $0 == "\t" ? " " : Character($0) })
    }
}
