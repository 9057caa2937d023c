// The runners' TwoDo sockets against a scripted server on loopback: open, send, receive, break, refuse.

import Glibc
import Testing
import TwoDoSystem

@testable import TwoDoBridge

@Suite("TwoDoLinks", .serialized, .timeLimit(.minutes(1)))
struct TwoDoLinksTests {
    @Test("a link carries lines both ways and reports a close by TwoDo once")
    func linesBothWays() throws {
        let server = try ScriptedServer()
        let links = TwoDoLinks(endpoint: Endpoint(host: "127.0.0.1", port: server.port))
        let id = SessionID(1)
        #expect(links.open(id))
        server.accept()
        #expect(links.contains(id))
        #expect(links.watched.map(\.id) == [id])
        #expect(links.send("@id=bridge.json json on", to: id) == .sent)
        #expect(server.lines(count: 1) == ["@id=bridge.json json on"])
        server.send("one", "two")
        #expect(try Posix.poll([(links.watched[0].fd, .readable)], timeoutMilliseconds: 2000) == [.readable])
        #expect(links.receive(from: id) == ["one", "two"])
        shutdown(server.client, Int32(SHUT_RDWR))  // the scripted server closes it once, in its deinit
        _ = try Posix.poll([(links.watched[0].fd, .readable)], timeoutMilliseconds: 2000)
        #expect(links.receive(from: id) == nil)  // closed by TwoDo: the link is gone
        #expect(!links.contains(id))
        #expect(links.send("show", to: id) == .noLink)
        #expect(links.receive(from: id) == [])
    }

    @Test("nobody listening: open fails and leaves no link")
    func refused() throws {
        // A port that was just listening and is closed again.
        let port = try ScriptedServer().port
        let links = TwoDoLinks(endpoint: Endpoint(host: "127.0.0.1", port: port))
        #expect(!links.open(SessionID(1)))
        #expect(!links.contains(SessionID(1)))
        #expect(links.watched.isEmpty)
    }

    @Test("closeAll closes every link")
    func closeAll() throws {
        let server = try ScriptedServer()
        let links = TwoDoLinks(endpoint: Endpoint(host: "127.0.0.1", port: server.port))
        #expect(links.open(SessionID(2)))
        #expect(links.open(SessionID(1)))
        #expect(links.watched.map(\.id) == [SessionID(1), SessionID(2)])
        links.closeAll()
        #expect(links.watched.isEmpty)
    }
}
