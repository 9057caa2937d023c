// IRC lines in and out: prefix, command, middle and trailing parameters, and no smuggled commands.

import Testing
import TwoDoBridge

@Suite("IRCMessage", .timeLimit(.minutes(1)))
struct IRCMessageTests {
    struct ParseCase: Sendable, CustomTestStringConvertible {
        let line: String
        let prefix: String?
        let command: String
        let params: [String]
        var testDescription: String { line }
    }

    @Test(
        "parses prefix, command and parameters as RFC 1459/2812 write them",
        arguments: [
            ParseCase(line: "PING :irc.example.org", prefix: nil, command: "PING", params: ["irc.example.org"]),
            ParseCase(line: "PING 12345", prefix: nil, command: "PING", params: ["12345"]),
            ParseCase(
                line: ":alice!~alice@127.0.0.1 PRIVMSG twodo :add milk to groceries", prefix: "alice!~alice@127.0.0.1",
                command: "PRIVMSG", params: ["twodo", "add milk to groceries"]),
            ParseCase(
                line: ":irc.test 001 twodo :Welcome to the Internet Relay Network twodo!~twodo@127.0.0.1",
                prefix: "irc.test",
                command: "001", params: ["twodo", "Welcome to the Internet Relay Network twodo!~twodo@127.0.0.1"]),
            ParseCase(line: ":bob!b@h NICK :robert", prefix: "bob!b@h", command: "NICK", params: ["robert"]),
            ParseCase(line: ":bob!b@h NICK robert", prefix: "bob!b@h", command: "NICK", params: ["robert"]),
            ParseCase(line: ":bob!b@h QUIT", prefix: "bob!b@h", command: "QUIT", params: []),
            ParseCase(line: ":bob!b@h QUIT :", prefix: "bob!b@h", command: "QUIT", params: [""]),
            ParseCase(line: "privmsg #c :a  b :c", prefix: nil, command: "PRIVMSG", params: ["#c", "a  b :c"]),
            ParseCase(line: ":s 303 me :alice bob ", prefix: "s", command: "303", params: ["me", "alice bob "]),
            ParseCase(
                line: ":s  005   me  A=1 B :are supported\r\n", prefix: "s", command: "005",
                params: ["me", "A=1", "B", "are supported"]),
            ParseCase(
                line: "@time=2026-11-22T09:00:00Z :a!b@c PRIVMSG x :hi", prefix: "a!b@c", command: "PRIVMSG",
                params: ["x", "hi"]),
            ParseCase(
                line: ":ayşe!a@h PRIVMSG bot :süt ekle 🥛", prefix: "ayşe!a@h", command: "PRIVMSG",
                params: ["bot", "süt ekle 🥛"]),
        ])
    func parses(_ c: ParseCase) throws {
        let message = try #require(IRCMessage(parsing: c.line))
        #expect(message.prefix == c.prefix)
        #expect(message.command == c.command)
        #expect(message.params == c.params)
    }

    @Test("rejects lines with no command", arguments: ["", "   ", ":prefix-only", ":p ", "@tags-only", "PRIV MSG!"])
    func rejects(line: String) {
        if line == "PRIV MSG!" {
            // `PRIV` is a command, `MSG!` its parameter: fine. Only the command word must be letters or digits.
            #expect(IRCMessage(parsing: line)?.command == "PRIV")
        } else {
            #expect(IRCMessage(parsing: line) == nil)
        }
    }

    @Test(
        "serializes with a colon only where the last parameter needs one",
        arguments: [
            (IRCMessage(command: "NICK", params: ["twodo"]), "NICK twodo"),
            (IRCMessage(command: "USER", params: ["twodo", "0", "*", "TwoDo bridge"]), "USER twodo 0 * :TwoDo bridge"),
            (IRCMessage.privmsg("alice", "Added \"milk\" to Inbox."), "PRIVMSG alice :Added \"milk\" to Inbox."),
            (IRCMessage.privmsg("alice", "ok"), "PRIVMSG alice ok"),
            (IRCMessage.notice("#fam", ":-)"), "NOTICE #fam ::-)"),
            (IRCMessage.notice("bob", ""), "NOTICE bob :"),
            (IRCMessage(prefix: "s", command: "pong", params: ["s"]), ":s PONG s"),
        ])
    func serializes(message: IRCMessage, line: String) {
        #expect(message.serialized == line)
    }

    @Test("a serialized message parses back to itself")
    func roundTrip() throws {
        let messages = [
            IRCMessage.privmsg("alice", "  1. [ ] süt — for bob"),
            IRCMessage.notice("#fam", "bob added \"eggs\" to Inbox."),
            IRCMessage(command: "ISON", params: ["alice bob carol"]), IRCMessage(command: "JOIN", params: ["#fam"]),
        ]
        for message in messages {
            #expect(IRCMessage(parsing: message.serialized) == message)
        }
    }

    @Test("CR, LF and NUL in text cannot start a second command")
    func noInjection() throws {
        let line = IRCMessage.privmsg("alice", "hi\r\nQUIT :bye\0x").serialized
        #expect(!line.contains("\r") && !line.contains("\n") && !line.contains("\0"))
        let parsed = try #require(IRCMessage(parsing: line))
        #expect(parsed.command == "PRIVMSG")
        #expect(parsed.params == ["alice", "hi QUIT :bye x"])  // "\r\n" is one Character, one space
    }

    @Test("the nick and user@host come from the prefix")
    func prefixParts() throws {
        let m = try #require(IRCMessage(parsing: ":alice!~alice@127.0.0.1 PRIVMSG bot :x"))
        #expect(m.nick == "alice")
        #expect(m.userHost == "~alice@127.0.0.1")
        let server = try #require(IRCMessage(parsing: ":irc.test NOTICE * :hello"))
        #expect(server.nick == "irc.test")
        #expect(server.userHost == "")
        #expect(IRCMessage(command: "PING", params: ["x"]).nick == nil)
    }

    @Test(
        "nicks compare case-insensitively, RFC 1459 style",
        arguments: [
            ("Alice", "alice", true), ("ALICE[]", "alice{}", true), ("a\\~", "a|^", true), ("alice", "alice_", false),
        ])
    func nickKeys(a: String, b: String, same: Bool) {
        #expect((IRCNick.key(a) == IRCNick.key(b)) == same)
    }
}
