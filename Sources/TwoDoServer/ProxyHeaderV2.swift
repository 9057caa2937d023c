// HAProxy's PROXY protocol version 2 (the binary header): a pure parser of a connection's first bytes.

/// What a PROXY protocol version 2 header says about the connection that starts with it.
///
/// The header is 16 fixed bytes — the 12-byte signature `\r\n\r\n\0\r\nQUIT\n`, the version and command
/// (`0x20` LOCAL, `0x21` PROXY), the address family and transport, and a big-endian length — followed by
/// that many bytes: the addresses, then TLVs, which are skipped. See HAProxy's `doc/proxy-protocol.txt`.
public struct ProxyHeaderV2: Equatable, Sendable {
    /// Whom the connection stands for.
    public enum Origin: Equatable, Sendable {
        /// A relayed TCP connection (IPv4 or IPv6) from this client.
        case client(address: String, port: UInt16)
        /// The front's own connection (the LOCAL command: a health check), or a relayed one whose source
        /// is not an IP address (UNSPEC family, a Unix socket, or UDP): it keeps the front's address.
        case front
    }

    /// Whom the connection stands for.
    public var origin: Origin
    /// Bytes the header takes, signature to last TLV: the connection's own data starts after them.
    public var length: Int

    /// A header's meaning: whom the connection stands for, and how many bytes the header took.
    public init(origin: Origin, length: Int) {
        self.origin = origin
        self.length = length
    }

    /// The result of looking at the first bytes of a connection.
    public enum Parse: Equatable, Sendable {
        /// Every byte so far fits a header that is not complete yet: wait for more.
        case incomplete
        /// A whole header, which takes the first `header.length` bytes.
        case header(ProxyHeaderV2)
        /// Not a valid header (or one longer than `maximumLength`); the reason is for the log.
        case invalid(String)
    }

    /// The 12-byte signature every version 2 header starts with.
    public static let signature: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A]

    /// The longest header accepted, in bytes. The protocol allows 16 + 65,535; HAProxy's own headers are
    /// the 16 fixed bytes, at most 216 bytes of addresses (two Unix paths) and a few short TLVs. A front
    /// announcing more is broken or hostile, and its connection is refused as soon as the length is read
    /// rather than after buffering 64 KiB.
    public static let maximumLength = 16 + 2048

    /// Parses the start of `bytes` (everything the connection sent so far). Decides as early as it can:
    /// a byte that differs from the signature, an unknown version, command, family or transport, or a
    /// length over the bound is invalid at once, without waiting for the rest.
    public static func parse<Bytes: Collection>(_ bytes: Bytes) -> Parse where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(16))
        for (offset, byte) in head.prefix(12).enumerated() where byte != signature[offset] {
            return .invalid("not a PROXY v2 signature (byte \(offset) is \(byte))")
        }
        guard head.count > 12 else { return .incomplete }
        let version = head[12] >> 4
        let command = head[12] & 0x0F
        guard version == 2 else { return .invalid("PROXY protocol version \(version), not 2") }
        guard command <= 1 else { return .invalid("unknown PROXY v2 command \(command)") }
        guard head.count > 13 else { return .incomplete }
        let family = head[13] >> 4
        let transport = head[13] & 0x0F
        guard family <= 3 else { return .invalid("unknown PROXY v2 address family \(family)") }
        guard transport <= 2 else { return .invalid("unknown PROXY v2 transport \(transport)") }
        guard head.count == 16 else { return .incomplete }
        let bodyLength = Int(head[14]) << 8 | Int(head[15])
        guard 16 + bodyLength <= maximumLength else {
            return .invalid("PROXY v2 header of \(16 + bodyLength) bytes (at most \(maximumLength))")
        }
        // The address block each family needs: IPv4 4+4+2+2, IPv6 16+16+2+2, Unix 108+108.
        let addressLength = [0, 12, 36, 216][Int(family)]
        // LOCAL ignores the addresses (there may be none, whatever the family byte says).
        guard command == 0 || bodyLength >= addressLength else {
            return .invalid("PROXY v2 length \(bodyLength) is shorter than its addresses (\(addressLength))")
        }
        guard bytes.count >= 16 + bodyLength else { return .incomplete }
        let total = 16 + bodyLength
        // LOCAL: the front's own connection (HAProxy's health checks). UNSPEC, Unix and UDP sources carry
        // no TCP client address to count: the connection keeps the front's, as a v1 `PROXY UNKNOWN`.
        guard command == 1, transport == 1, family == 1 || family == 2 else {
            return .header(ProxyHeaderV2(origin: .front, length: total))
        }
        let body = Array(bytes.dropFirst(16).prefix(addressLength))
        let size = family == 1 ? 4 : 16
        let address = family == 1 ? ipv4Text(body[0..<4]) : ipv6Text(body[0..<16])
        let port = UInt16(body[2 * size]) << 8 | UInt16(body[2 * size + 1])
        return .header(ProxyHeaderV2(origin: .client(address: address, port: port), length: total))
    }

    /// Dotted-quad text of four bytes.
    static func ipv4Text(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.map { String($0) }.joined(separator: ".")
    }

    /// RFC 5952 text of sixteen bytes: lower-case hex groups without leading zeros, the longest run of two
    /// or more zero groups (the first of equals) written `::`. An IPv4-mapped address (`::ffff:a.b.c.d`)
    /// is written as its IPv4 address, so one client counts once whichever way the front reached it.
    static func ipv6Text(_ bytes: ArraySlice<UInt8>) -> String {
        let b = Array(bytes)
        if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xFF && b[11] == 0xFF { return ipv4Text(b[12..<16]) }
        let groups = (0..<8).map { UInt16(b[2 * $0]) << 8 | UInt16(b[2 * $0 + 1]) }
        var best = (start: -1, count: 0)
        var index = 0
        while index < 8 {
            guard groups[index] == 0 else {
                index += 1
                continue
            }
            var end = index
            while end < 8 && groups[end] == 0 { end += 1 }
            if end - index > best.count { best = (index, end - index) }
            index = end
        }
        func hex(_ range: Range<Int>) -> String {
            groups[range].map { String($0, radix: 16) }.joined(separator: ":")
        }
        guard best.count >= 2 else { return hex(0..<8) }
        return hex(0..<best.start) + "::" + hex((best.start + best.count)..<8)
    }
}
