// The parser's context per space (cached by names generation) and parse errors worded for people.

import TwoDoCommands
import TwoDoCore
import TwoDoStore
import TwoDoProtocol
import TwoDoText

extension Handlers {
    /// Whether a line starts with a Turkish verb (so a new account registered with `kaydol` speaks Turkish).
    static func isTurkishVerb(_ line: Substring) -> Bool {
        let first = line.split(separator: " ").first.map { TextFold.key($0) } ?? ""
        return ["kaydol", "kayit", "kayıt"].contains(first)
    }
}

extension Feature {
    /// What the parser may know: the user's list and member names, the clock and the user's zone.
    ///
    /// The names and their matchers are cached per space and rebuilt only when the store says names or
    /// membership may have changed (`namesGeneration`): rebuilding them on every command cost about a
    /// sixth of the server's CPU in the throughput benchmark, and most of it with many lists.
    func parseContext(for user: User?) throws -> ParseContext {
        guard let user else { return ParseContext(testClock: clock.isTest, now: clock.now) }
        var context: ParseContext
        handlers.names.refresh(store)
        if let cached = handlers.names.contexts[user.space] {
            context = cached
        } else {
            context = ParseContext(
                listNames: try store.listNames(in: user.space),
                memberNames: try members(of: user.space).map(\.name),
                testClock: clock.isTest)
            handlers.names.contexts[user.space] = context
        }
        context.now = clock.now
        context.timeZone = user.tz
        context.userName = user.name
        return context
    }

    /// The user with this id, read once per `namesGeneration` (every command of a session starts with it).
    func user(_ id: UserID) throws -> User? {
        handlers.names.refresh(store)
        if let cached = handlers.names.users[id] { return cached }
        let found = try store.user(id)
        if let found { handlers.names.users[id] = found }
        return found
    }

    /// The members of a space, read once per `namesGeneration` (every task command names them).
    func members(of space: SpaceID) throws -> [User] {
        handlers.names.refresh(store)
        if let cached = handlers.names.members[space] { return cached }
        let found = try store.members(of: space)
        handlers.names.members[space] = found
        return found
    }

    /// The default list of a space, read once per `namesGeneration` (a plain `add` goes there).
    func defaultList(in space: SpaceID) throws -> TaskList {
        handlers.names.refresh(store)
        if let cached = handlers.names.defaultLists[space] { return cached }
        let found = try store.defaultList(in: space)
        handlers.names.defaultLists[space] = found
        return found
    }

    func parseFailure(_ error: ParseError, _ c: CommandContext) -> Reply {
        switch error {
        case .unknownCommand(let word, let suggestion):
            if let suggestion {
                return .failure(
                    .errorUnknownCommand,
                    t(c, .errorUnknownCommandSuggest, ["word": word, "suggestion": suggestion]),
                    data: .object([("word", .string(word)), ("suggestion", .string(suggestion))]))
            }
            return .failure(
                .errorUnknownCommand, t(c, .errorUnknownCommand, ["word": word]),
                data: .object([("word", .string(word))]))
        case .usage(let verb):
            return .failure(
                .errorUsage, t(c, .errorUsage, ["verb": verbName(verb, c), "usage": usage(verb, c)]),
                data: .object([("verb", .string(verb))]))
        case .badValue("nag", let value):
            // The parser refuses every nag interval it cannot use; the one rule to tell is the range.
            return .failure(
                .errorNagRange, t(c, .errorNagRangeValue, ["value": value]),
                data: .object([("value", .string(value))]))
        case .badValue("routine", let value):
            // A schedule not understood: say so with examples, not the routine commands' whole grammar.
            return .failure(
                .errorBadValue, t(c, .errorBadSchedule, ["value": value]),
                data: .object([("verb", .string("routine")), ("value", .string(value))]))
        case .badValue(let verb, let value):
            return .failure(
                .errorBadValue,
                t(
                    c, .errorBadValue,
                    ["verb": verbName(verb, c), "value": value, "usage": usage(verb, c)]),
                data: .object([("verb", .string(verb)), ("value", .string(value))]))
        case .badDate(let verb, let value, let problem):
            return .failure(
                .errorBadDate,
                t(
                    c, .errorBadDate,
                    [
                        "value": value,
                        "problem": TextKey.dateProblem(problem.rawValue).map { t(c, $0) } ?? problem.rawValue,
                        "usage": usage(verb, c),
                    ]),
                data: .object([("value", .string(value)), ("problem", .string(problem.rawValue))]))
        case .twoValues(let verb, let slot, let first, let second):
            return .failure(
                .errorTwoValues,
                t(c, slot == .date ? .errorTwoValues : .errorTwoValuesPriority, ["first": first, "second": second]),
                data: .object([
                    ("verb", .string(verb)), ("slot", .string(slot.rawValue)), ("first", .string(first)),
                    ("second", .string(second)),
                ]))
        }
    }

    /// A verb's name in the reader's language (the verb itself when the catalogs have no name for it).
    fileprivate func verbName(_ verb: String, _ c: CommandContext) -> String {
        TextKey.verbName(verb).map { t(c, $0) } ?? verb
    }

    /// A verb's usage line in the reader's language (empty when the catalogs have none).
    fileprivate func usage(_ verb: String, _ c: CommandContext) -> String {
        TextKey.usage(of: verb).map { t(c, $0) } ?? ""
    }
}
