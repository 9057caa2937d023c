// The two channel commands the bridge answers itself: `share here` and `share off` (and Turkish).

/// A request to start or stop announcing a couple's updates in the bridge's channel.
public enum ShareCommand: Sendable, Equatable {
    case share
    case unshare

    /// Recognizes the whole line (already stripped of any `bot:` address); nil for anything else.
    public init?(_ line: String) {
        let words = line.split(separator: " ").map { CredentialGuard.fold($0) }
        switch words.joined(separator: " ") {
        case "share here", "burada paylas": self = .share
        case "share off", "unshare", "stop sharing", "paylasma", "paylasimi durdur": self = .unshare
        default: return nil
        }
    }
}
