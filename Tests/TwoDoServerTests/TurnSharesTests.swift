// Fair turns without sockets: the shares of client addresses in one turn.

import Testing
@testable import TwoDoServer

@Suite("Shares of a turn between client addresses")
struct TurnSharesTests {
    @Test("64 connections of one address split its 256 commands; a lone bystander keeps a whole share")
    func oneAddressManyConnections() {
        var shares = TurnShares(
            addresses: Array(repeating: "10.0.0.1", count: 64) + ["10.0.0.2"], commands: 256, seconds: 0.002)
        #expect(shares.connectionBudget("10.0.0.1") == 4)
        #expect(shares.connectionBudget("10.0.0.2") == 256)
        var ran = 0
        for _ in 0..<64 where shares.hasShare("10.0.0.1") {
            var consumed = 0
            while !shares.sliceOver("10.0.0.1", consumed: consumed, elapsed: 0) { consumed += 1 }
            #expect(consumed == 4)
            shares.charge("10.0.0.1", commands: consumed, seconds: 0)
            ran += consumed
        }
        #expect(ran == 256)
        #expect(!shares.hasShare("10.0.0.1"))
        #expect(shares.hasShare("10.0.0.2"))
    }

    @Test("the time share ends an address's slice after the command that used it up, never before the first")
    func timeShare() {
        var shares = TurnShares(addresses: ["a", "a", "b"], commands: 256, seconds: 0.002)
        // The first command always runs, however slow the address has been.
        #expect(!shares.sliceOver("a", consumed: 0, elapsed: 0.010))
        #expect(shares.sliceOver("a", consumed: 1, elapsed: 0.0025))
        shares.charge("a", commands: 1, seconds: 0.0025)
        #expect(!shares.hasShare("a"))
        // The other connection of "a" waits for the next turn; "b" is untouched.
        #expect(shares.hasShare("b"))
        #expect(!shares.sliceOver("b", consumed: 5, elapsed: 0.001))
    }

    @Test("an address with fewer connections than commands gets at least one command a connection")
    func atLeastOne() {
        let shares = TurnShares(addresses: Array(repeating: "x", count: 1_000), commands: 256, seconds: 1)
        #expect(shares.connectionBudget("x") == 1)
        #expect(shares.sliceOver("x", consumed: 1, elapsed: 0))
        #expect(!shares.sliceOver("x", consumed: 0, elapsed: 0))
    }
}
