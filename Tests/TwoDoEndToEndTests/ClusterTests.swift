// Several `twodo serve` nodes on one PostgreSQL database, talked to over TCP like users would.

import Foundation
import TwoDoTestSupport
import Testing
import Synchronization
import TwoDoPostgres

/// A fresh PostgreSQL database on the test process's shared cluster, or nil (printing "skipped: …") when
/// PostgreSQL cannot be started here.
enum ClusterDatabase {
    private static let counter = Mutex(0)

    static func fresh(_ test: String = #function) throws -> String? {
        switch TemporaryCluster.shared {
        case .failure(let unavailable):
            print("skipped: \(test): \(unavailable.reason)")
            return nil
        case .success(let cluster):
            let n = counter.withLock { value -> Int in
                value += 1
                return value
            }
            let name = "e2e_\(getpid())_\(n)"
            try cluster.createDatabase(name)
            return cluster.url(database: name)
        }
    }
}

@Suite("Several nodes on PostgreSQL")
struct ClusterTests {
    /// The sum of the `open` counts of a user's lists.
    static func openTasks(_ c: LineClient) throws -> Int {
        let lists = try c.ok("lists").data["lists"] as? [JSONObject] ?? []
        return lists.reduce(0) { $0 + ($1["open"] as? Int ?? 0) }
    }

    @Test("Partners on two nodes pair, see each other online, and get each other's changes live")
    func partnersOnTwoNodes() throws {
        guard let url = try ClusterDatabase.fresh() else { return }
        let one = try TestServer(databasePath: url)
        let two = try TestServer(databasePath: url)
        let alice = try one.user("alice")
        let bob = try two.user("bob")
        try one.pair(alice, bob)  // bob joins on node two; alice hears of it on node one
        let who = try alice.ok("who")
        #expect("\(who.data)".contains("bob"))
        #expect(try alice.ok("who").text.contains("online") || "\(who)".contains("true"))
        var latencies: [Double] = []
        for n in 0..<10 {
            let started = Date()
            try alice.ok("add milk \(n)")
            let seen = try bob.event(timeout: 5)
            latencies.append(Date().timeIntervalSince(started))
            #expect(seen.event == "task.added")
            #expect(seen.text.contains("milk \(n)"))
        }
        try bob.ok("add bread")
        #expect(try alice.event(timeout: 5).text.contains("bread"))
        #expect(try Self.openTasks(alice) == 11)
        #expect(try Self.openTasks(bob) == 11)
        let sorted = latencies.sorted()
        // The bar: 500 ms for a debug build on a busy machine; scripts/test-cluster.sh sets 50 ms with the release one.
        let limit = Double(ProcessInfo.processInfo.environment["TWODO_CLUSTER_MAX_MS"] ?? "500") ?? 500
        print(
            "cross-node event: median \(Int(sorted[5] * 1000)) ms, worst \(Int(sorted[9] * 1000)) ms "
                + "(limit \(Int(limit)) ms on the median)")
        #expect(sorted[5] * 1000 < limit)
    }

    @Test("A list made, and a display name changed, on one node are known at once to the partner's node")
    func namesAcrossNodes() throws {
        guard let url = try ClusterDatabase.fresh() else { return }
        let one = try TestServer(databasePath: url)
        let two = try TestServer(databasePath: url)
        let alice = try one.user("alice")
        let bob = try two.user("bob")
        try one.pair(alice, bob)
        try alice.ok("add milk")  // node one now knows the couple's lists and names
        _ = try bob.event(timeout: 5)
        try bob.ok("list add Bahçe")
        #expect(try alice.event(timeout: 5).event == "list.added")
        // A dative that names no list stays in the title, so a stale list of names would file this in the Inbox
        // as "bahçeye tohum" without a word.
        let added = try alice.ok("bahçeye tohum ekle")
        #expect(added.data["list"] as? String == "Bahçe", "node one still read its old list names: \(added.text)")
        #expect(added.data["title"] as? String == "tohum")
        #expect(try bob.event(timeout: 5).text.contains("tohum"))
        try bob.ok("name Bobby B.")
        try alice.ok("add tea")
        let couple = try alice.ok("couple")
        #expect(couple.text.contains("Bobby B."), "node one still read bob's old name: \(couple.text)")
    }

    @Test("A reminder fires exactly once although three nodes reach its time together; every session hears it")
    func reminderOnce() throws {
        guard let url = try ClusterDatabase.fresh() else { return }
        let nodes = try (0..<3).map { _ in try TestServer(databasePath: url) }
        let alice = try nodes[0].user("alice")
        let elsewhere = try [nodes[1].login("alice"), nodes[2].login("alice")]
        try alice.ok("add call mum today 5pm remind me 15 minutes before")
        for c in elsewhere { #expect(try c.event().event == "task.added") }
        // Every node's clock reaches the reminder at once: only one may fire it.
        // (`clock` needs a login: someone else's, so that alice's sessions read only their events.)
        let clocks = try [nodes[0].user("carol")] + [nodes[1].login("carol"), nodes[2].login("carol")]
        for c in clocks { try c.send("clock set 2026-11-22T16:46:00Z") }
        for c in clocks { #expect(try c.readJSON().ok == true) }
        for c in [alice] + elsewhere {
            let reminder = try c.event(timeout: 5)
            #expect(reminder.event == "reminder.due")
            #expect(try c.isQuiet(for: 1.5), "a second reminder arrived")
        }
    }

    @Test("kill -9 of a node loses no acknowledged write: its users log in on another node and find everything")
    func nodeKilled() throws {
        guard let url = try ClusterDatabase.fresh() else { return }
        let one = try TestServer(databasePath: url)
        let two = try TestServer(databasePath: url)
        let alice = try one.user("alice")
        for n in 0..<25 { try alice.ok("add chore \(n)") }
        one.kill()
        let again = try two.login("alice")
        #expect(try Self.openTasks(again) == 25)
        try again.ok("add after the crash")
        #expect(try Self.openTasks(again) == 26)
    }

    @Test("twodo migrate copies an SQLite database into PostgreSQL, verified, and a node serves it")
    func migrateThenServe() throws {
        guard let url = try ClusterDatabase.fresh() else { return }
        let old = try TestServer(databasePath: TestServer.makeDirectory() + "/twodo.sqlite")
        let (alice, bob) = try old.couple()
        try alice.ok("add buy süt tomorrow")
        _ = try bob.event()
        try bob.ok("list add Market")
        _ = try alice.event()
        try alice.ok("event add dinner friday 7pm")
        _ = try bob.event()
        #expect(old.stop() == 0)
        let result = try TestServer.runBinary(["migrate", "--from", old.databasePath, "--to", url])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("tasks: 1 rows"))
        #expect(result.stdout.contains("Copied and verified"))
        // A second run into the same database is refused and changes nothing.
        let again = try TestServer.runBinary(["migrate", "--from", old.databasePath, "--to", url])
        #expect(again.status == 1)
        #expect(again.stderr.contains("already holds TwoDo data"))
        let node = try TestServer(databasePath: url)
        let back = try node.login("alice")
        #expect(try Self.openTasks(back) == 1)
        let found = try back.ok("search süt")
        #expect("\(found.data)".contains("buy süt"))
        let lists = try back.ok("lists").data["lists"] as? [JSONObject] ?? []
        #expect(lists.compactMap { $0["name"] as? String }.contains("Market"))
    }

    @Test("PostgreSQL restarted under load: no acknowledged write lost, no false acknowledgement, the node recovers")
    func databaseRestart() throws {
        guard case .success = TemporaryCluster.shared else {
            print("skipped: databaseRestart: PostgreSQL cannot be started here")
            return
        }
        // A durable cluster of its own: an immediate stop is a crash of the database.
        let cluster = try TemporaryCluster(forTests: false)
        defer { cluster.stop() }
        try cluster.createDatabase("twodo")
        let node = try TestServer(databasePath: cluster.url(database: "twodo"))
        let alice = try node.user("alice")
        var acknowledged: Set<Int> = []
        var unavailable = 0
        var n = 0
        func add() throws {
            let reply = try alice.json("add chore \(n)", timeout: 10)
            if reply.ok == true {
                acknowledged.insert(n)
            } else {
                #expect(reply.code == "error.unavailable", "\(reply)")
                unavailable += 1
            }
            n += 1
        }
        for _ in 0..<20 { try add() }
        try cluster.pause(mode: "immediate")
        for _ in 0..<10 { try add() }
        try cluster.resume()
        // Back within a few seconds, by itself.
        let deadline = Date().addingTimeInterval(30)
        var recovered = false
        while !recovered && Date() < deadline {
            let before = acknowledged.count
            try add()
            recovered = acknowledged.count > before
            if !recovered { usleep(200_000) }
        }
        #expect(recovered, "the node did not recover")
        #expect(unavailable >= 10, "commands while the database was down must not be acknowledged")
        // Every acknowledged add is there, and nothing that was refused.
        let shown = try alice.ok("show inbox page 1").data
        let titles = Set(
            ("\(shown)".components(separatedBy: "chore ").dropFirst()).compactMap { Int($0.prefix { $0.isNumber }) })
        let total = try Self.openTasks(alice)
        #expect(total == acknowledged.count, "stored \(total), acknowledged \(acknowledged.count)")
        #expect(titles.isSubset(of: acknowledged))
    }

    @Test(
        "PostgreSQL that stops answering: every command is refused as unavailable within a second, a bystander's ping is answered, and the node serves again within 2 s"
    )
    func databaseHangs() throws {
        guard case .success = TemporaryCluster.shared else {
            print("skipped: databaseHangs: PostgreSQL cannot be started here")
            return
        }
        let cluster = try TemporaryCluster(forTests: true)
        defer {
            try? cluster.thaw()
            cluster.stop()
        }
        try cluster.createDatabase("twodo")
        let node = try TestServer(databasePath: cluster.url(database: "twodo"))
        let alice = try node.user("alice")
        let bob = try node.user("bob")
        try alice.ok("add before the hang")
        try cluster.freeze()
        for i in 0..<5 {
            let started = Date()
            let reply = try alice.json("add during the hang \(i)", timeout: 10)
            let took = Date().timeIntervalSince(started)
            #expect(reply.code == "error.unavailable", "\(reply)")
            #expect(took < 1.2, "command \(i) answered after \(took) s")
            // The loop is not held: another user's ping is answered at once (every turn needs the database, so
            // the answer may be the same refusal).
            let ping = Date()
            let pong = try bob.json("ping", timeout: 10)
            #expect(pong.code == "pong" || pong.code == "error.unavailable", "\(pong)")
            #expect(Date().timeIntervalSince(ping) < 1.2)
        }
        try cluster.thaw()
        let back = Date()
        var served = false
        while !served && Date().timeIntervalSince(back) < 10 {
            served = try alice.json("add after the hang", timeout: 10).ok == true
            if !served { usleep(100_000) }
        }
        #expect(served)
        #expect(Date().timeIntervalSince(back) < 2.5, "served again \(Date().timeIntervalSince(back)) s after")
        #expect(try Self.openTasks(alice) == 2)
    }

    @Test("Three nodes behind HAProxy: partners on different nodes, a node killed, its clients back through HAProxy")
    func threeNodesBehindHAProxy() throws {
        guard let url = try ClusterDatabase.fresh() else { return }
        guard FileManager.default.isExecutableFile(atPath: HAProxyProcess.binary) else {
            print("skipped: threeNodesBehindHAProxy: haproxy is not installed (Debian: haproxy)")
            return
        }
        let nodes = try (0..<3).map { _ in
            try TestServer(databasePath: url, extraArguments: ["--proxy-protocol", "127.0.0.1", "--quiet"])
        }
        let front = try HAProxyProcess(nodePorts: nodes.map(\.port))
        for n in 1...3 {
            let state = try front.waitForState(server: "node\(n)", timeout: 15) { $0.status == "UP" }
            #expect(state.status == "UP", "node\(n): \(state)")
        }
        func client() throws -> LineClient {
            let c = try LineClient(port: front.port)
            _ = try c.readLine()
            return c
        }
        // leastconn: the two partners land on different nodes.
        let alice = try client()
        try alice.ok(["json on", "register alice \(TestServer.password("alice"))"])
        let bob = try client()
        try bob.ok(["json on", "register bob \(TestServer.password("bob"))"])
        try nodes[0].pair(alice, bob)
        for n in 0..<10 {
            try alice.ok("add errand \(n)")
            #expect(try bob.event().text.contains("errand \(n)"))
        }
        // The node alice is on dies; she comes back through HAProxy and finds every acknowledged write.
        // alice registered first: user 1, logged by the node she is on.
        let aliceNode = try #require(
            nodes.first { node in
                node.log.split(separator: "\n").contains { $0.contains("msg=registered") && $0.hasSuffix("user=1") }
            })
        aliceNode.kill()
        #expect(alice.isClosedByServer(within: 15))
        var back: LineClient?
        let deadline = Date().addingTimeInterval(20)
        while back == nil && Date() < deadline {
            if let c = try? client(), (try? c.ok(["json on", "login alice \(TestServer.password("alice"))"])) != nil {
                back = c
            } else {
                usleep(200_000)
            }
        }
        let again = try #require(back)
        #expect(try Self.openTasks(again) == 10)
        try again.ok("add after the fail-over")
        #expect(try bob.event(timeout: 5).text.contains("after the fail-over"))
    }

    @Test("Guesses spread over two nodes are counted together: the sixth wrong password waits on either node")
    func sharedThrottle() throws {
        guard let url = try ClusterDatabase.fresh() else { return }
        let one = try TestServer(databasePath: url)
        let two = try TestServer(databasePath: url)
        _ = try one.user("victim")
        func attacker(_ node: TestServer) throws -> LineClient {
            let c = try node.connect(from: "127.0.0.2")
            try c.ok("json on")
            return c
        }
        let a = try attacker(one)
        let b = try attacker(two)
        for i in 0..<5 {
            let c = i % 2 == 0 ? a : b
            #expect(try c.json("login victim wrong-guess-\(i)").code == "error.bad_credentials")
        }
        // Five failures in all, from one address, on two nodes: that address waits, wherever it asks.
        #expect(try a.json("login victim \(TestServer.password("victim"))").code == "error.throttled")
        #expect(try b.json("login victim \(TestServer.password("victim"))").code == "error.throttled")
        let fresh = try attacker(two)
        #expect(try fresh.json("login victim another-guess").code == "error.throttled")
        // The owner, from another address, is never held back.
        let owner = try two.connect(from: "127.0.0.3")
        try owner.ok("json on")
        let ownerReply = try owner.json("login victim \(TestServer.password("victim"))")
        #expect(ownerReply.code == "auth.logged_in", "\(ownerReply)")
    }

    @Test(
        "Guesses checked at once on three nodes are counted as they are sent: the right password after five wrong ones in flight waits"
    )
    func guessesInFlight() throws {
        guard let url = try ClusterDatabase.fresh() else { return }
        let nodes = try (0..<3).map { _ in try TestServer(databasePath: url) }
        _ = try nodes[0].user("victim")
        func attacker(_ node: TestServer) throws -> LineClient {
            let c = try node.connect(from: "127.0.0.2")
            try c.ok("json on")
            return c
        }
        let guessers = try (0..<5).map { try attacker(nodes[$0 % 3]) }
        let last = try attacker(nodes[2])
        // Five wrong guesses sent together, spread over the nodes, none answered yet...
        let watchers = try nodes.map { node -> LineClient in
            let c = try node.connect(from: "127.0.0.3")
            try c.ok("json on")
            return c
        }
        for (i, c) in guessers.enumerated() { try c.send("login victim wrong-guess-\(i)") }
        // A ping answered by each node after the guesses were sent: each node has read them (their lines were
        // in its sockets when it took the ping), while their checks (tens of ms of yescrypt each) still run.
        for w in watchers { #expect(try w.json("ping").code == "pong") }
        // ...and the right one: it is the sixth for that name from that address, wherever it is checked.
        let reply = try last.json("login victim \(TestServer.password("victim"))", timeout: 10)
        #expect(reply.code == "error.throttled", "\(reply)")
        for c in guessers {
            let answer = try c.readJSON(timeout: 10)
            #expect(answer.code == "error.bad_credentials", "\(answer)")
        }
    }

    @Test("Wrong invite codes spread over two nodes count together: the right code after five wrong ones waits")
    func inviteGuessesSpread() throws {
        guard let url = try ClusterDatabase.fresh() else { return }
        let one = try TestServer(databasePath: url)
        let two = try TestServer(databasePath: url)
        let host = try one.user("host")
        let code = try #require(try host.json("couple create").data["code"] as? String)
        let guesser = try one.user("guesser")
        let elsewhere = try two.login("guesser")
        for i in 0..<5 {
            let c = i % 2 == 0 ? guesser : elsewhere
            #expect(try c.json("couple join AAAA-BBBB-CCCC-000\(i)").code == "error.invite_invalid")
        }
        #expect(try elsewhere.json("couple join \(code)").code == "error.throttled")
        #expect(try guesser.json("couple join \(code)").code == "error.throttled")
    }
}
