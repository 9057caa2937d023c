// One row of a command's option table: names, value, environment variable, help line and default.

/// An option a command accepts, as declared in its table.
public struct Option: Sendable {
    /// The long name without dashes: `port` for `--port`.
    public var long: String
    /// The one-letter name, if any: `p` for `-p`.
    public var short: Character?
    /// The value's placeholder in help (`<port>`); nil for a boolean flag that takes no value.
    public var valueName: String?
    /// The environment variable that gives the value when the flag is absent.
    public var environment: String?
    /// The help text; `\n` starts a continuation line.
    public var help: String
    /// The default shown in help (`default 7878`); nil shows none.
    public var defaultText: String?
    /// Whether every occurrence is kept (its environment variable is then comma-separated).
    public var repeatable: Bool
    /// Accepted but left out of help (test-only knobs).
    public var hidden: Bool
    /// Set for a name that is always refused with this message (a secret that must not be a flag).
    public var refusal: String?

    /// An option that takes a value (`valueName` given) or a boolean flag (`valueName` nil).
    public init(
        _ long: String, short: Character? = nil, value valueName: String? = nil, environment: String? = nil,
        default defaultText: String? = nil, repeatable: Bool = false, hidden: Bool = false, help: String
    ) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.environment = environment
        self.help = help
        self.defaultText = defaultText
        self.repeatable = repeatable
        self.hidden = hidden
        self.refusal = nil
    }

    /// A hidden name that is always a usage error with `message`, e.g. `--password` when secrets come only from
    /// the environment.
    public static func refused(_ long: String, _ message: String) -> Option {
        var option = Option(long, value: "<value>", hidden: true, help: "")
        option.refusal = message
        return option
    }

    /// Whether the option takes a value.
    public var takesValue: Bool { valueName != nil }

    /// `--port <port>` or `-h, --help`: the left column of help.
    var synopsis: String {
        var text = short.map { "-\($0), " } ?? ""
        text += "--" + long
        if let valueName { text += " " + valueName }
        return text
    }

    /// The help text with `(ENV, comma-separated, default X)` appended where those apply.
    var fullHelp: String {
        var notes: [String] = []
        if let environment { notes.append(environment) }
        if repeatable && environment != nil { notes.append("comma-separated") }
        if let defaultText { notes.append("default " + defaultText) }
        if notes.isEmpty { return help }
        // A help text ending in a line break puts the notes alone on the continuation line.
        return help + (help.hasSuffix("\n") ? "(" : " (") + notes.joined(separator: ", ") + ")"
    }
}
