// The reply languages a user can choose.

/// A reply language. Commands are understood in every language regardless of this setting.
public enum Language: String, Sendable, CaseIterable, Codable {
    case en
    case tr
}
