// Unit tests of the PROXY protocol v2 parser: whole and split headers, LOCAL, IPv6, TLVs and hostile bytes.

import Testing
import TwoDoServer

/// A version 2 header: `command` (0 LOCAL, 1 PROXY), family/transport byte, then `body` (addresses, TLVs);
/// `length` overrides the length field.
func proxyV2(command: UInt8 = 1, familyByte: UInt8 = 0x11, body: [UInt8], length: Int? = nil) -> [UInt8] {
    let n = length ?? body.count
    return ProxyHeaderV2.signature + [0x20 | command, familyByte, UInt8(n >> 8), UInt8(n & 0xFF)] + body
}

/// The IPv4 address block: source, destination, source port, destination port.
func ipv4Block(_ source: [UInt8], _ destination: [UInt8], _ sourcePort: UInt16, _ destinationPort: UInt16) -> [UInt8] {
    source + destination + [UInt8(sourcePort >> 8), UInt8(sourcePort & 0xFF)]
        + [UInt8(destinationPort >> 8), UInt8(destinationPort & 0xFF)]
}

/// An IPv6 address block with the given 16-byte addresses.
func ipv6Block(_ source: [UInt8], _ destination: [UInt8], _ sourcePort: UInt16, _ destinationPort: UInt16) -> [UInt8] {
    ipv4Block(source, destination, sourcePort, destinationPort)
}

/// Sixteen bytes from eight 16-bit groups.
func ipv6(_ groups: [UInt16]) -> [UInt8] { groups.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }

@Suite("ProxyHeaderV2")
struct ProxyHeaderV2Tests {
    private let tcp4 = proxyV2(body: ipv4Block([203, 0, 113, 7], [10, 0, 0, 1], 40000, 7878))

    @Test("a PROXY TCP4 header names the client and its port, and says how many bytes it took")
    func tcp4Header() {
        let input = tcp4 + Array("ping\r\n".utf8)
        #expect(
            ProxyHeaderV2.parse(input)
                == .header(ProxyHeaderV2(origin: .client(address: "203.0.113.7", port: 40000), length: 28)))
    }

    @Test("every proper prefix of a header is incomplete, byte by byte, and the whole one parses")
    func byteByByte() {
        for end in 0..<tcp4.count {
            #expect(ProxyHeaderV2.parse(tcp4[0..<end]) == .incomplete, "prefix of \(end) bytes")
        }
        #expect(ProxyHeaderV2.parse(tcp4) != .incomplete)
    }

    @Test("TLVs after the addresses are skipped and counted in the header's length")
    func tlvsSkipped() {
        // PP2_TYPE_AUTHORITY "todo.example.org" and a PP2_TYPE_NOOP of 3 bytes.
        let tlvs: [UInt8] = [0x02, 0x00, 0x10] + Array("todo.example.org".utf8) + [0x04, 0x00, 0x03, 0, 0, 0]
        let header = proxyV2(body: ipv4Block([198, 51, 100, 20], [10, 0, 0, 1], 1, 2) + tlvs)
        #expect(
            ProxyHeaderV2.parse(header + [0x70])
                == .header(ProxyHeaderV2(origin: .client(address: "198.51.100.20", port: 1), length: header.count)))
    }

    @Test(
        "IPv6 sources are written in RFC 5952 form; IPv4-mapped ones as IPv4",
        arguments: [
            ([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1], "2001:db8::1"),
            ([0x2001, 0xdb8, 0, 1, 0, 0, 0, 1], "2001:db8:0:1::1"),
            ([0x2001, 0xdb8, 0, 0, 1, 0, 0, 1], "2001:db8::1:0:0:1"),
            ([0, 0, 0, 0, 0, 0, 0, 1], "::1"),
            ([0, 0, 0, 0, 0, 0, 0, 0], "::"),
            ([0xfe80, 0, 0, 0, 0xabcd, 0xef, 0x1234, 0], "fe80::abcd:ef:1234:0"),
            ([0x2001, 0xdb8, 0, 0xa, 0xb, 0xc, 0xd, 0xe], "2001:db8:0:a:b:c:d:e"),
            ([0, 0, 0, 0, 0, 0xffff, 0xc000, 0x0280], "192.0.2.128"),
        ] as [([UInt16], String)])
    func ipv6Source(groups: [UInt16], text: String) {
        let header = proxyV2(
            familyByte: 0x21, body: ipv6Block(ipv6(groups), ipv6([0, 0, 0, 0, 0, 0, 0, 1]), 5000, 7878))
        #expect(header.count == 52)
        #expect(
            ProxyHeaderV2.parse(header)
                == .header(ProxyHeaderV2(origin: .client(address: text, port: 5000), length: 52)))
    }

    @Test("LOCAL (HAProxy's health checks) keeps the front's address, with or without an address block")
    func local() {
        #expect(
            ProxyHeaderV2.parse(proxyV2(command: 0, familyByte: 0x00, body: []))
                == .header(ProxyHeaderV2(origin: .front, length: 16)))
        let withAddresses = proxyV2(command: 0, body: ipv4Block([1, 2, 3, 4], [5, 6, 7, 8], 1, 2))
        #expect(ProxyHeaderV2.parse(withAddresses) == .header(ProxyHeaderV2(origin: .front, length: 28)))
    }

    @Test("UNSPEC, Unix and UDP sources keep the front's address", arguments: [0x00, 0x31, 0x12, 0x10] as [UInt8])
    func addressless(familyByte: UInt8) {
        let body = [UInt8](repeating: 0, count: familyByte >> 4 == 3 ? 216 : 12)
        #expect(
            ProxyHeaderV2.parse(proxyV2(familyByte: familyByte, body: body))
                == .header(ProxyHeaderV2(origin: .front, length: 16 + body.count)))
    }

    @Test("a wrong signature is invalid at the first differing byte, without waiting for the rest")
    func wrongSignature() {
        #expect(isInvalid(ProxyHeaderV2.parse(Array("ping\r\n".utf8))))
        #expect(isInvalid(ProxyHeaderV2.parse(Array("PROXY TCP4 1.2.3.4 5.6.7.8 1 2\r\n".utf8))))
        var bad = tcp4
        bad[11] = 0x0B
        #expect(isInvalid(ProxyHeaderV2.parse(bad[0..<12])))
        #expect(isInvalid(ProxyHeaderV2.parse([0x0D, 0x0A, 0x0D, 0x0A, 0x01])))
    }

    @Test(
        "a version other than 2 or a command other than LOCAL/PROXY is invalid",
        arguments: [0x11, 0x31, 0x22, 0x2F] as [UInt8])
    func badVersionOrCommand(byte: UInt8) {
        var header = tcp4
        header[12] = byte
        #expect(isInvalid(ProxyHeaderV2.parse(header[0..<13])))
    }

    @Test("an unknown address family or transport is invalid", arguments: [0x41, 0xF1, 0x13, 0x1F] as [UInt8])
    func unknownFamily(byte: UInt8) {
        var header = tcp4
        header[13] = byte
        #expect(isInvalid(ProxyHeaderV2.parse(header[0..<14])))
        #expect(isInvalid(ProxyHeaderV2.parse(header)))
    }

    @Test("a length of 65,535 is refused as soon as it is read, not after buffering 64 KiB")
    func hugeLength() {
        let header = proxyV2(body: [], length: 65535)
        #expect(header.count == 16)
        #expect(isInvalid(ProxyHeaderV2.parse(header)))
        let atBound = proxyV2(command: 0, body: [], length: ProxyHeaderV2.maximumLength - 16)
        #expect(ProxyHeaderV2.parse(atBound) == .incomplete, "the largest accepted header waits for its bytes")
        let overBound = proxyV2(command: 0, body: [], length: ProxyHeaderV2.maximumLength - 15)
        #expect(isInvalid(ProxyHeaderV2.parse(overBound)))
    }

    @Test("a PROXY header whose length cannot hold its family's addresses is invalid")
    func shortForFamily() {
        #expect(isInvalid(ProxyHeaderV2.parse(proxyV2(body: [1, 2, 3, 4]))))
        #expect(isInvalid(ProxyHeaderV2.parse(proxyV2(familyByte: 0x21, body: [UInt8](repeating: 0, count: 12)))))
    }

    private func isInvalid(_ parse: ProxyHeaderV2.Parse) -> Bool {
        if case .invalid = parse { return true }
        return false
    }
}
