// Session and account commands: help, register, login, logout, passwd, quit, ping, and other bare verbs.

/// Parses commands about the session and account, and verbs that take no arguments.
enum AccountParser {
    /// `help [topic]`: the topic is the rest of the line as typed.
    static func help(_ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        .success(.help(topic: args.isEmpty ? nil : String(args.typed)))
    }

    /// `register|login|passwd <a> <b>`: exactly two words (passwords may hold any non-space characters).
    static func pair(_ verb: Verb, _ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        guard args.count == 2 else { return .failure(verb.usage) }
        let a = String(args[args.startIndex].text)
        let b = String(args[args.startIndex + 1].text)
        switch verb {
        case .register: return .success(.register(name: a, password: b))
        case .login: return .success(.login(name: a, password: b))
        default: return .success(.passwd(old: a, new: b))
        }
    }

    /// A verb that takes no arguments: `command` when there are none, else a usage error.
    static func bare(_ verb: Verb, _ args: ArraySlice<Word>, _ command: Command) -> Result<Command, ParseError> {
        args.isEmpty ? .success(command) : .failure(verb.usage)
    }
}
