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
        // Old meanings kept: `ertele` is still snooze, titles with "plan" still add.
        ok("tatil planı yap ekle", task("tatil planı yap")),
        ok("plan yap ekle", task("plan yap")),
        ok("add plan the trip", task("plan the trip")),
        ok("ertele 3", .snooze(.number(3), nil)),
    ]
}
