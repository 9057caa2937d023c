// The values one command line gave, read back typed by the caller (flags have already overridden the environment).

/// The parsed options and positionals of one command.
public struct Arguments: Sendable {
    /// One value and where it came from: the flag as spelled (`--port`) or the environment variable's name.
    public struct Value: Sendable, Equatable {
        /// The text given.
        public var text: String
        /// `--port`, `-p` or `TWODO_PORT`: named in a bad-value error.
        public var source: String
    }

    /// The command these belong to (for its error hints).
    public let command: Command
    /// Each option's values by long name, in order: the environment's (only while no flag gave the option, except
    /// for repeatable options), then every flag's; an empty text for a boolean flag that was given.
    let values: [String: [Value]]
    /// The positional arguments, in order.
    public let positionals: [String]

    /// Whether the boolean flag (or any option) `long` was given.
    public func flag(_ long: String) -> Bool { values[long] != nil }

    /// The text of option `long`, nil when neither a flag nor its variable gave it.
    public func string(_ long: String) -> String? { values[long]?.last?.text }

    /// Every value of option `long`: for a repeatable one the environment's items, then each flag's.
    public func strings(_ long: String) -> [String] { values[long]?.map(\.text) ?? [] }

    /// Option `long` converted by `convert` (the last flag's value, else the variable's); nil when absent. Every
    /// value given is checked: one `convert` rejects is a usage error `--x: 'text' is not <expected>` naming the
    /// flag or variable that gave it.
    public func value<T>(
        _ long: String, expected: String = "a valid value", _ convert: (String) -> T?
    ) throws(ArgumentError) -> T? {
        try values(long, expected: expected, convert).last
    }

    /// Every value of option `long`, each converted by `convert` (a rejected one is a usage error).
    public func values<T>(
        _ long: String, expected: String = "a valid value", _ convert: (String) -> T?
    ) throws(ArgumentError) -> [T] {
        var result: [T] = []
        for given in values[long] ?? [] {
            result.append(try Self.convert(given, expected: expected, convert, command: command))
        }
        return result
    }

    /// A usage error for this command.
    public func error(_ message: String) -> ArgumentError { command.error(message) }

    private static func convert<T>(
        _ given: Value, expected: String, _ convert: (String) -> T?, command: Command
    ) throws(ArgumentError) -> T {
        guard let converted = convert(given.text) else {
            throw command.error("\(given.source): '\(given.text)' is not \(expected)")
        }
        return converted
    }
}
