// `more` reads the next page by key, after the last row shown: a partner's changes above that row never make
// the next page skip rows or show some again, as counting rows from the start (OFFSET) did.

import Testing
import TwoDoCore
import TwoDoFeatures
import TwoDoProtocol
import TwoDoStore

@Suite("Paging by key")
struct KeysetPagingTests {
    /// The titles of the numbered rows of a reply, in order.
    private func titles(_ o: Outcome) -> [String] {
        o.reply.lines.compactMap { line -> String? in
            guard let range = line.range(of: #"^ +\d+\. \[.\] "#, options: .regularExpression) else { return nil }
            let rest = line[range.upperBound...]
            return String(rest.split(separator: " — ").first ?? rest)
        }
    }

    private func name(_ i: Int) -> String {
        "task " + String(repeating: "0", count: 3 - String(i).count) + String(i)
    }

    @Test("after the partner deletes rows of page 1, more starts right after the last row shown")
    func showAfterDeletes() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        for i in 1...120 { try h.run("add \(name(i))", as: alice.1) }
        let first = try h.run("show", as: alice.1)
        #expect(titles(first) == (1...50).map(name))
        for i in 10...14 { #expect(try h.run("delete \(name(i))", as: bob.1).reply.ok) }
        let second = try h.run("more", as: alice.1)
        #expect(second.reply.code == .taskList)
        // By offset the page would start at task 056 and rows 051–055 would never be shown.
        #expect(titles(second) == (51...100).map(name))
        // Numbers go on from the page before; `done 51` is the row shown as 51.
        #expect(second.reply.lines.contains { $0.hasPrefix("  51. [ ] task 051") })
        #expect(try h.run("done 51", as: alice.1).reply.lines.joined().contains("task 051"))
        // 051, done since, sorts after the open rows now: it is read again at the end, as it is now.
        let third = try h.run("more", as: alice.1)
        #expect(titles(third) == (101...120).map(name) + ["task 051"])
    }

    @Test("after the partner adds rows above the last one shown, more shows none of page 1 again")
    func viewAfterAdds() throws {
        let h = try HandlerHarness()
        let (alice, bob) = try h.couple()
        for i in 1...40 { try h.run("add \(name(i)) tomorrow", as: alice.1) }
        for i in 41...80 { try h.run("add \(name(i))", as: alice.1) }
        let first = try h.run("agenda", as: alice.1)
        #expect(titles(first) == (1...50).map(name))
        for i in 1...5 { try h.run("add extra \(i) tomorrow", as: bob.1) }
        let second = try h.run("more", as: alice.1)
        #expect(second.reply.code == .taskView)
        // By offset (50 of now 85 rows) the page would repeat 046–050.
        #expect(titles(second) == (51...80).map(name))
    }

    @Test("more through a long list by key ends at its last row, each row shown once")
    func walkWholeList() throws {
        let h = try HandlerHarness()
        let (alice, _) = try h.couple()
        for i in 1...230 { try h.run("add \(name(i))", as: alice.1) }
        for i in stride(from: 3, through: 230, by: 7) { try h.run("done \(name(i))", as: alice.1) }
        var seen = titles(try h.run("show", as: alice.1))
        while true {
            let next = try h.run("more", as: alice.1)
            if next.reply.code == .errorNoMorePages { break }
            seen += titles(next)
        }
        let done = Set(stride(from: 3, through: 230, by: 7).map(name))
        let open = (1...230).map(name).filter { !done.contains($0) }
        #expect(seen == open + (1...230).map(name).filter { done.contains($0) })
    }
}
