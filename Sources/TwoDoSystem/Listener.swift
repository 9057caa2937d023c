// The listening socket: bind, listen and accept, with the peer's address as text. The server never sees a sockaddr.

import CLinux
import Glibc

/// A client's IPv4 address as the server keys its limits by (`127.0.0.1`).
public struct PeerAddress: Hashable, Sendable, CustomStringConvertible {
    /// The dotted quad.
    public let text: String
    public var description: String { text }
}

/// A non-blocking IPv4 TCP socket listening on `host:port`; `port` is the one bound (the kernel's pick for 0).
public final class Listener {
    /// The listening socket, owned here.
    public let descriptor: FileDescriptor
    /// The port bound.
    public let port: UInt16

    /// Binds and listens (SO_REUSEADDR on); throws the failing call's `SystemError`.
    public init(host: String, port: UInt16, backlog: Int32 = 4096) throws {
        var addr = try Posix.ipv4Address(host, port: port)
        let fd = FileDescriptor(owning: try Posix.socket(family: AF_INET))
        let raw = fd.rawValue ?? -1
        try Posix.setOption(raw, SOL_SOCKET, SO_REUSEADDR, 1)
        try withUnsafePointer(to: &addr) {
            try $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                try Posix.bind(raw, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try Posix.listen(raw, backlog: backlog)
        var bound = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &bound) {
            try $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { try Posix.localAddress(raw, $0, &length) }
        }
        descriptor = fd
        self.port = UInt16(bigEndian: bound.sin_port)
    }

    /// The number the loop registers with epoll (-1 once closed).
    public var rawValue: Int32 { descriptor.rawValue ?? -1 }

    /// One waiting connection, non-blocking and close-on-exec, with its peer's address; nil when none waits.
    /// - Throws: `SystemError` from `accept4` (`EMFILE` when out of descriptors, `ECONNABORTED` for a client
    ///   that left the queue: the caller decides which are worth a retry).
    public func accept() throws -> (FileDescriptor, PeerAddress)? {
        var addr = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = try withUnsafeMutablePointer(to: &addr) {
            try $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { try Posix.accept(rawValue, $0, &length) }
        }
        guard case .done(let fd) = result else { return nil }
        return (FileDescriptor(owning: fd), PeerAddress(text: Listener.text(of: addr.sin_addr)))
    }

    /// The dotted quad of an IPv4 address.
    static func text(of address: in_addr) -> String {
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        var inAddr = address
        _ = inet_ntop(AF_INET, &inAddr, &text, socklen_t(INET_ADDRSTRLEN))
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Stops listening (later calls do nothing).
    public func close() { descriptor.close() }
}

/// The C heap.
public enum Memory {
    /// Gives freed heap pages back to the system (`malloc_trim`), after a big connection went away.
    public static func trim() { _ = malloc_trim(0) }
}
