// The PROXY protocol from a front (v1 text from `--trusted-address`, v2 binary from `--proxy-protocol`): the real
// client's address for the per-address defences.

import TwoDoFeatures
import TwoDoSystem

extension Server {
    /// Takes `PROXY TCP4|TCP6 <client> <server> <client port> <server port>` (HAProxy's PROXY protocol,
    /// version 1, as stunnel's `protocol = proxy` sends it) as the first line of a trusted front's
    /// connection: from then on the connection is the real client's for the per-address cap and throttles.
    /// `PROXY UNKNOWN` keeps the front's per-connection counting. A malformed header closes the connection,
    /// as the protocol asks. Only connections from `--trusted-address` may send one; from anyone else the
    /// line is an unknown command, so nobody can claim another address.
    func acceptProxyHeader(_ line: String, on c: Connection) {
        let fields = line.split(separator: " ", omittingEmptySubsequences: false)
        if fields.count >= 2 && fields[1] == "UNKNOWN" { return }
        guard fields.count == 6, fields[1] == "TCP4" || fields[1] == "TCP6",
            let client = Server.canonicalAddress(fields[2], v6: fields[1] == "TCP6"),
            Server.canonicalAddress(fields[3], v6: fields[1] == "TCP6") != nil, UInt16(fields[4]) != nil,
            UInt16(fields[5]) != nil
        else {
            Log.error("malformed PROXY header from a trusted front", ["conn": "\(c.id)", "peer": c.address])
            close(c, reason: "bad proxy header")
            return
        }
        if config.logConnections { Log.info("proxied", ["conn": "\(c.id)", "front": c.address, "client": client]) }
        adopt(client: client, on: c)
    }

    /// Takes the first bytes of a connection from a `--proxy-protocol` front, which MUST start with a PROXY
    /// protocol version 2 header (HAProxy's `send-proxy-v2`), before any line framing. Returns the bytes
    /// after the header once it is complete (the connection's own input), nil while it is incomplete or
    /// when the connection was closed. A byte that cannot begin a valid header closes the connection at
    /// once: the protocol forbids guessing whether a header is there, so a front that sends none is
    /// misconfigured, and its bytes are not run as commands.
    func acceptProxyHeaderV2(_ bytes: UnsafeRawBufferPointer, on c: Connection) -> [UInt8]? {
        c.proxyPrefix.append(contentsOf: bytes)
        switch ProxyHeaderV2.parse(c.proxyPrefix) {
        case .incomplete:
            return nil
        case .invalid(let reason):
            Log.error("bad PROXY v2 header from a front", ["conn": "\(c.id)", "peer": c.address, "error": reason])
            close(c, reason: "bad proxy header")
            return nil
        case .header(let header):
            let rest = Array(c.proxyPrefix[header.length...])
            c.proxyPrefix = []
            c.awaitsProxyV2 = false
            // LOCAL (HAProxy's health checks) and address-less sources keep the front's address and the
            // per-connection throttling a front's connection starts with.
            if case .client(let client, let port) = header.origin {
                if config.logConnections {
                    Log.info("proxied", ["conn": "\(c.id)", "front": c.address, "client": client, "port": "\(port)"])
                }
                adopt(client: client, on: c)
            }
            return c.isClosed || c.readClosed ? nil : rest
        }
    }

    /// Makes `c` the real client's connection, for the per-address cap and throttles: it moves from the
    /// front's count to `client`'s, and is refused (with the usual bilingual line) past `--max-per-address`.
    private func adopt(client: String, on c: Connection) {
        if let n = connectionsByAddress[c.address], n > 1 {
            connectionsByAddress[c.address] = n - 1
        } else {
            connectionsByAddress[c.address] = nil
        }
        c.address = client
        c.throttleKey = client
        connectionsByAddress[client, default: 0] += 1
        if connectionsByAddress[client, default: 0] > config.maxPerAddress {
            stats.refused += 1
            let text = t(c, .errorTooManyConnections, ["limit": "\(config.maxPerAddress)"])
            emit(Reply.failure(.errorTooManyConnections, text).render(json: c.json, tag: nil), to: c)
            c.closeAfterFlush = true
            c.readClosed = true
            c.input = []
            c.inputBytes = 0
            updateInterest(c)
        }
    }

    /// The one spelling of the literal IPv4 (or IPv6) address `text`, as a v2 header's bytes are written: a
    /// dotted quad, or RFC 5952 text (lower case, no leading zeros, `::` for the longest zero run), an
    /// IPv4-mapped address as its IPv4 address; nil when `text` is no such address. So `::1`,
    /// `0:0:0:0:0:0:0:1`, `0000::0001` and `::FFFF:1.2.3.4` vs `1.2.3.4` each name one client, for the
    /// per-address cap and throttles, however the front wrote them.
    static func canonicalAddress(_ text: Substring, v6: Bool) -> String? {
        // inet_pton takes at most 45 characters of IPv6 text; a longer field is refused without copying it.
        guard text.utf8.count <= 45, let bytes = Posix.addressBytes(String(text), v6: v6) else { return nil }
        return v6 ? ProxyHeaderV2.ipv6Text(bytes[...]) : ProxyHeaderV2.ipv4Text(bytes[...])
    }
}
