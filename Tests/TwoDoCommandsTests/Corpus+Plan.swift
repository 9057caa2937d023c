// Day-plan rows: plan, plan add, reorder, start, defer, unplan, backlog, in English and Turkish.

import TwoDoCommands
import TwoDoCore

extension Corpus {
    /// Corpus days: today is Sun 22 Nov 2026 (UTC).
    private static let tomorrow = LocalDate(year: 2026, month: 11, day: 23)
    private static let friday = LocalDate(year: 2026, month: 11, day: 27)
    private static let december2 = LocalDate(year: 2026, month: 12, day: 2)

    /// Plan lines in both languages, side by side, and lines that must keep their old meaning.
    static let planRows: [Row] = [
        // Boards.
        ok("plan", .plan(.board(member: nil, day: nil))),
        ok("PLAN", .plan(.board(member: nil, day: nil))),
        ok("planla", .plan(.board(member: nil, day: nil))),
        ok("plan tomorrow", .plan(.board(member: nil, day: tomorrow))),
        ok("plan morning", .plan(.region(member: nil, region: .morning, day: nil))),
        ok("plan sabah", .plan(.region(member: nil, region: .morning, day: nil))),
        ok("plan evening tomorrow", .plan(.region(member: nil, region: .evening, day: tomorrow))),
        ok("plan öğleden sonra", .plan(.region(member: nil, region: .afternoon, day: nil))),
        ok("plan yarın", .plan(.board(member: nil, day: tomorrow))),
        ok("plan friday", .plan(.board(member: nil, day: friday))),
        ok("plan cuma", .plan(.board(member: nil, day: friday))),
        ok("plan 2 Dec", .plan(.board(member: nil, day: december2))),
        ok("plan 2 Aralık", .plan(.board(member: nil, day: december2))),
        ok("plan bob", .plan(.board(member: "bob", day: nil))),
        ok("plan bob'un", .plan(.board(member: "bob", day: nil))),
        ok("plan bob tomorrow", .plan(.board(member: "bob", day: tomorrow))),
        ok("plan bob'un yarın", .plan(.board(member: "bob", day: tomorrow))),
        fail("plan Feb 30", .badDate(verb: "plan", value: "Feb 30", problem: .noSuchDay)),
        // Placing a task.
        ok("plan 2 morning", .plan(.place(.number(2), region: .morning, bucket: nil, day: nil))),
        ok("plan #2 afternoon must", .plan(.place(.number(2), region: .afternoon, bucket: .must, day: nil))),
        ok("plan 2 evening big tomorrow", .plan(.place(.number(2), region: .evening, bucket: .must, day: tomorrow))),
        ok(
            "plan write essay morning complementary 2 Dec",
            .plan(.place(.words("write essay"), region: .morning, bucket: .complementary, day: december2))),
        ok("plan 3 evening medium", .plan(.place(.number(3), region: .evening, bucket: .complementary, day: nil))),
        ok("plan 3 evening small", .plan(.place(.number(3), region: .evening, bucket: .misc, day: nil))),
        ok("planla 2 sabah", .plan(.place(.number(2), region: .morning, bucket: nil, day: nil))),
        ok("planla 2 sabah şart", .plan(.place(.number(2), region: .morning, bucket: .must, day: nil))),
        ok(
            "planla 2 öğleden sonra tamamlayıcı",
            .plan(.place(.number(2), region: .afternoon, bucket: .complementary, day: nil))),
        ok("planla 2 akşam ufak yarın", .plan(.place(.number(2), region: .evening, bucket: .misc, day: tomorrow))),
        ok("2'yi sabaha planla", .plan(.place(.number(2), region: .morning, bucket: nil, day: nil))),
        ok("makale yaz akşama planla", .plan(.place(.words("makale yaz"), region: .evening, bucket: nil, day: nil))),
        ok("3'ü öğleden sonraya büyük planla", .plan(.place(.number(3), region: .afternoon, bucket: .must, day: nil))),
        ok(
            "plan \"morning run\" evening",
            .plan(.place(.words("morning run"), region: .evening, bucket: nil, day: nil))),
        fail("plan 3", .usage(verb: "plan")),
        fail("plan 3 lunch", .usage(verb: "plan")),
        fail("plan #0 morning", .usage(verb: "plan")),
        // plan add.
        ok(
            "plan add write essay morning must",
            .plan(.add(title: "write essay", region: .morning, bucket: .must, day: nil))),
        ok("plan add call mom evening", .plan(.add(title: "call mom", region: .evening, bucket: nil, day: nil))),
        ok(
            "plan add pay rent afternoon friday",
            .plan(.add(title: "pay rent", region: .afternoon, bucket: nil, day: friday))),
        ok(
            "plan ekle makale yaz sabah şart",
            .plan(.add(title: "makale yaz", region: .morning, bucket: .must, day: nil))),
        ok("planla ekle annemi ara akşam", .plan(.add(title: "annemi ara", region: .evening, bucket: nil, day: nil))),
        fail("plan add morning", .usage(verb: "plan")),
        // Reordering.
        ok("plan 3 first", .plan(.reorder(.number(3), .first))),
        ok("plan 3 last", .plan(.reorder(.number(3), .last))),
        ok("plan 3 before 1", .plan(.reorder(.number(3), .before(.number(1))))),
        ok("plan write essay before call mom", .plan(.reorder(.words("write essay"), .before(.words("call mom"))))),
        ok("planla 3 başa", .plan(.reorder(.number(3), .first))),
        ok("planla 3 sona", .plan(.reorder(.number(3), .last))),
        ok("planla 3 1'in önüne", .plan(.reorder(.number(3), .before(.number(1))))),
        fail("plan 3 before", .usage(verb: "plan")),
        // Statuses.
        ok("start 3", .plan(.start(.number(3)))),
        ok("start write essay", .plan(.start(.words("write essay")))),
        ok("başla 3", .plan(.start(.number(3)))),
        ok("3'e başla", .plan(.start(.number(3)))),
        ok("defer 3", .plan(.deferTask(.number(3)))),
        ok("sonraya bırak 3", .plan(.deferTask(.number(3)))),
        ok("3'ü sonraya bırak", .plan(.deferTask(.number(3)))),
        ok("unplan 3", .plan(.unplan(.number(3)))),
        ok("plandan çıkar 3", .plan(.unplan(.number(3)))),
        ok("3'ü plandan çıkar", .plan(.unplan(.number(3)))),
        ok("backlog", .plan(.backlog)),
        ok("bekleyenler", .plan(.backlog)),
        ok("backlog page 2", .paged(.plan(.backlog), page: 2)),
        ok("bekleyenler sayfa 2", .paged(.plan(.backlog), page: 2)),
        fail("start", .usage(verb: "start")),
        fail("başla", .usage(verb: "start")),
        fail("defer", .usage(verb: "defer")),
        fail("unplan", .usage(verb: "unplan")),
        fail("backlog 3", .usage(verb: "backlog")),
        // A member's plan said with a possessive (issue 28): the board of that member, as `plan <member>` reads it.
        ok("alice'in planı", .plan(.board(member: "alice", day: nil))),
        ok("bob'un planı", .plan(.board(member: "bob", day: nil))),
        ok("Bob’un planı", .plan(.board(member: "Bob", day: nil))),
        ok("bob's plan", .plan(.board(member: "bob", day: nil))),
        ok("bob's plan tomorrow", .plan(.board(member: "bob", day: tomorrow))),
        ok("bob'un planı yarın", .plan(.board(member: "bob", day: tomorrow))),
        ok("bob'un yarınki planı", .plan(.board(member: "bob", day: tomorrow))),
        ok("bob'un cuma planı", .plan(.board(member: "bob", day: friday))),
        ok("bob'un planı akşam", .plan(.region(member: "bob", region: .evening, day: nil))),
        ok("bob's plan morning tomorrow", .plan(.region(member: "bob", region: .morning, day: tomorrow))),
        // The partner named as such, for the one who typed it (alice): bob.
        ok("partnerimin planı", .plan(.board(member: "bob", day: nil)), user: "alice"),
        ok("eşimin planı", .plan(.board(member: "bob", day: nil)), user: "alice"),
        ok("eşimin yarınki planı", .plan(.board(member: "bob", day: tomorrow)), user: "alice"),
        ok("Eşimin planı", .plan(.board(member: "alice", day: nil)), user: "bob"),
        ok("my partner's plan", .plan(.board(member: "bob", day: nil)), user: "alice"),
        ok("partner's plan tomorrow", .plan(.board(member: "bob", day: tomorrow)), user: "alice"),
        ok("eşimin görevleri", .view(.assigned("bob")), user: "alice"),
        ok("my partner's tasks", .view(.assigned("bob")), user: "alice"),
        // Not a member, not only a plan, or the partner unknown: what it was before.
        fail("annemin planı", .unknownCommand(word: "annemin", suggestion: nil)),
        fail("carol'un planı", .unknownCommand(word: "carol'un", suggestion: nil)),
        fail("eşimin planı yarın", .unknownCommand(word: "eşimin", suggestion: nil)),
        fail("bob'un planı 3 sabah", .unknownCommand(word: "bob'un", suggestion: nil)),
        ok("ekle annemin planı", task("annemin planı")),
        ok("bob'un planı ekle", task("bob'un planı")),
        ok("annemin planı ekle", task("annemin planı")),
        ok("add bob's plan", task("bob's plan")),
        ok("bob'un planı yap ekle", task("bob'un planı yap")),
        // Old meanings kept: `ertele` is still snooze, titles with "plan" still add.
        ok("tatil planı yap ekle", task("tatil planı yap")),
        ok("plan yap ekle", task("plan yap")),
        ok("add plan the trip", task("plan the trip")),
        ok("ertele 3", .snooze(.number(3), nil)),
    ]
}
