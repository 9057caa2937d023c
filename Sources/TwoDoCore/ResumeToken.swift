// Resume tokens: 32 symbols of the invite codes' alphabet (160 bits) drawn from the system's secure source.

/// A token that logs a new connection back in without the password (`resume <token>`), handed out by `login`.
///
/// The server keeps only a digest of it (see `ResumeDigest` in TwoDoServer); the token itself lives in the
/// client that holds it (a chat bridge keeps its users' tokens in memory only).
public struct ResumeToken: Hashable, Sendable, CustomStringConvertible {
    /// Symbols per token; 32 × 5 bits = 160 bits of entropy.
    public static let length = 32

    /// The 32 symbols, upper case, no separators.
    public let symbols: String

    /// Draws a new token from `generator`.
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> ResumeToken {
        var s = ""
        for _ in 0..<length {
            s.append(InviteCode.alphabet[Int(generator.next(upperBound: UInt64(InviteCode.alphabet.count)))])
        }
        return ResumeToken(symbols: s)
    }

    /// Draws a new token from the system's secure random source (getrandom on Linux).
    public static func random() -> ResumeToken {
        var g = SystemRandomNumberGenerator()
        return random(using: &g)
    }

    private init(symbols: String) { self.symbols = symbols }

    /// Parses a token as sent: case does not matter; nil unless exactly 32 symbols of the alphabet.
    public init?(parsing text: String) {
        guard text.utf8.count == ResumeToken.length else { return nil }
        var s = ""
        for ch in text {
            let up = Character(ch.uppercased())
            guard InviteCode.alphabet.contains(up) else { return nil }
            s.append(up)
        }
        guard s.count == ResumeToken.length else { return nil }
        symbols = s
    }

    /// The token as sent on the wire.
    public var description: String { symbols }
}
