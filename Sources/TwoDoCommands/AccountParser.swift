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

    /// `export` / `dışa aktar`, and `export ics` / `dışa aktar ics` (also `ical`, `icalendar`).
    static func export(_ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        if args.isEmpty { return .success(.export) }
        if args.count == 1, ["ics", "ical", "icalendar"].contains(args[args.startIndex].key) {
            return .success(.exportICS)
        }
        return .failure(Verb.export.usage)
    }

    /// `account delete` / `hesap sil`, then `confirm <password>` / `onayla <şifre>` (the password is one word,
    /// as in `login`).
    static func account(_ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        guard let first = args.first, ["delete", "remove", "sil"].contains(first.key) else {
            return .failure(Verb.account.usage)
        }
        let rest = args.dropFirst()
        if rest.isEmpty { return .success(.accountDelete(password: nil)) }
        guard rest.count == 2, ["confirm", "onayla", "onay"].contains(rest[rest.startIndex].key) else {
            return .failure(Verb.account.usage)
        }
        return .success(.accountDelete(password: String(rest[rest.startIndex + 1].text)))
    }

    /// `reset <name> <code> <new password>`: the code may be typed in groups with spaces between them
    /// (`K7QM 2XHD 9PWA RT4B`), so everything between the name and the last word is the code.
    static func reset(_ args: ArraySlice<Word>) -> Result<Command, ParseError> {
        guard args.count >= 3 else { return .failure(Verb.reset.usage) }
        let name = String(args[args.startIndex].text)
        let password = String(args[args.endIndex - 1].text)
        let code = args[(args.startIndex + 1)..<(args.endIndex - 1)].map { String($0.text) }.joined()
        return .success(.reset(name: name, code: code, password: password))
    }
}
