// A (sub)command's declaration — usage, option table, positionals — and the parser that reads its arguments.

/// One command of a program (`twodo serve`, `twodo-bench`), declared as a table and parsed from argv + environment.
public struct Command: Sendable {
    /// The words that run it, e.g. `twodo serve`; used in help and in hints.
    public var name: String
    /// Synopsis lines shown under `USAGE:`.
    public var usage: [String]
    /// The option table.
    public var options: [Option]
    /// How many positional arguments it takes at most (0: none).
    public var maxPositionals: Int
    /// Free-form help sections (title, lines) shown between USAGE and OPTIONS, e.g. a list of scenarios.
    public var sections: [(title: String, lines: [String])]
    /// Lines shown after the options, e.g. which secrets come only from the environment.
    public var notes: [String]
    /// The version line printed for `--version`; nil when the command has no `--version`.
    public var version: String?

    /// A command with these parts.
    public init(
        name: String, usage: [String], options: [Option], maxPositionals: Int = 0,
        sections: [(title: String, lines: [String])] = [], notes: [String] = [], version: String? = nil
    ) {
        self.name = name
        self.usage = usage
        self.options = options
        self.maxPositionals = maxPositionals
        self.sections = sections
        self.notes = notes
        self.version = version
    }

    /// What the command line asked for.
    public enum Outcome: Sendable {
        /// `--help` or `-h` was given: print this text to stdout, exit 0.
        case help(String)
        /// `--version` was given: print this line to stdout, exit 0.
        case version(String)
        /// Run with these values.
        case run(Arguments)
    }

    /// The hint printed under every usage error of this command.
    public var hint: String { "run '\(name) --help' for usage." }

    /// An error about this command's arguments.
    public func error(_ message: String) -> ArgumentError { ArgumentError(message, hint: hint) }

    /// Parses `arguments` (after the command's own words) over `environment`: environment variables first, flags
    /// override them; repeatable options keep the environment's items then every flag's. `--help`/`-h` anywhere
    /// (before a `--`) wins over everything else.
    public func parse(_ arguments: [String], environment: [String: String] = [:]) throws(ArgumentError) -> Outcome {
        let beforeTerminator = arguments.prefix { $0 != "--" }
        if beforeTerminator.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help(helpText) }
        if let version, beforeTerminator.contains("--version") { return .version(version) }

        var values: [String: [Arguments.Value]] = [:]
        for option in options where option.refusal == nil {
            guard let name = option.environment, let text = environment[name] else { continue }
            if option.repeatable {
                let items = text.split(separator: ",").map(String.init).filter { !$0.isEmpty }
                values[option.long] = items.map { Arguments.Value(text: $0, source: name) }
            } else {
                values[option.long] = [Arguments.Value(text: text, source: name)]
            }
        }
        var flagged: Set<String> = []
        var positionals: [String] = []
        var rest = arguments[...]
        var onlyPositionals = false
        while let argument = rest.popFirst() {
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                guard positionals.count < maxPositionals else { throw error("unexpected argument '\(argument)'") }
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var spelled = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                spelled = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard let option = find(spelled) else { throw unknown(spelled) }
            if let refusal = option.refusal { throw error(refusal) }
            let value: Arguments.Value
            if option.takesValue {
                if let inline {
                    value = Arguments.Value(text: inline, source: spelled)
                } else if let next = rest.first, !next.hasPrefix("--") {
                    rest = rest.dropFirst()
                    value = Arguments.Value(text: next, source: spelled)
                } else {
                    throw error("\(spelled) needs a value")
                }
            } else {
                guard inline == nil else { throw error("\(spelled) takes no value") }
                value = Arguments.Value(text: "", source: spelled)
            }
            if option.repeatable || flagged.contains(option.long) {
                values[option.long, default: []].append(value)
            } else {
                // The first flag replaces the environment's value; a later flag wins over an earlier one (the
                // last is read), but every flag's value is kept so a typo in an earlier one is still an error.
                values[option.long] = [value]
                flagged.insert(option.long)
            }
        }
        return .run(Arguments(command: self, values: values, positionals: positionals))
    }

    /// The option spelled `--long` or `-s`.
    func find(_ spelled: String) -> Option? {
        if spelled.hasPrefix("--") {
            let long = spelled.dropFirst(2)
            return options.first { $0.long == long }
        }
        guard spelled.count == 2, let letter = spelled.last else { return nil }
        return options.first { $0.short == letter }
    }

    /// The unknown-option error, with a "did you mean" hint when a visible option is spelled nearly the same.
    func unknown(_ spelled: String) -> ArgumentError {
        let typed = Array(spelled.drop { $0 == "-" })
        let nearest = options.filter { !$0.hidden }
            .map { ($0, Self.distance(typed, Array($0.long))) }
            .min { $0.1 < $1.1 }
        var hint = self.hint
        if let (option, distance) = nearest, distance <= (typed.count <= 3 ? 1 : 2) {
            hint = "did you mean '--\(option.long)'? Or " + hint
        }
        return ArgumentError("unknown option '\(spelled)'", hint: hint)
    }

    /// Levenshtein distance between two short strings.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }
}
