// Seeded random-input fuzzing of the line framer, checked against a simple whole-stream reference framer.

import Foundation
import Testing
import TwoDoServer

/// SplitMix64: small, fast and the same on every machine, so a failing seed can be replayed.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A deliberately naive framer over a whole, finished byte stream: telnet first, then tokens, then lines.
///
/// It shares no code with `LineFramer`; where both agree on random streams, chunking and state bugs
/// in the streaming one would show up as a difference. It looks ahead where the streaming one keeps state.
private enum ReferenceFramer {
    private enum Token {
        case byte(UInt8)
        case erase
        case kill
        case end
    }

    static func items(_ stream: [UInt8], limit: Int) -> [FramedItem] {
        var out: [FramedItem] = []
        var line: [UInt8] = []
        var discarding = false
        for token in tokens(stripTelnet(stream).data) {
            switch token {
            case .end:
                if discarding {
                    discarding = false
                } else if let item = classify(line, limit: limit) {
                    out.append(item)
                }
                line = []
            case _ where discarding:
                continue
            case .byte(let b):
                // A line may hold limit + 1 bytes (room for a CR before the LF); one more is too long.
                if line.count == limit + 1 {
                    out.append(.tooLong)
                    discarding = true
                    line = []
                } else {
                    line.append(b)
                }
            case .erase:
                eraseCharacter(&line)
            case .kill:
                line = []
            }
        }
        return out
    }

    /// Data bytes to tokens: line ends, editing keys, and escape sequences dropped (a broken one leaves its ESC).
    private static func tokens(_ data: [UInt8]) -> [Token] {
        var out: [Token] = []
        var i = 0
        while i < data.count {
            let b = data[i]
            if b == 27 {
                guard i + 1 < data.count else { break }  // unfinished: the streaming framer waits too
                if data[i + 1] == 0x5B {  // CSI: parameters and intermediates (at most 16), then a final byte
                    var j = i + 2
                    while j < data.count && (0x20...0x3F).contains(data[j]) && j - (i + 2) < 16 { j += 1 }
                    guard j < data.count else { break }
                    if (0x40...0x7E).contains(data[j]) {
                        i = j + 1
                    } else {
                        out.append(.byte(27))
                        i = j
                    }
                } else if data[i + 1] == 0x4F {  // SS3: one more byte
                    guard i + 2 < data.count else { break }
                    if (0x20...0x7E).contains(data[i + 2]) {
                        i += 3
                    } else {
                        out.append(.byte(27))
                        i += 2
                    }
                } else {
                    out.append(.byte(27))
                    i += 1
                }
                continue
            }
            switch b {
            case 10: out.append(.end)
            case 0 where i > 0 && data[i - 1] == 13: out.append(.end)  // telnet's CR NUL
            case 8, 0x7F: out.append(.erase)
            case 0x15: out.append(.kill)
            default: out.append(.byte(b))
            }
            i += 1
        }
        return out
    }

    /// Removes the last character: the shortest tail of at most 4 bytes that is one valid scalar (else one
    /// byte), together with the marks and joiners after a base and the emoji a zero-width joiner joins.
    private static func eraseCharacter(_ line: inout [UInt8]) {
        while !line.isEmpty {
            var one: (Int, Unicode.Scalar)?
            for k in 1...min(4, line.count) {
                if let text = String(validating: line.suffix(k), as: UTF8.self), text.unicodeScalars.count == 1 {
                    one = (k, text.unicodeScalars.first!)
                    break
                }
            }
            guard let (k, scalar) = one else {
                line.removeLast()
                return
            }
            line.removeLast(k)
            let category = scalar.properties.generalCategory
            let extends =
                [.nonspacingMark, .spacingMark, .enclosingMark].contains(category) || scalar.value == 0x200D
                || (0xFE00...0xFE0F).contains(scalar.value) || (0x1F3FB...0x1F3FF).contains(scalar.value)
                || (0xE0020...0xE007F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
            if extends { continue }
            if line.suffix(3).elementsEqual([0xE2, 0x80, 0x8D]) { continue }
            return
        }
    }

    /// The answers to the stream's option requests, and whether the server echoes at any point.
    ///
    /// The server agrees to ECHO and SGA on its side and SGA on the client's, refuses everything else, and
    /// answers only a request that changes something (or a refused enable request).
    static func negotiation(_ stream: [UInt8]) -> (reply: [UInt8], everEchoes: Bool) {
        var enabled: Set<[UInt8]> = []  // [0 = our side, 1 = theirs, option]
        var reply: [UInt8] = []
        var everEchoes = false
        for (verb, option) in stripTelnet(stream).requests {
            let ourSide = verb == 253 || verb == 254
            let supported = ourSide ? option == 1 || option == 3 : option == 3
            let (agree, refuse): (UInt8, UInt8) = ourSide ? (251, 252) : (253, 254)
            let key: [UInt8] = [ourSide ? 0 : 1, option]
            if verb == 251 || verb == 253 {
                if !supported {
                    reply += [255, refuse, option]
                } else if enabled.insert(key).inserted {
                    reply += [255, agree, option]
                }
            } else if enabled.remove(key) != nil {
                reply += [255, refuse, option]
            }
            everEchoes = everEchoes || enabled.contains([0, 1])
        }
        return (reply, everEchoes)
    }

    private static func stripTelnet(_ stream: [UInt8]) -> (data: [UInt8], requests: [(UInt8, UInt8)]) {
        var out: [UInt8] = []
        var requests: [(UInt8, UInt8)] = []
        var i = 0
        while i < stream.count {
            let b = stream[i]
            guard b == 255 else {
                out.append(b)
                i += 1
                continue
            }
            guard i + 1 < stream.count else { break }  // IAC at the very end: waiting for its command
            let command = stream[i + 1]
            switch command {
            case 255:
                out.append(255)
                i += 2
            case 251...254:
                if i + 2 < stream.count { requests.append((command, stream[i + 2])) }
                i += 3  // WILL/WONT/DO/DONT <option>
            case 247:
                out.append(8)  // Erase Character is Backspace
                i += 2
            case 248:
                out.append(0x15)  // Erase Line is Ctrl-U
                i += 2
            case 250:
                // SB ... IAC SE; IAC IAC inside is data of the subnegotiation.
                var j = i + 2
                while j < stream.count {
                    if stream[j] == 255 && j + 1 < stream.count {
                        if stream[j + 1] == 240 {
                            j += 2
                            break
                        }
                        j += 2
                        continue
                    }
                    j += 1
                }
                i = j
            default:
                i += 2
            }
        }
        return (out, requests)
    }

    private static func classify(_ raw: [UInt8], limit: Int) -> FramedItem? {
        var line = raw
        if line.last == 13 { line.removeLast() }
        if line.count > limit { return .tooLong }
        if line.contains(where: { $0 < 0x20 && $0 != 9 || $0 == 0x7F }) { return .controlChars }
        if line.allSatisfy({ $0 == 32 || $0 == 9 }) { return nil }
        guard let text = String(validating: line, as: UTF8.self) else { return .badEncoding }
        if text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) { return .controlChars }
        return .line(String(text.map { $0 == "\t" ? " " : $0 }))
    }
}

/// Builds random byte streams rich in the cases the framer must survive.
private struct StreamMaker {
    var rng: SeededGenerator
    let limit: Int

    private static let pieces: [[UInt8]] = [
        Array("ping".utf8), Array("add milk".utf8), Array(" ".utf8), Array("\t".utf8), Array("ç".utf8),
        Array("İstanbul".utf8), Array("🍞".utf8), Array("日本".utf8), [0xC2, 0x85], [0xC3], [0xA7], [0x80], [0xF0, 0x9F],
        [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0], [0x1B], [0x7F], [13], [10], [13, 10], [10, 10], [255], [255, 255],
        [255, 251, 1], [255, 253, 3], [255, 252], [255, 250, 24, 1, 255, 240], [255, 250, 10, 0, 13], [255, 240],
        [255, 241], [255, 246],
        // Line editing, escape sequences and character-mode negotiation.
        [8], [0x7F], [0x7F, 0x7F], [0x15], [27, 91, 65], [27, 91, 49, 59, 53, 67], [27, 79, 65], [27, 91], [27, 79],
        [27, 91, 51, 126], [27, 91] + [UInt8](repeating: 0x31, count: 20), [255, 247], [255, 248], [255, 253, 1],
        [255, 254, 1], [255, 253, 3], [255, 251, 3], [255, 253, 34], Array("e\u{301}".utf8),
        Array("👨‍👩‍👧".utf8), [0xE2, 0x80, 0x8D], Array("👍🏽".utf8),
    ]

    mutating func stream() -> [UInt8] {
        var out: [UInt8] = []
        let parts = Int.random(in: 0...16, using: &rng)
        for _ in 0..<parts {
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<60:
                out += StreamMaker.pieces.randomElement(using: &rng)!
            case 60..<78:
                // Random printable ASCII.
                for _ in 0..<Int.random(in: 1...12, using: &rng) {
                    out.append(UInt8.random(in: 0x20...0x7E, using: &rng))
                }
            case 78..<94:
                // Fully random bytes.
                for _ in 0..<Int.random(in: 1...8, using: &rng) { out.append(UInt8.random(in: 0...255, using: &rng)) }
            case 94..<97 where limit <= 256 || Int.random(in: 0..<4, using: &rng) == 0:
                // A run right around the limit, sometimes ending in CR (rarer for the big limit: it costs).
                let n = limit + Int.random(in: -3...3, using: &rng)
                out += [UInt8](repeating: 0x61, count: max(0, n))
                if Bool.random(using: &rng) { out.append(13) }
            case 97..<99 where limit <= 256 || Int.random(in: 0..<4, using: &rng) == 0:
                // An overlong run, sometimes with IAC sequences and control bytes inside.
                let n = Int.random(in: (limit + 2)...(limit * 3 + 10), using: &rng)
                for _ in 0..<n {
                    out.append(
                        Int.random(in: 0..<50, using: &rng) == 0
                            ? [255, 0, 13, 0xC3].randomElement(using: &rng)! : 0x62)
                }
            default:
                out += Array("done #1".utf8)
            }
        }
        return out
    }

    /// Random chunk sizes (some zero) that add up to `count`.
    mutating func cuts(of count: Int) -> [Int] {
        var result: [Int] = []
        var i = 0
        while i < count {
            let n = Int.random(in: 0...min(64, count - i), using: &rng)
            result.append(n)
            i += n
        }
        return result
    }
}

/// Inputs per run: 200,000 in CI; `TWODO_FUZZ_ITERATIONS=10000000` for the long run (scripts/fuzz-long.sh).
private let fuzzIterations = ProcessInfo.processInfo.environment["TWODO_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 200_000

@Suite("Fuzzing the line framer", .timeLimit(fuzzIterations > 1_000_000 ? .minutes(120) : .minutes(1)))
struct FuzzLineFramerTests {
    static let iterations = fuzzIterations
    /// The base seed; `TWODO_FUZZ_SEED` replays a reported failure.
    static let seed = ProcessInfo.processInfo.environment["TWODO_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x7D0_2026

    @Test("random streams never crash, keep memory bounded and frame the same whatever the chunking")
    func randomStreams() throws {
        // Mostly small limits, where the overlong paths are cheap to reach; every 50th input has the real one.
        let limits = [64, 16, 8, 32]
        var failures = 0
        var counts: [String: Int] = [:]
        var bytesFed = 0
        var echoing = 0
        for i in 0..<Self.iterations {
            let limit = i % 50 == 0 ? 4096 : limits[i % limits.count]
            var maker = StreamMaker(rng: SeededGenerator(state: Self.seed &+ UInt64(i) &* 0x1_0000_0001), limit: limit)
            let stream = maker.stream()
            bytesFed += stream.count

            let whole = Self.feed(stream, cuts: [stream.count], limit: limit)
            let split = Self.feed(stream, cuts: maker.cuts(of: stream.count), limit: limit)
            // While the server echoes, Up and Down recall earlier lines into the one being typed, which the
            // reference does not model: there the framer must still agree with itself however the stream is cut.
            let recalls = ReferenceFramer.negotiation(stream).everEchoes && Self.hasUpOrDown(stream)
            let expected = recalls ? whole.items : ReferenceFramer.items(stream, limit: limit)
            var agree = whole.items == expected && split.items == expected
            var bounded = whole.maxPending <= limit + 1 && split.maxPending <= limit + 1
            if stream.count <= 64 {
                let single = Self.feed(stream, cuts: [Int](repeating: 1, count: stream.count), limit: limit)
                agree = agree && single.items == expected && single.reply == whole.reply
                bounded = bounded && single.maxPending <= limit + 1
            }
            let valid = whole.items.allSatisfy { Self.isValid($0, limit: limit) }
            // What is sent back does not depend on the chunking either, stays proportional to the input,
            // and without echo it is exactly the reference's answers to the option requests.
            agree = agree && split.reply == whole.reply
            bounded = bounded && whole.reply.count <= 6 * stream.count
            let negotiation = ReferenceFramer.negotiation(stream)
            if negotiation.everEchoes {
                echoing += 1
            } else {
                agree = agree && whole.reply == negotiation.reply
            }
            if !(agree && bounded && valid) {
                failures += 1
                if failures <= 5 {
                    Issue.record(
                        """
                        input \(i) (seed \(Self.seed), limit \(limit)) failed: agree \(agree), bounded \(bounded), valid \(valid)
                        bytes: \(stream.prefix(200).map { String($0) }.joined(separator: ","))
                        expected \(expected)
                        whole    \(whole.items)
                        split    \(split.items)
                        reply    \(whole.reply) (negotiation alone: \(negotiation.reply))
                        """)
                }
            }
            for item in whole.items { counts[Self.kind(item), default: 0] += 1 }
        }
        print(
            "fuzz: \(Self.iterations) inputs, \(bytesFed) bytes, items \(counts.sorted { $0.key < $1.key }), \(echoing) echoing, failures \(failures)"
        )
        #expect(failures == 0)
        // The generator must actually reach every outcome, or the run proves little.
        for kind in ["line", "tooLong", "badEncoding", "controlChars"] {
            #expect(counts[kind, default: 0] > 0, "no \(kind) items were produced")
        }
        #expect(echoing > 0 && echoing < Self.iterations / 2, "\(echoing) inputs turned echo on")
    }

    /// Feeds `stream` to a new framer in chunks of the given sizes, as reads from a socket would.
    private static func feed(
        _ stream: [UInt8], cuts: [Int], limit: Int
    ) -> (
        items: [FramedItem], maxPending: Int, reply: [UInt8]
    ) {
        var framer = LineFramer(limit: limit)
        var items: [FramedItem] = []
        var maxPending = 0
        var reply: [UInt8] = []
        stream.withUnsafeBytes { raw in
            var start = 0
            for n in cuts {
                framer.feed(UnsafeRawBufferPointer(rebasing: raw[start..<(start + n)]), into: &items)
                start += n
                maxPending = max(maxPending, framer.pendingByteCount)
                reply += framer.takeOutgoing()
            }
        }
        return (items, maxPending, reply)
    }

    /// A line item must be what a command parser can trust: short, non-blank, no control characters.
    /// Whether the stream holds an Up or Down key (`ESC [ A`, `ESC [ B`, `ESC O A`, `ESC O B`).
    static func hasUpOrDown(_ stream: [UInt8]) -> Bool {
        guard stream.count >= 3 else { return false }
        for i in 0..<(stream.count - 2) where stream[i] == 27 && (stream[i + 1] == 0x5B || stream[i + 1] == 0x4F) {
            if stream[i + 2] == 0x41 || stream[i + 2] == 0x42 { return true }
        }
        return false
    }

    private static func isValid(_ item: FramedItem, limit: Int) -> Bool {
        guard case .line(let text) = item else { return true }
        guard !text.isEmpty, text.utf8.count <= limit, text.contains(where: { $0 != " " }) else { return false }
        return !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    private static func kind(_ item: FramedItem) -> String {
        switch item {
        case .line: "line"
        case .tooLong: "tooLong"
        case .badEncoding: "badEncoding"
        case .controlChars: "controlChars"
        }
    }
}
