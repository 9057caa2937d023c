// A command-line mistake: what was wrong and what to run for help (the caller prints it and exits 64).

/// A usage error. Printed as `Error: <message>` then `Hint: <hint>` on stderr, exit status 64.
public struct ArgumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, e.g. `unknown option '--bogus'`.
    public var message: String
    /// What to try, e.g. `run 'twodo serve --help' for usage.`
    public var hint: String

    /// An error with `message` and `hint`.
    public init(_ message: String, hint: String) {
        self.message = message
        self.hint = hint
    }

    /// The two lines printed on stderr.
    public var description: String { "Error: \(message)\nHint: \(hint)" }

    /// The process exit status of every usage error (EX_USAGE).
    public static let exitStatus: Int32 = 64
}
