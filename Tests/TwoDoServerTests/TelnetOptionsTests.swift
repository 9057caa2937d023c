// Unit tests of telnet option negotiation: each request answered once, refusals, no loops, split reads.

import Testing
import TwoDoServer

private let iac: UInt8 = 255
private let will: UInt8 = 251
private let wont: UInt8 = 252
private let doo: UInt8 = 253
private let dont: UInt8 = 254
private let echo: UInt8 = 1
private let sga: UInt8 = 3
private let ttype: UInt8 = 24
private let naws: UInt8 = 31
private let linemode: UInt8 = 34

/// Feeds `input` to a new framer (whole, then byte by byte) and returns what it sends back each way.
private func answers(_ input: [UInt8]) -> (whole: [UInt8], bytewise: [UInt8]) {
    var items: [FramedItem] = []
    var whole = LineFramer()
    whole.feed(input, into: &items)
    var single = LineFramer()
    var bytewise: [UInt8] = []
    for byte in input {
        single.feed([byte], into: &items)
        bytewise += single.takeOutgoing()
    }
    return (whole.takeOutgoing(), bytewise)
}

@Suite("TelnetOptions")
struct TelnetOptionsTests {
    @Test(
        "answers each option request as RFC 854/857/858 and RFC 1143 say",
        arguments: [
            ("DO ECHO is agreed", [iac, doo, echo], [iac, will, echo]),
            (
                "a repeated DO ECHO confirms the state and is not answered", [iac, doo, echo, iac, doo, echo],
                [iac, will, echo]
            ),
            ("DO SGA is agreed once", [iac, doo, sga, iac, doo, sga], [iac, will, sga]),
            ("WILL SGA from the client is agreed once", [iac, will, sga, iac, will, sga], [iac, doo, sga]),
            (
                "telnet's `mode character` (DO SGA, DO ECHO)", [iac, doo, sga, iac, doo, echo],
                [iac, will, sga, iac, will, echo]
            ),
            (
                "DONT ECHO after agreeing is confirmed", [iac, doo, echo, iac, dont, echo],
                [iac, will, echo, iac, wont, echo]
            ),
            ("DONT ECHO when not echoing is not answered", [iac, dont, echo], []),
            ("DONT SGA when off is not answered", [iac, dont, sga], []),
            (
                "WONT SGA after agreeing is confirmed", [iac, will, sga, iac, wont, sga],
                [iac, doo, sga, iac, dont, sga]
            ),
            ("WONT SGA when off is not answered", [iac, wont, sga], []),
            (
                "ECHO can be turned on again after it was turned off",
                [iac, doo, echo, iac, dont, echo, iac, doo, echo], [iac, will, echo, iac, wont, echo, iac, will, echo]
            ),
            ("DO LINEMODE is refused", [iac, doo, linemode], [iac, wont, linemode]),
            (
                "WILL NAWS and WILL TTYPE are refused", [iac, will, naws, iac, will, ttype],
                [iac, dont, naws, iac, dont, ttype]
            ),
            (
                "WILL ECHO from the client is refused (we do not want the client to echo)", [iac, will, echo],
                [iac, dont, echo]
            ),
            ("an unknown option is refused", [iac, doo, 200, iac, will, 0], [iac, wont, 200, iac, dont, 0]),
            ("DONT and WONT of options that are off are not answered", [iac, dont, linemode, iac, wont, naws], []),
            ("the option byte may be 255", [iac, doo, 255], [iac, wont, 255]),
            ("IAC IAC is data, not a request", [iac, iac, doo, echo], []),
            ("a subnegotiation asks nothing", [iac, 250, naws, 0, 80, 0, 24, iac, 240], []),
            ("NOP, AYT and GA ask nothing", [iac, 241, iac, 246, iac, 249], []),
            (
                "requests among typed text are answered in order",
                Array("pi".utf8) + [iac, doo, sga] + Array("ng".utf8) + [iac, will, naws],
                [iac, will, sga, iac, dont, naws]
            ),
        ] as [(String, [UInt8], [UInt8])])
    func negotiation(name: String, input: [UInt8], expected: [UInt8]) {
        let (whole, bytewise) = answers(input)
        #expect(whole == expected, "\(name)")
        #expect(bytewise == expected, "\(name), byte by byte")
    }

    @Test("the agreed state is what the requests left")
    func state() {
        var options = TelnetOptions()
        var reply: [UInt8] = []
        #expect(!options.serverEchoes && !options.serverSuppressesGoAhead && !options.clientSuppressesGoAhead)
        options.receive(verb: doo, option: echo, reply: &reply)
        options.receive(verb: doo, option: sga, reply: &reply)
        options.receive(verb: will, option: sga, reply: &reply)
        #expect(options.serverEchoes && options.serverSuppressesGoAhead && options.clientSuppressesGoAhead)
        options.receive(verb: dont, option: echo, reply: &reply)
        #expect(!options.serverEchoes && options.serverSuppressesGoAhead)
        #expect(reply == [iac, will, echo, iac, will, sga, iac, doo, sga, iac, wont, echo])
    }

    @Test("a flood of requests is answered one for one, never more")
    func flood() {
        let input = [[UInt8]](repeating: [iac, doo, echo, iac, doo, linemode], count: 1000).flatMap { $0 }
        let (whole, _) = answers(input)
        #expect(whole.count == 3 + 3 * 1000, "one WILL ECHO, then one WONT LINEMODE per refused request")
    }
}
