// The bench's RESP2 codec: bulk strings, arrays, errors, partial frames and what Redis pushes to a subscriber.

import Testing
import TwoDoBenchRESP

@Suite("RESP codec of twodo-bench peer")
struct RESPCodecTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("a bulk string, the null bulk string, a simple string and an integer")
    func scalars() throws {
        let bulk = try #require(try RESPParser.parse(bytes("$5\r\nhel\rl\r\n")))
        #expect(bulk.value == .bulk(bytes("hel\rl")))
        #expect(bulk.next == 11)
        #expect(try RESPParser.parse(bytes("$-1\r\n"))?.value == .bulk(nil))
        #expect(try RESPParser.parse(bytes("$0\r\n\r\n"))?.value == .bulk([]))
        #expect(try RESPParser.parse(bytes("+OK\r\n"))?.value == .simple("OK"))
        #expect(try RESPParser.parse(bytes(":-42\r\n"))?.value == .integer(-42))
    }

    @Test("an array, as a subscriber receives a published message, and the value after it")
    func array() throws {
        let wire = bytes("*3\r\n$7\r\nmessage\r\n$4\r\nch:1\r\n$3\r\nt17\r\n:1\r\n")
        let first = try #require(try RESPParser.parse(wire))
        #expect(first.value == .array([.bulk(bytes("message")), .bulk(bytes("ch:1")), .bulk(bytes("t17"))]))
        #expect(first.value.elements?.last?.text == "t17")
        let second = try #require(try RESPParser.parse(wire, from: first.next))
        #expect(second.value == .integer(1))
        #expect(second.next == wire.count)
        #expect(try RESPParser.parse(bytes("*-1\r\n"))?.value == .array(nil))
        #expect(try RESPParser.parse(bytes("*0\r\n"))?.value == .array([]))
    }

    @Test("an error reply")
    func error() throws {
        let value = try #require(try RESPParser.parse(bytes("-ERR unknown command 'FOO'\r\n")))
        #expect(value.value == .error("ERR unknown command 'FOO'"))
        #expect(value.value.isError)
    }

    @Test("a partial frame gives nil at every cut, and the whole value once complete")
    func partial() throws {
        let wire = bytes("*2\r\n$3\r\nfoo\r\n+OK\r\n")
        for cut in 0..<wire.count {
            #expect(try RESPParser.parse(Array(wire[..<cut])) == nil, "cut at \(cut)")
        }
        #expect(try RESPParser.parse(wire)?.value == .array([.bulk(bytes("foo")), .simple("OK")]))
    }

    @Test("bytes that are not RESP are refused, not waited on")
    func malformed() {
        #expect(throws: RESPSyntaxError.self) { try RESPParser.parse(bytes("hello\r\n")) }
        #expect(throws: RESPSyntaxError.self) { try RESPParser.parse(bytes("$3\r\nfooXY")) }
        #expect(throws: RESPSyntaxError.self) { try RESPParser.parse(bytes(":12a\r\n")) }
    }

    @Test("a command is an array of bulk strings, lengths in bytes")
    func encode() throws {
        let wire = RESPEncoder.encode(["SET", "k:1:2", "ş"])
        #expect(wire == bytes("*3\r\n$3\r\nSET\r\n$5\r\nk:1:2\r\n$2\r\nş\r\n"))
        #expect(
            try RESPParser.parse(wire)?.value
                == .array([.bulk(bytes("SET")), .bulk(bytes("k:1:2")), .bulk(bytes("ş"))]))
    }
}
