// HAProxy (Debian's, with the shipped Deploy/haproxy.cfg) in front of the real twodo binary, on loopback.

import Foundation
import Testing

@Suite(
    "HAProxy in front (Deploy/haproxy.cfg)", .serialized, .timeLimit(.minutes(2)),
    .enabled(
        if: HAProxyProcess.isAvailable,
        "skipped: haproxy is not installed (apt-get install haproxy; .ci/run installs it)"))
struct HAProxyTests {
    /// A node that takes PROXY v2 from HAProxy (which reaches it from 127.0.0.1), two connections per
    /// client address, and HAProxy in front of it.
    private func cluster() throws -> (TestServer, HAProxyProcess) {
        let node = try TestServer(extraArguments: ["--proxy-protocol", "127.0.0.1", "--max-per-address", "2"])
        return (node, try HAProxyProcess(nodePort: node.port))
    }

    /// A connection through HAProxy from the loopback address `source`, greeting read.
    private func connect(_ haproxy: HAProxyProcess, from source: String) throws -> LineClient {
        let client = try LineClient(port: haproxy.port, source: source)
        #expect(try client.readLine().hasPrefix("Welcome to TwoDo"))
        return client
    }

    /// A registered user's JSON-mode connection through HAProxy from `source`.
    private func user(_ name: String, _ haproxy: HAProxyProcess, from source: String) throws -> LineClient {
        let client = try connect(haproxy, from: source)
        _ = try client.command("json on")
        try client.ok("register \(name) \(TestServer.password(name))")
        return client
    }

    @Test("two partners through HAProxy see each other's live events; the node sees and caps each real client")
    func partnersAndRealAddresses() throws {
        let (node, haproxy) = try cluster()
        defer { haproxy.stop() }
        let alice = try user("alice", haproxy, from: "127.0.0.2")
        let bob = try user("bob", haproxy, from: "127.0.0.3")
        try node.pair(alice, bob)
        try alice.ok("add buy milk")
        let added = try bob.event()
        #expect(added.event == "task.added")
        #expect(added.text.contains("buy milk"))
        try bob.ok("say hello from the other side")
        #expect(try alice.event().text.contains("hello from the other side"))
        // The node logs the client HAProxy named, not HAProxy's own 127.0.0.1.
        #expect(node.logs("client=127.0.0.2 conn="))
        #expect(node.logs("client=127.0.0.3 conn="))
        // And caps it: 127.0.0.2 has alice's connection, gets one more, and its third is refused...
        let second = try connect(haproxy, from: "127.0.0.2")
        #expect(try second.command("ping") == "pong")
        let third = try connect(haproxy, from: "127.0.0.2")
        #expect(try third.readLine().contains("Too many connections"))
        #expect(third.isClosedByServer(within: 5))
        // ...while 127.0.0.3, behind the same HAProxy, still gets in.
        let bobAgain = try connect(haproxy, from: "127.0.0.3")
        #expect(try bobAgain.command("ping") == "pong")
        #expect(try alice.json("ping").code == "pong")
    }

    @Test("HAProxy's ping/pong health check (PROXY v2 LOCAL) marks the node UP, and DOWN once it is killed")
    func healthCheck() throws {
        let (node, haproxy) = try cluster()
        defer { haproxy.stop() }
        let up = try haproxy.waitForState(timeout: 20) { $0.status == "UP" && $0.check == "L7OK" }
        #expect(up.status == "UP")
        #expect(up.check == "L7OK", "the check got its pong (L7OK), not just a TCP connect")
        // The checks reached the node with a valid header (LOCAL: HAProxy's own, not a client's).
        #expect(node.logs("peer=127.0.0.1"))
        #expect(!node.log.contains("bad PROXY v2 header"))
        #expect(!node.log.contains("truncated PROXY v2 header"))
        #expect(!node.log.contains("msg=proxied"), "a check names no client")
        let client = try user("alice", haproxy, from: "127.0.0.2")
        node.kill()
        #expect(client.isClosedByServer(within: 5), "the node's clients are disconnected")
        let down = try haproxy.waitForState(timeout: 30) { $0.status == "DOWN" }
        #expect(down.status == "DOWN")
        #expect(down.check != "L7OK")
    }
}
