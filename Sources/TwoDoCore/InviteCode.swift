// Invite codes: 16 symbols from a 32-letter alphabet (80 bits) drawn from the system's secure source.

/// A couple invite code such as `K7QM-2XHD-9PWA-RT4B`.
public struct InviteCode: Hashable, Sendable, CustomStringConvertible {
    /// The symbols: digits 2–9 and A–Z without I and O (no 0/O or 1/I confusion).
    public static let alphabet: [Character] = Array("23456789ABCDEFGHJKLMNPQRSTUVWXYZ")
    /// Symbols per code; 16 × 5 bits = 80 bits of entropy.
    public static let length = 16

    /// The 16 symbols without dashes, upper case.
    public let symbols: String

    /// Draws a new code from `generator` (the system's secure generator by default).
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> InviteCode {
        var s = ""
        for _ in 0..<length {
            s.append(alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))])
        }
        return InviteCode(symbols: s)
    }

    /// Draws a new code from the system's secure random source (getrandom on Linux).
    public static func random() -> InviteCode {
        var g = SystemRandomNumberGenerator()
        return random(using: &g)
    }

    private init(symbols: String) { self.symbols = symbols }

    /// Parses what a user typed: dashes, spaces and case are optional.
    /// Returns nil unless exactly 16 symbols of the alphabet remain.
    public init?(parsing text: String) {
        var s = ""
        for ch in text where ch != "-" && ch != " " {
            let up = Character(ch.uppercased())
            guard InviteCode.alphabet.contains(up) else { return nil }
            s.append(up)
        }
        guard s.count == InviteCode.length else { return nil }
        symbols = s
    }

    /// The code as shown to users, in four groups of four.
    public var description: String {
        var out = ""
        for (i, ch) in symbols.enumerated() {
            if i > 0 && i % 4 == 0 { out.append("-") }
            out.append(ch)
        }
        return out
    }
}
