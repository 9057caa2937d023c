// The PROXY protocol (version 1) from a trusted front: the real client's address for the per-address defences.

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
            Server.isAddress(fields[2], v6: fields[1] == "TCP6"),
            Server.isAddress(fields[3], v6: fields[1] == "TCP6"), UInt16(fields[4]) != nil, UInt16(fields[5]) != nil
        else {
            Log.error("malformed PROXY header from a trusted front", ["conn": "\(c.id)", "peer": c.address])
            close(c, reason: "bad proxy header")
            return
        }
        let client = String(fields[2])
        if config.logConnections { Log.info("proxied", ["conn": "\(c.id)", "front": c.address, "client": client]) }
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

    /// Whether `text` is a literal IPv4 (or IPv6) address.
    static func isAddress(_ text: Substring, v6: Bool) -> Bool {
        Posix.isAddressLiteral(String(text), v6: v6)
    }
}
