// Splits a connection's byte stream into command lines (LF or telnet CR NUL ends one), answering telnet and editing.

/// One unit produced by the framer.
public enum FramedItem: Sendable, Equatable {
    /// A complete, valid line (UTF-8, no control characters, not blank).
    case line(String)
    /// A line longer than the limit; its bytes were discarded up to the next LF.
    case tooLong
    /// A line that is not valid UTF-8.
    case badEncoding
    /// A line with control characters (NUL, a bare ESC, bare CR, ...).
    case controlChars
}

/// A streaming line framer. Memory is bounded by `limit` bytes whatever the peer sends.
///
/// Pure value type: no I/O, so the fuzzer and unit tests drive it directly. Besides lines it produces
/// `outgoing`, bytes to send back to the peer: answers to telnet option requests and, once the client
/// has asked the server to echo (telnet `mode character`), the echo of what the user types.
///
/// Line editing works in every mode: Backspace (0x08), DEL (0x7F) and telnet's IAC EC erase the last
/// character (a whole UTF-8 scalar with the combining marks and joiners that belong to it; one byte if
/// the tail is not valid UTF-8); Ctrl-U (0x15) and IAC EL erase the line; ANSI escape sequences (CSI
/// `ESC [ ... final` and SS3 `ESC O x`: arrow, Home, End and function keys) are dropped. A bare ESC or
/// a broken sequence still makes the line `controlChars`. While the server echoes, Up and Down recall
/// earlier lines and Left and Right move within a line of up to `editableBytes` (not one holding a
/// secret): typing and erasing there insert and delete in the middle, echoed with the terminal's insert
/// and delete character sequences (ICH, DCH), so the echo of one key stays a few bytes.
public struct LineFramer: Sendable {
    /// The most bytes a line may have, not counting its CR LF.
    public let limit: Int
    /// Bytes to send back to the peer (negotiation answers and echo), in order; see `takeOutgoing()`.
    public private(set) var outgoing: [UInt8] = []
    /// The telnet options agreed with the peer.
    public private(set) var options = TelnetOptions()
    private var current: [UInt8] = []
    private var discarding = false
    /// Whether the last data byte was a CR (for CR NUL line ends).
    private var previousCR = false
    private var telnet: TelnetState = .data
    private var escape: EscapeState = .none
    /// Where the first four words of the line start (the secret's place is read from them).
    private var wordStarts: [Int] = []
    /// Lines typed before, newest last, for Up and Down while the server echoes (no line with a secret).
    private var history: [[UInt8]] = []
    /// Which line of `history` Up and Down have recalled (`history.count`: the line being typed).
    private var recalled = 0
    /// Where Left has put the cursor in the line (a byte offset before `current.count`); nil: at its end.
    private var cursor: Int?

    private enum TelnetState: Sendable {
        case data
        case iac  // saw IAC (255)
        case option(UInt8)  // saw IAC WILL/WONT/DO/DONT; the next byte is the option
        case subnegotiation  // inside IAC SB ... IAC SE
        case subnegotiationIAC  // saw IAC inside a subnegotiation
    }

    /// Where an ANSI escape sequence being dropped has got to. Nothing of it is stored.
    private enum EscapeState: Sendable {
        case none
        case escape  // saw ESC
        case csi(Int)  // saw ESC [ and this many parameter or intermediate bytes
        case ss3  // saw ESC O
    }

    /// The most parameter and intermediate bytes a dropped CSI sequence may have (keys send at most ~6).
    static let maxCSIBytes = 16
    /// Lines kept for Up and Down, and the longest kept: a few short commands, so a connection holds little.
    static let historyLines = 8
    static let historyLineBytes = 256
    /// The longest line Left and Right move in: each edit in the middle re-reads the line's first words.
    public static let editableBytes = 512

    /// Creates a framer for lines of at most `limit` bytes.
    public init(limit: Int = 4096) { self.limit = limit }

    /// Bytes held for an unfinished line (for memory accounting and tests).
    public var pendingByteCount: Int { current.count }

    /// Feeds bytes; appends every item they complete to `out` and what to send back to `outgoing`.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, into out: inout [FramedItem]) {
        for byte in bytes { consume(byte, into: &out) }
    }

    /// Feeds bytes from an array (tests and fuzzing).
    public mutating func feed(_ bytes: [UInt8], into out: inout [FramedItem]) {
        bytes.withUnsafeBytes { feed($0, into: &out) }
    }

    /// Returns the bytes to send back and forgets them.
    public mutating func takeOutgoing() -> [UInt8] {
        defer { outgoing = [] }
        return outgoing
    }

    /// Releases buffer memory held by an idle connection.
    public mutating func shrink() {
        if current.isEmpty && current.capacity > 0 { current = [] }
    }

    @inline(__always)
    private mutating func consume(_ byte: UInt8, into out: inout [FramedItem]) {
        switch telnet {
        case .data:
            if byte == TelnetOptions.iac {
                telnet = .iac
                return
            }
        case .iac:
            switch byte {
            case 255:
                telnet = .data  // an escaped 0xFF data byte: keep it (it will fail UTF-8 validation)
            case 251...254:
                telnet = .option(byte)
                return
            case 250:
                telnet = .subnegotiation
                return
            case 247, 248:
                // Erase Character and Erase Line (RFC 854): the same as Backspace and Ctrl-U.
                telnet = .data
                data(byte == 247 ? 0x08 : 0x15, into: &out)
                return
            default:
                telnet = .data  // a two-byte command (NOP, AYT, IP, GA, ...): drop it
                return
            }
        case .option(let verb):
            telnet = .data
            options.receive(verb: verb, option: byte, reply: &outgoing)
            return
        case .subnegotiation:
            if byte == 255 { telnet = .subnegotiationIAC }
            return
        case .subnegotiationIAC:
            telnet = byte == 240 ? .data : .subnegotiation  // IAC SE ends it
            return
        }
        data(byte, into: &out)
    }

    /// Handles one data byte (telnet commands already taken out).
    @inline(__always)
    private mutating func data(_ byte: UInt8, into out: inout [FramedItem]) {
        if !discarding && !dropEscape(byte, into: &out) { return }

        // A telnet client in character mode ends a line with CR NUL (RFC 854's bare carriage return)
        // instead of CR LF: treat it as the end of the line rather than as a control character.
        let endsLine = byte == 10 || (byte == 0 && previousCR)
        previousCR = byte == 13
        if endsLine {
            if discarding {
                discarding = false
            } else {
                if current.last == 13 { current.removeLast() }
                if let item = finish() {
                    out.append(item)
                    if case .line = item { remember() }
                }
            }
            current.removeAll(keepingCapacity: current.capacity <= 512)
            wordStarts.removeAll(keepingCapacity: true)
            recalled = history.count
            cursor = nil
            if options.serverEchoes { outgoing += [13, 10] }
            return
        }
        if discarding { return }
        if let at = cursor {
            // A CR is the start of the line's end, wherever the cursor is: it goes at the end, as always.
            guard byte == 13 else {
                editInMiddle(byte, at: at, into: &out)
                return
            }
            cursor = nil
        }
        switch byte {
        case 0x08, 0x7F:
            if let secretFrom = secretStart(), current.count > secretFrom {
                // A secret was shown as one `*` per scalar: one erase takes one of each.
                if removeLastUnit() != nil { echoErase(columns: 1) }
            } else {
                echoErase(columns: eraseLastCharacter())
            }
            forgetWordStarts()
        case 0x15:
            echoErase(columns: displayedColumns())
            current.removeAll(keepingCapacity: true)
            forgetWordStarts()
        case 0x1B:
            escape = .escape
        default:
            guard append(byte, into: &out) else { return }
            noteWordStart(at: current.count - 1)
            if options.serverEchoes, let secretFrom = secretStart(), current.count - 1 >= secretFrom {
                // A password, code or token is shown as one `*` per character typed, never as itself.
                if byte & 0xC0 != 0x80 && byte >= 0x20 { outgoing.append(0x2A) }
            } else if options.serverEchoes {
                switch byte {
                case 9: outgoing.append(32)  // tabs become spaces in the line, so on the screen too
                case 255: outgoing += [255, 255]  // a 0xFF data byte is IAC IAC on the wire
                case 0x20...: outgoing.append(byte)
                default: break  // other control characters are kept (the line will be refused) but not shown
                }
            }
        }
    }

    /// Drops the bytes of an escape sequence; returns whether `byte` is still to be handled as data.
    ///
    /// A broken sequence leaves an ESC in the line, so that the line is refused as `controlChars`.
    @inline(__always)
    private mutating func dropEscape(_ byte: UInt8, into out: inout [FramedItem]) -> Bool {
        switch escape {
        case .none:
            return true
        case .escape:
            switch byte {
            case 0x5B: escape = .csi(0)
            case 0x4F: escape = .ss3
            default: return brokenEscape(into: &out)
            }
        case .csi(let count):
            switch byte {
            case 0x20...0x3F where count < Self.maxCSIBytes: escape = .csi(count + 1)
            case 0x40...0x7E:
                escape = .none  // the final byte: the whole sequence is dropped, Up and Down recall lines
                if count == 0 { key(byte) }
            default: return brokenEscape(into: &out)
            }
        case .ss3:
            guard (0x20...0x7E).contains(byte) else { return brokenEscape(into: &out) }
            escape = .none
            key(byte)
        }
        previousCR = false
        return false
    }

    private mutating func brokenEscape(into out: inout [FramedItem]) -> Bool {
        escape = .none
        _ = append(0x1B, into: &out)
        return true
    }

    /// Adds a byte to the line; false (and `tooLong` reported) when the line has passed the limit.
    @inline(__always)
    private mutating func append(_ byte: UInt8, into out: inout [FramedItem]) -> Bool {
        if current.count >= limit + 1 {  // +1 leaves room for a CR before the LF
            discarding = true
            current = []
            out.append(.tooLong)
            return false
        }
        current.append(byte)
        return true
    }

    private mutating func echoErase(columns: Int) {
        guard options.serverEchoes, columns > 0 else { return }
        outgoing += [UInt8](repeating: 8, count: columns)
        outgoing += [UInt8](repeating: 32, count: columns)
        outgoing += [UInt8](repeating: 8, count: columns)
    }

    /// Removes the last character of the line and returns how many columns it took on the screen.
    ///
    /// A character is one scalar plus the combining marks, variation selectors and emoji modifiers after
    /// it, and zero-width-joined emoji sequences as one; a byte that is not part of valid UTF-8 is one
    /// character. Each step removes at least one byte, so the work stays linear in the bytes received.
    private mutating func eraseLastCharacter() -> Int {
        var columns = 0
        while let unit = removeLastUnit() {
            guard let scalar = unit else { return max(columns, 1) }  // a stray byte, echoed as itself
            if scalar.isGraphemeExtender { continue }  // it belongs to the character before it
            columns = max(columns, scalar.columns)
            if !current.ends(with: zeroWidthJoiner) { break }  // else the joiner and the emoji before it go too
        }
        return columns
    }

    /// Removes the last scalar, or the last byte when the line does not end in valid UTF-8.
    ///
    /// Returns nil when the line is empty, `.some(nil)` for a stray byte.
    private mutating func removeLastUnit() -> Unicode.Scalar?? {
        guard let last = current.last else { return nil }
        if last < 0x80 {
            current.removeLast()
            return .some(Unicode.Scalar(last))
        }
        var start = current.count - 1
        while start > 0 && start > current.count - 4 && current[start] & 0xC0 == 0x80 { start -= 1 }
        if let text = String(validating: current[start...], as: UTF8.self), let scalar = text.unicodeScalars.first,
            text.unicodeScalars.count == 1
        {
            current.removeSubrange(start...)
            return .some(scalar)
        }
        current.removeLast()
        return .some(nil)
    }

    // MARK: What the screen shows while the server echoes

    /// What the screen shows of the line being typed: its text, with a password, code or token as `*`s. A
    /// line the server pushes text above is drawn again with it (see `Connection.sendAbovePrompt`).
    public var echoedLine: [UInt8] {
        guard options.serverEchoes else { return [] }
        let secretFrom = secretStart() ?? current.count
        var shown: [UInt8] = []
        shown.reserveCapacity(current.count)
        for (i, byte) in current.enumerated() {
            if i >= secretFrom {
                if byte & 0xC0 != 0x80 && byte >= 0x20 { shown.append(0x2A) }
            } else if byte == 9 {
                shown.append(32)
            } else if byte >= 0x20 && byte != 0x7F {
                shown.append(byte)
            }
        }
        return shown
    }

    /// The byte offset from which the line is a secret (`login <name> <password>`, `passwd <old> <new>`,
    /// `reset <name> <code> <new>`, `resume <token>`, `account delete confirm <password>`, and the Turkish
    /// verbs), or nil when it has none or its secret has not begun.
    private func secretStart() -> Int? {
        guard let word = secretWord() else { return nil }
        return word <= wordStarts.count ? wordStarts[word - 1] : nil
    }

    /// The 1-based word a secret starts at, when the line's first word is one that takes a secret; nil else.
    private func secretWord() -> Int? {
        guard let first = wordStarts.first else { return nil }
        var firstEnd = first
        while firstEnd < current.count && firstEnd - first <= 16 && current[firstEnd] != 32 && current[firstEnd] != 9 {
            firstEnd += 1
        }
        guard firstEnd - first <= 16 else { return nil }
        let verb = String(decoding: current[first..<firstEnd], as: UTF8.self).lowercased()
        let word: Int  // the 1-based word the secret starts at
        switch verb {
        case "login", "giriş", "giris", "gir", "register", "kaydol", "kayıt", "reset", "sıfırla": word = 3
        case "passwd", "password", "şifre", "parola", "resume": word = 2
        case "oturumu": word = 3  // oturumu sürdür <token>
        case "account", "hesap", "hesabı", "hesabımı": word = 4  // account delete confirm <password>
        default: return nil
        }
        return word
    }

    /// Notes that the byte at `index` starts a word, when it does (only the first four are kept).
    private mutating func noteWordStart(at index: Int) {
        let byte = current[index]
        guard byte != 32 && byte != 9, wordStarts.count < 4 else { return }
        if index == 0 || current[index - 1] == 32 || current[index - 1] == 9 { wordStarts.append(index) }
    }

    /// Drops the word starts an erase removed.
    private mutating func forgetWordStarts() {
        while let last = wordStarts.last, last >= current.count { wordStarts.removeLast() }
    }

    /// The columns the line takes on the screen as echoed.
    private func displayedColumns() -> Int {
        var columns = 0
        let secretFrom = secretStart() ?? current.count
        if secretFrom > 0, let text = String(validating: current[..<secretFrom], as: UTF8.self) {
            for scalar in text.unicodeScalars { columns += scalar == "\t" ? 1 : scalar.columns }
        } else {
            columns += secretFrom
        }
        for byte in current[secretFrom...] where byte & 0xC0 != 0x80 && byte >= 0x20 { columns += 1 }
        return columns
    }

    /// An arrow key's final byte: Up (A) and Down (B) recall lines, Right (C) and Left (D) move.
    private mutating func key(_ final: UInt8) {
        switch final {
        case 0x41, 0x42: recall(up: final == 0x41)
        case 0x43: moveRight()
        case 0x44: moveLeft()
        default: break
        }
    }

    /// Left: the cursor goes back one character (with the marks and joiners that belong to it).
    private mutating func moveLeft() {
        guard options.serverEchoes, current.count <= Self.editableBytes, secretWord() == nil else { return }
        let at = cursor ?? current.count
        guard at > 0 else { return }
        let start = characterStart(before: at)
        cursor = start
        outgoing += [UInt8](repeating: 8, count: columns(start..<at))
    }

    /// Right: the cursor goes forward one character, which is printed again to get there.
    private mutating func moveRight() {
        guard let at = cursor else { return }
        var end = at + 1
        while end < current.count && current[end] & 0xC0 == 0x80 { end += 1 }
        while end < current.count, let next = scalar(at: end), next.scalar.isGraphemeExtender { end = next.end }
        outgoing += echoBytes(at..<end)
        cursor = end < current.count ? end : nil
    }

    /// A byte typed with the cursor inside the line: inserted there (or, Backspace, the character before it
    /// erased), echoed with ICH / DCH so the rest of the line moves on the screen as in the line.
    private mutating func editInMiddle(_ byte: UInt8, at: Int, into out: inout [FramedItem]) {
        switch byte {
        case 0x08, 0x7F:
            guard at > 0 else { return }
            let start = characterStart(before: at)
            let width = columns(start..<at)
            current.removeSubrange(start..<at)
            cursor = start
            if width > 0 { outgoing += [UInt8](repeating: 8, count: width) + csi(width, 0x50) }
        case 0x15:
            // Ctrl-U: to the end of the line on the screen, then all of it erased.
            outgoing += echoBytes(at..<current.count)
            cursor = nil
            echoErase(columns: displayedColumns())
            current.removeAll(keepingCapacity: true)
        case 0x1B:
            escape = .escape
            return
        default:
            if current.count >= limit + 1 {
                _ = append(byte, into: &out)  // reports the line too long and starts discarding
                cursor = nil
                return
            }
            current.insert(byte == 9 ? 32 : byte, at: at)
            cursor = at + 1
            // The echo waits for the character's last byte, then makes room for it and prints it.
            if byte < 0x80 {
                if byte >= 0x20 || byte == 9 { outgoing += csi(1, 0x40) + [byte == 9 ? 32 : byte] }
            } else if byte & 0xC0 == 0x80, let whole = scalar(endingAt: at + 1) {
                let width = whole.scalar.columns
                if width > 0 { outgoing += csi(width, 0x40) }
                outgoing += current[whole.start...at]
            }
        }
        wordStarts.removeAll(keepingCapacity: true)
        var i = 0
        while i < current.count && wordStarts.count < 4 {
            noteWordStart(at: i)
            i += 1
        }
    }

    /// `ESC [ n final`.
    private func csi(_ n: Int, _ final: UInt8) -> [UInt8] { [0x1B, 0x5B] + Array(String(n).utf8) + [final] }

    /// Where the character before byte offset `at` starts: its scalar, and the scalars before it that the
    /// following ones extend.
    private func characterStart(before at: Int) -> Int {
        var start = at - 1
        while start > 0 && at - start < 4 && current[start] & 0xC0 == 0x80 { start -= 1 }
        while let s = scalar(at: start), s.scalar.isGraphemeExtender, start > 0 {
            var previous = start - 1
            while previous > 0 && start - previous < 4 && current[previous] & 0xC0 == 0x80 { previous -= 1 }
            start = previous
        }
        return start
    }

    /// The scalar starting at byte offset `i`, and the offset after it; nil when there is no valid one.
    private func scalar(at i: Int) -> (scalar: Unicode.Scalar, end: Int)? {
        guard i < current.count else { return nil }
        let lead = current[i]
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        guard length > 0, i + length <= current.count,
            let text = String(validating: current[i..<(i + length)], as: UTF8.self), let s = text.unicodeScalars.first
        else { return nil }
        return (s, i + length)
    }

    /// The scalar whose last byte is just before `end`, with where it starts; nil while it is incomplete.
    private func scalar(endingAt end: Int) -> (scalar: Unicode.Scalar, start: Int)? {
        var start = end - 1
        while start > 0 && end - start < 4 && current[start] & 0xC0 == 0x80 { start -= 1 }
        guard let s = scalar(at: start), s.end == end else { return nil }
        return (s.scalar, start)
    }

    /// The screen columns of the line's bytes in `range` as echoed (a byte of broken UTF-8 counts one).
    private func columns(_ range: Range<Int>) -> Int {
        guard let text = String(validating: current[range], as: UTF8.self) else { return range.count }
        return text.unicodeScalars.reduce(0) { $0 + ($1 == "\t" ? 1 : $1.isGraphemeExtender ? 0 : $1.columns) }
    }

    /// The line's bytes in `range` as the screen shows them (tabs as spaces, controls left out).
    private func echoBytes(_ range: Range<Int>) -> [UInt8] {
        current[range].compactMap { $0 == 9 ? 32 : $0 < 0x20 || $0 == 0x7F ? nil : $0 }
    }

    /// How far the cursor is from the end of the line on the screen (what a redrawn line moves back by).
    public var cursorColumnsFromEnd: Int {
        guard options.serverEchoes, let at = cursor else { return 0 }
        return columns(at..<current.count)
    }

    /// Up or Down: shows the line typed before (or after) in place of the one being typed.
    private mutating func recall(up: Bool) {
        guard options.serverEchoes, !history.isEmpty else { return }
        let target = up ? max(0, recalled - 1) : min(history.count, recalled + 1)
        guard target != recalled else { return }
        if let at = cursor {
            outgoing += echoBytes(at..<current.count)
            cursor = nil
        }
        echoErase(columns: displayedColumns())
        recalled = target
        current = target < history.count ? history[target] : []
        wordStarts.removeAll(keepingCapacity: true)
        for i in current.indices { noteWordStart(at: i) }
        outgoing += echoedLine
    }

    /// Keeps the line just typed for Up, unless it is long or holds a secret.
    private mutating func remember() {
        guard options.serverEchoes, current.count <= Self.historyLineBytes, secretStart() == nil else { return }
        if history.last != current { history.append(current) }
        if history.count > Self.historyLines { history.removeFirst() }
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

private let zeroWidthJoiner: [UInt8] = [0xE2, 0x80, 0x8D]

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}

extension Unicode.Scalar {
    /// Whether this scalar extends the character before it (marks, joiners, selectors, emoji modifiers).
    var isGraphemeExtender: Bool {
        if isASCII { return false }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: break
        }
        switch value {
        case 0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0xE0100...0xE01EF: return true
        default: return false
        }
    }

    /// How many terminal columns this scalar takes when echoed: 0 for control characters (not echoed) and
    /// invisible format characters, 2 for East Asian wide and emoji-presentation characters, else 1.
    var columns: Int {
        switch value {
        case ..<0x20, 0x7F...0x9F: return 0
        case 0x20..<0x7F: return 1
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            if properties.isEmojiPresentation { return 2 }
            return properties.generalCategory == .format ? 0 : 1  // zero-width space, bidi marks, ...
        }
    }
}
