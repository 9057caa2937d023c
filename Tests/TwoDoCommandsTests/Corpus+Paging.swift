// Paging rows: `more` / `devamı` and the `page N` / `sayfa N` clause of listing commands, in both languages.

import TwoDoCommands

extension Corpus {
    /// English paging lines and their expected parses.
    static let englishPaging: [Row] = [
        ok("more", .more),
        ok("MORE", .more),
        ok("next", .more),
        ok("show groceries page 3", .paged(.show(list: "Groceries"), page: 3)),
        ok("show Groceries  page  3 ", .paged(.show(list: "Groceries"), page: 3)),
        ok("show page 2", .paged(.show(list: nil), page: 2)),
        ok("show Alışveriş Listesi page 2", .paged(.show(list: "Alışveriş Listesi"), page: 2)),
        ok("list groceries page 2", .paged(.show(list: "Groceries"), page: 2)),
        ok("agenda page 2", .paged(.view(.agenda), page: 2)),
        ok("today page 2", .paged(.view(.today), page: 2)),
        ok("overdue Page 4", .paged(.view(.overdue), page: 4)),
        ok("mine page 2", .paged(.view(.mine), page: 2)),
        ok("inbox page 2", .paged(.inbox, page: 2)),
        ok("events page 2", .paged(.events(from: nil, to: nil), page: 2)),
        ok("routines page 2", .paged(.routines, page: 2)),
        ok("lists page 2", .paged(.lists, page: 2)),
        ok("notes 3 page 2", .paged(.notes(.number(3)), page: 2)),
        ok("notes routine gym page 2", .paged(.itemNotes(.routine("gym")), page: 2)),
        ok("calendar page 2", .paged(.calendar(month: nil, year: nil), page: 2)),
        ok("calendar december page 2", .paged(.calendar(month: 12, year: nil), page: 2)),
        ok("show groceries page 9999999999999999999", .paged(.show(list: "Groceries"), page: Int.max)),
        ok("show groceries page 007", .paged(.show(list: "Groceries"), page: 7)),
        ok("show groceries page 00000000000000000000000000002", .paged(.show(list: "Groceries"), page: 2)),
        fail("show groceries page 000", .badValue(verb: "page", value: "000")),
        fail("show groceries page 0", .badValue(verb: "page", value: "0")),
        fail("show groceries page -3", .badValue(verb: "page", value: "-3")),
        fail("agenda page two", .badValue(verb: "page", value: "two")),
        fail("inbox page 1.5", .badValue(verb: "page", value: "1.5")),
        // `page N` is only special after a listing: titles keep it.
        ok(
            "add read page 3 of the contract",
            .add(title: "read page 3 of the contract", list: nil, details: TaskDetails())),
        ok("add read page 3", .add(title: "read page 3", list: nil, details: TaskDetails())),
        ok("add page 2", .add(title: "page 2", list: nil, details: TaskDetails())),
        ok("say see page 2", .say("see page 2")),
        fail("more please", .usage(verb: "more")),
    ]

    /// Turkish paging lines and their expected parses.
    static let turkishPaging: [Row] = [
        ok("devamı", .more),
        ok("DEVAMI", .more),
        ok("devam", .more),
        ok("devam et", .more),
        ok("sonraki", .more),
        ok("sonraki sayfa", .more),
        ok("göster market sayfa 3", .paged(.show(list: "Market"), page: 3)),
        ok("market listesini göster sayfa 3", .paged(.show(list: "Market"), page: 3)),
        ok("marketi göster sayfa 2", .paged(.show(list: "Market"), page: 2)),
        ok("göster market 3. sayfa", .paged(.show(list: "Market"), page: 3)),
        ok("göster sayfa 2", .paged(.show(list: nil), page: 2)),
        ok("ajanda sayfa 2", .paged(.view(.agenda), page: 2)),
        ok("ajanda 2. sayfa", .paged(.view(.agenda), page: 2)),
        ok("bugün sayfa 2", .paged(.view(.today), page: 2)),
        ok("gecikenler sayfa 3", .paged(.view(.overdue), page: 3)),
        ok("bildirimler sayfa 2", .paged(.inbox, page: 2)),
        ok("etkinlikler sayfa 2", .paged(.events(from: nil, to: nil), page: 2)),
        ok("rutinler sayfa 2", .paged(.routines, page: 2)),
        ok("listeler sayfa 2", .paged(.lists, page: 2)),
        ok("takvim sayfa 2", .paged(.calendar(month: nil, year: nil), page: 2)),
        ok("takvim aralık 2. sayfa", .paged(.calendar(month: 12, year: nil), page: 2)),
        ok("notlar 3 sayfa 2", .paged(.notes(.number(3)), page: 2)),
        fail("göster market sayfa 0", .badValue(verb: "page", value: "0")),
        fail("ajanda sayfa iki", .badValue(verb: "page", value: "iki")),
        ok(
            "ekle sözleşmenin 3. sayfasını oku",
            .add(title: "sözleşmenin 3. sayfasını oku", list: nil, details: TaskDetails())),
        ok("ekle kitap sayfa 3", .add(title: "kitap sayfa 3", list: nil, details: TaskDetails())),
    ]
}
