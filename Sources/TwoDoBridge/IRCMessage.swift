// One IRC protocol line (RFC 1459/2812): optional prefix, command, middle parameters and a trailing one.

/// A parsed or to-be-sent IRC message: `[:prefix] COMMAND param param :trailing words`.
///
/// IRCv3 message tags (`@a=b;c `) are accepted on input and dropped: the bridge needs none of them.
public struct IRCMessage: Sendable, Equatable, CustomStringConvertible {
    /// Who sent it (`nick!user@host` or a server name), nil for lines we send.
    public var prefix: String?
    /// The command in upper case (`PRIVMSG`) or a three-digit numeric reply (`001`).
    public var command: String
    /// The parameters in order; the last one may contain spaces (it was or will be sent after ` :`).
    public var params: [String]

    /// A message from its parts; `command` is upper-cased.
    public init(prefix: String? = nil, command: String, params: [String] = []) {
        self.prefix = prefix
        self.command = command.uppercased()
        self.params = params
    }

    /// Parses one line (without its CR LF); nil when there is no command.
    public init?(parsing line: some StringProtocol) {
        var rest = Substring(line)
        while let c = rest.last, c == "\r" || c == "\n" || c == "\r\n" { rest = rest.dropLast() }
        rest = rest.drop { $0 == " " }
        if rest.first == "@" {
            guard let space = rest.firstIndex(of: " ") else { return nil }
            rest = rest[space...].drop { $0 == " " }
        }
        var prefix: String?
        if rest.first == ":" {
            guard let space = rest.firstIndex(of: " ") else { return nil }
            prefix = String(rest[rest.index(after: rest.startIndex)..<space])
            rest = rest[space...].drop { $0 == " " }
        }
        let commandEnd = rest.firstIndex(of: " ") ?? rest.endIndex
        let command = rest[..<commandEnd]
        guard !command.isEmpty, command.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        rest = rest[commandEnd...]
        var params: [String] = []
        while true {
            rest = rest.drop { $0 == " " }
            if rest.isEmpty { break }
            if rest.first == ":" {
                params.append(String(rest.dropFirst()))
                break
            }
            let end = rest.firstIndex(of: " ") ?? rest.endIndex
            params.append(String(rest[..<end]))
            rest = rest[end...]
        }
        self.init(prefix: prefix, command: String(command), params: params)
    }

    /// The line to send, without CR LF. CR, LF and NUL inside parameters become spaces, so text from
    /// TwoDo or from another user can never smuggle in a second command.
    public var serialized: String {
        var line = ""
        if let prefix { line += ":" + Self.clean(prefix) + " " }
        line += command
        for (i, param) in params.enumerated() {
            let p = Self.clean(param)
            let isLast = i == params.count - 1
            if isLast && (p.isEmpty || p.contains(" ") || p.hasPrefix(":")) {
                line += " :" + p
            } else {
                line += " " + p
            }
        }
        return line
    }

    public var description: String { serialized }

    /// The nick part of a `nick!user@host` prefix (the whole prefix when it has no `!`).
    public var nick: String? {
        guard let prefix, !prefix.isEmpty else { return nil }
        return String(prefix.prefix { $0 != "!" && $0 != "@" })
    }

    /// The `user@host` part of the prefix, or "" when the prefix has none.
    public var userHost: String {
        guard let prefix, let bang = prefix.firstIndex(of: "!") else { return "" }
        return String(prefix[prefix.index(after: bang)...])
    }

    /// A `PRIVMSG target :text` line.
    public static func privmsg(_ target: String, _ text: String) -> IRCMessage {
        IRCMessage(command: "PRIVMSG", params: [target, text])
    }

    /// A `NOTICE target :text` line (automatic messages: clients never answer notices).
    public static func notice(_ target: String, _ text: String) -> IRCMessage {
        IRCMessage(command: "NOTICE", params: [target, text])
    }

    private static func clean(_ text: String) -> String {
        guard text.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" || $0 == "\r\n" }) else { return text }
        return String(text.map { $0 == "\r" || $0 == "\n" || $0 == "\0" || $0 == "\r\n" ? " " : $0 })
    }
}
