// TEMPORARY stub, replaced by the real parser.
import TwoDoCore

public struct ParseContext: Sendable {
    public var listNames: [String]
    public var memberNames: [String]
    public var testClock: Bool
    public init(listNames: [String] = [], memberNames: [String] = [], testClock: Bool = false) {
        self.listNames = listNames
        self.memberNames = memberNames
        self.testClock = testClock
    }
}

public enum Parser {
    public static func parse(_ line: String, context: ParseContext) -> Result<Command, ParseError> {
        let words = line.split(separator: " ").map(String.init)
        guard let verb = words.first else { return .failure(.usage(verb: "help")) }
        let rest = words.dropFirst().joined(separator: " ")
        func ref(_ s: String) -> TaskRef {
            if let n = Int(s.hasPrefix("#") ? String(s.dropFirst()) : s) { return .number(n) }
            return .words(s)
        }
        switch verb.lowercased() {
        case "register": return words.count == 3 ? .success(.register(name: words[1], password: words[2])) : .failure(.usage(verb: "register"))
        case "login": return words.count == 3 ? .success(.login(name: words[1], password: words[2])) : .failure(.usage(verb: "login"))
        case "logout": return .success(.logout)
        case "quit": return .success(.quit)
        case "ping": return .success(.ping)
        case "who": return .success(.who)
        case "lists": return .success(.lists)
        case "show": return .success(.show(list: rest.isEmpty ? nil : rest))
        case "add":
            if let r = rest.range(of: " to ") { return .success(.add(title: String(rest[..<r.lowerBound]), list: String(rest[r.upperBound...]), details: TaskDetails())) }
            return .success(.add(title: rest, list: nil, details: TaskDetails()))
        case "done": return .success(.done(ref(rest)))
        case "delete": return .success(.delete(ref(rest)))
        case "say": return .success(.say(rest))
        case "inbox": return .success(rest == "read" ? .inboxRead(count: nil) : .inbox)
        case "json": return .success(.json(rest == "on"))
        case "export": return .success(.export)
        case "couple":
            if words.count > 1 && words[1] == "create" { return .success(.couple(.create(name: nil))) }
            if words.count > 2 && words[1] == "join" { return .success(.couple(.join(code: words[2]))) }
            if words.count > 1 && words[1] == "leave" { return .success(.couple(.leave)) }
            return .success(.couple(.show))
        case "lang": return .success(.lang(rest == "tr" ? .tr : .en))
        default: return .failure(.unknownCommand(word: verb, suggestion: nil))
        }
    }
}
