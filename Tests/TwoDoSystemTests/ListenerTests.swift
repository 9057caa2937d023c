// The listener: a kernel-chosen port, nothing waiting as nil, a waiting client as a descriptor and its address.

import Glibc
import Testing
import TwoDoSystem

@Suite("Listener")
struct ListenerTests {
    @Test("port 0 binds a real port; accept answers nil, then the client's descriptor and 127.0.0.1")
    func acceptsAClient() throws {
        let listener = try Listener(host: "127.0.0.1", port: 0)
        #expect(listener.port > 0)
        #expect(try listener.accept() == nil)
        let client = FileDescriptor(owning: try Posix.socket(family: AF_INET, nonBlocking: false))
        _ = try Posix.connect(
            try #require(client.rawValue), ipv4: try Posix.ipv4Address("127.0.0.1", port: listener.port))
        var accepted: (FileDescriptor, PeerAddress)?
        for _ in 0..<100 where accepted == nil {
            accepted = try listener.accept()
            if accepted == nil { usleep(10_000) }
        }
        let (fd, peer) = try #require(accepted)
        #expect(peer.text == "127.0.0.1")
        #expect(!fd.isClosed)
        fd.close()
        listener.close()
        #expect(listener.rawValue == -1)
    }

    @Test("a port already in use is refused with the system's error, and nothing is left open")
    func portInUse() throws {
        let first = try Listener(host: "127.0.0.1", port: 0)
        #expect(throws: SystemError.self) { _ = try Listener(host: "127.0.0.1", port: first.port) }
    }
}
