// Why a line could not be understood, and where in the line parsing stopped.

/// Why a line could not be understood. Each case maps to a stable wire code and a catalog key.
public enum ParseError: Error, Sendable, Equatable {
    /// The first word is no command; `suggestion` is the nearest verb by edit distance, if close.
    case unknownCommand(word: String, suggestion: String?)
    /// The verb is known but its arguments are not in a valid form; `usage` names the help topic.
    case usage(verb: String)
    /// A value was given but is not valid (e.g. `lang xx`); `value` is what was typed.
    case badValue(verb: String, value: String)
    /// A date or time was recognized but cannot be: `Feb 30`, `25:00`, a `remind` time in the past.
    case badDate(verb: String, value: String, problem: DateProblem)
    /// Two values for one slot (two dates, two priorities), each as typed, in line order.
    case twoValues(verb: String, slot: SlotKind, first: String, second: String)
}

/// A slot of a line that holds one value: `.twoValues` names which one was given twice.
public enum SlotKind: String, Sendable, CaseIterable {
    /// A due date (`friday`, `yarın`).
    case date
    /// A priority (`urgent`, `!low`, `p3`, `acil`).
    case priority
}

/// What is wrong with a date or time the user typed.
public enum DateProblem: String, Sendable, Equatable, CaseIterable {
    /// No such day (`Feb 30`, `31.04`).
    case noSuchDay
    /// No such time (`25:00`, `12:75`, `13pm`).
    case noSuchTime
    /// A date that must be in the future is not (`until yesterday`).
    case inThePast
    /// Words that look like a date or time but do not form one (`next blursday`).
    case unrecognized
}

/// Where in a line parsing stopped: the first word that was not understood.
public struct ParsePosition: Sendable, Equatable {
    /// The index of that word among the line's space-separated words, from 0; the number of words when
    /// something is missing at the end (`add` alone, `event add dinner` without a date).
    public var word: Int
    /// The offset of that word's first character in the line, in characters (the line's length at the end).
    public var offset: Int

    /// A position at word `word`, starting at character `offset`.
    public init(word: Int, offset: Int) {
        self.word = word
        self.offset = offset
    }
}

extension ParseError {
    /// A parse error with the position of what was not understood.
    ///
    /// The error's cases, and so the replies the server renders from them, are unchanged; the position
    /// rides beside them for clients and tools that point at the word (`Parser.parseLocated`).
    public struct Located: Error, Sendable, Equatable {
        /// What went wrong.
        public var error: ParseError
        /// Where.
        public var position: ParsePosition

        /// `error` at `position`.
        public init(_ error: ParseError, at position: ParsePosition) {
            self.error = error
            self.position = position
        }
    }

    /// This error located in `line`.
    ///
    /// An unknown command is at its first word. A bad value or date is at the word where the typed
    /// value starts (`Feb 30` in `event add party Feb 30`); a usage error, and a value that is not
    /// typed as such (an `until` date in the past), is at the first argument after the verb, or at the
    /// end when there are none.
    func located(in line: Parser.Line) -> Located {
        let words = line.words
        func at(_ index: Int) -> Located {
            let offset =
                index < words.count
                ? line.text.distance(from: line.text.startIndex, to: words[index].text.startIndex) : line.text.count
            return Located(self, at: ParsePosition(word: index, offset: offset))
        }
        let arguments = Self.argumentStart(words)
        switch self {
        case .unknownCommand: return at(0)
        case .usage: return at(arguments)
        case .badValue(_, let value), .badDate(_, let value, _):
            return at(Self.start(of: value, in: words, from: arguments) ?? arguments)
        case .twoValues(_, _, let first, let second):
            // At the second value, after the first (the one to drop or keep is the reader's choice).
            let firstAt = Self.start(of: first, in: words, from: arguments) ?? arguments
            return at(Self.start(of: second, in: words, from: Swift.min(firstAt + 1, words.count)) ?? arguments)
        }
    }

    /// The index of the first word after the line's leading verb (a task verb of one or two words, or the
    /// first word of a routine, event or calendar command); 0 when the line starts with no verb.
    private static func argumentStart(_ words: [Word]) -> Int {
        if let match = VerbTable.leading(words) { return match.wordCount }
        if let first = words.first, VerbTable.headByKey[first.stem] != nil { return 1 }
        return 0
    }

    /// The index of the word where `value` starts as typed (or, failing that, as folded), searching from
    /// `from` on, then from the start.
    private static func start(of value: String, in words: [Word], from: Int) -> Int? {
        guard !value.isEmpty else { return nil }
        let folded = Fold.key(value)
        let order = Array(from..<words.count) + Array(0..<min(from, words.count))
        if let i = order.first(where: { words[$0...].typed.hasPrefix(value) }) { return i }
        return order.first { Fold.key(words[$0...].typed).hasPrefix(folded) }
    }
}
