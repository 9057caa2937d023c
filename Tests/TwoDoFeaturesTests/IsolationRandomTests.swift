// Two couples and a stranger run long random sequences of every kind of command (undo, delete, leave, join,
// account delete and register among them); after each step a checker walks the database for any row of one space
// that reaches another space's row or names someone who is not a member. Runs on both engines.

import Foundation
import Testing
import TwoDoCore
import TwoDoFeatures
import TwoDoPostgres
import TwoDoStore

/// A small deterministic generator (SplitMix64), so a failing seed replays exactly.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }
}

@Suite("Isolation under random commands", .serialized)
struct IsolationRandomTests {
    /// What a space may hold here: small, so the limits are met often.
    static let limits: SpaceLimits = {
        var limits = SpaceLimits()
        limits.listsPerSpace = 4
        limits.stepsPerTask = 3
        limits.notesPerItem = 3
        limits.openTasksPerList = 8
        limits.routinesPerSpace = 3
        limits.eventsPerSpace = 4
        return limits
    }()

    /// Every rule the checker found broken, with the number of rows breaking it.
    static func violations(_ store: any TwoDoStorage) throws -> [String: Int] {
        if let sqlite = store as? Store { return try sqlite.isolationViolations() }
        if let postgres = store as? PostgresStore { return try postgres.isolationViolations() }
        Issue.record("unknown engine \(type(of: store))")
        return [:]
    }

    @Test("no row ever reaches another space or names a non-member", arguments: [UInt64(1), 2, 3])
    func randomSequences(seed: UInt64) throws {
        let h = try HandlerHarness(limits: Self.limits)
        var rng = SplitMix(seed: seed)
        var people: [(User, Session)] = []
        var serial = 0
        func register() throws {
            serial += 1
            people.append(try h.user("user\(serial)"))
        }
        for _ in 0..<5 { try register() }
        let titles = ["milk", "bread", "sink", "rent", "plants", "secret"]
        let lists = ["Home", "Shop", "Work", "Secret", "Garden"]
        let routines = ["stretch", "water", "run"]
        let events = ["dentist", "party", "dinner"]
        var log: [String] = []
        var succeeded: [String: Int] = [:]
        for step in 0..<350 {
            let who = Int(rng.next() % UInt64(people.count))
            let session = people[who].1
            let t = rng.pick(titles)
            let l = rng.pick(lists)
            let r = rng.pick(routines)
            let e = rng.pick(events)
            let roll = rng.next() % 100
            var line: String
            switch roll {
            case 0..<10: line = "add \(t)"
            case 10..<14: line = "add \(t) to \(l)"
            case 14..<19: line = "delete \(t)"
            case 19..<22: line = "done \(t)"
            case 22..<25: line = "note \(t): \(rng.pick(["hi", "call first", "x"]))"
            case 25..<26: line = "note delete \(t) 1"
            case 26..<27: line = "note edit \(t) 1 \(rng.pick(["hi", "call first", "x"]))"
            case 27..<30: line = "list add \(l)"
            case 30..<32: line = "list delete \(l) confirm"
            case 32..<35: line = "add \(rng.pick(titles)) step under \(t)"
            case 35..<37: line = "remind \(t) 30 minutes before"
            case 37..<39: line = "due \(t) tomorrow 9am"
            case 39..<41: line = "plan 1 morning must"
            case 41..<43: line = "routine add \(r) every day"
            case 43..<45: line = "routine done \(r)"
            case 45..<46: line = "routine delete \(r)"
            case 46..<48: line = "event add \(e) friday 10:00 remind 1h before"
            case 48..<49: line = "note event \(e): bring it"
            case 49..<50: line = "event delete \(e)"
            case 50..<52: line = "assign \(t) to \(people[Int(rng.next() % UInt64(people.count))].0.name)"
            case 52..<54: line = "show"
            case 54..<70: line = "undo"
            case 70..<74: line = "couple leave confirm"
            case 74..<80:
                // Pair with someone else who is alone.
                let alone = try people.indices.filter {
                    try h.store.members(of: h.refreshed(people[$0]).0.space).count == 1
                }
                let others = alone.filter { $0 != who }
                guard alone.contains(who), let host = others.first else {
                    line = "undo"
                    break
                }
                let invite = try h.run("couple create", as: people[host].1)
                guard case .object(let fields)? = invite.reply.data,
                    case .string(let code)? = fields.first(where: { $0.0 == "code" })?.1
                else {
                    line = "show"
                    break
                }
                line = "couple join \(code)"
            case 80..<83:
                // An account goes; someone new registers (ids are never reused).
                let gone = people.remove(at: who)
                _ = try h.store.savepoint { try h.store.deleteUser(gone.0.id) }
                h.presence.sessionsByUser[gone.0.id] = nil
                try register()
                log.append("\(step): \(gone.0.name) deleted; user\(serial) registered")
                #expect(try Self.violations(h.store).isEmpty, "seed \(seed): \(log.suffix(8))")
                continue
            default: line = rng.pick(["show", "undo", "add \(t) today 6pm", "list clear \(l)"])
            }
            log.append("\(step): \(people[who].0.name)> \(line)")
            do {
                let outcome = try h.run(line, as: session)
                if outcome.reply.ok {
                    succeeded[
                        String(line.prefix { $0 != " " })
                            + (line.hasPrefix("couple")
                                ? line.split(separator: " ").dropFirst().first.map { " " + $0 } ?? "" : ""),
                        default: 0] += 1
                }
            } catch HarnessError.loopRequest {
                continue
            }
            let broken = try Self.violations(h.store)
            #expect(broken.isEmpty, "seed \(seed), after \(log.suffix(8)): \(broken)")
            if !broken.isEmpty { return }
        }
        // The sequence did reach the paths that write rows by id or move them between spaces.
        for verb in ["undo", "couple join", "couple leave", "delete", "list", "note", "add", "routine", "event"] {
            #expect(succeeded[verb, default: 0] > 0, "seed \(seed): no `\(verb)` succeeded: \(succeeded)")
        }
    }

    @Test("undo respects every space limit: a restored step, list or note past its limit is refused")
    func undoRespectsLimits() throws {
        let h = try HandlerHarness(limits: Self.limits)
        let (alice, bob) = try h.couple()
        try h.run("add sink", as: alice.1)
        for step in ["washer", "wrench", "tape"] { try h.run("add \(step) under sink", as: alice.1) }
        try h.run("delete washer", as: alice.1)
        try h.run("add glue under sink", as: bob.1)
        let refused = try h.run("undo", as: alice.1)
        #expect(refused.reply.code == .errorUndoLimit, "\(refused.reply.lines)")
        #expect(refused.reply.lines.joined().contains("3"), "\(refused.reply.lines)")
        // Nothing came back, and the entry is spent: the next undo goes one further back.
        #expect(try h.run("steps sink", as: alice.1).reply.lines.count >= 1)
        for name in ["Home", "Shop", "Work"] { try h.run("list add \(name)", as: alice.1) }
        try h.run("list delete Work confirm", as: alice.1)
        try h.run("list add Garden", as: bob.1)
        let lists = try h.run("undo", as: alice.1)
        #expect(lists.reply.code == .errorUndoLimit, "\(lists.reply.lines)")
        #expect(try h.store.listCount(in: h.refreshed(alice).0.space) == Self.limits.listsPerSpace)
        #expect(try Self.violations(h.store).isEmpty)
    }
}
