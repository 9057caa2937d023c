// A `host:port` pair as given on the command line (`irc.example.org:6667`, `[::1]:7878`).

/// Where to connect.
public struct Endpoint: Sendable, Equatable, CustomStringConvertible {
    /// A host name or an IPv4/IPv6 address (without brackets).
    public var host: String
    /// The TCP port.
    public var port: UInt16

    /// An endpoint from its parts.
    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Parses `host:port` or `[v6-address]:port`; nil when the port is missing or invalid.
    public init?(parsing text: String) {
        var host: Substring
        var portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            guard after.first == ":" else { return nil }
            portText = after.dropFirst()
        } else {
            guard let colon = text.lastIndex(of: ":") else { return nil }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
            if host.contains(":") { return nil }  // a bare IPv6 address needs brackets
        }
        guard !host.isEmpty, let port = UInt16(portText), port > 0 else { return nil }
        self.init(host: String(host), port: port)
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
