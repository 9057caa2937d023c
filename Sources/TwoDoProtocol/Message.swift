// A catalog text with its arguments: what to say, rendered later in each reader's language.

/// A localized text not yet rendered: a catalog key and the `{placeholder}` values for it.
///
/// Handlers say *what* to tell someone as a `Message`; the reader's language (and the catalog) decide how
/// it reads, so one message serves a reply, a partner's event and an inbox entry alike.
public struct Message: Sendable, Equatable {
    /// The catalog key of the text.
    public var key: TextKey
    /// The values of the text's `{placeholder}`s, by name.
    public var args: [String: String]

    /// A message saying `key` with `args` filled in.
    public init(_ key: TextKey, _ args: [String: String] = [:]) {
        self.key = key
        self.args = args
    }
}
