// Migration 11's search index: rebuilt from a populated file, descriptions and routine/event notes searched.

import Foundation
import Testing
import TwoDoCore
@testable import TwoDoStore

@Suite("Search index of migration 11")
struct SearchMigrationTests {
    let temp = TempDB()

    /// A store with one user and a task, task note, routine, routine note, event and event note.
    private func populated() throws -> (Store, User) {
        let store = try Store(path: temp.path, durable: false)
        let user = try #require(try store.createUser(name: "ayse", passwordHash: "$y$x", lang: .tr, now: 1))
        let list = try store.defaultList(in: user.space)
        let task = try store.addTask(
            title: "lavabo tamiri", list: list.id, space: user.space, by: user.id, assignee: nil, now: 2)
        try store.addNote(to: task, by: user.id, text: "conta eskimiş", now: 3)
        let routine = try store.addRoutine(
            name: "koşu", space: user.space, by: user.id, assignee: nil, time: nil, rule: Recurrence(.daily),
            since: LocalDate(iso: "2026-11-22")!, now: 4)
        try store.addNote(routine: routine, by: user.id, text: "yeni ayakkabı", now: 5)
        let event = try store.addEvent(
            CalendarEvent(
                id: EventID(0), title: "akşam yemeği", date: LocalDate(iso: "2026-11-27")!, time: nil, end: nil,
                tz: "UTC"), space: user.space, by: user.id, assignee: nil, now: 6)
        try store.addNote(event: event, by: user.id, text: "şarap götür", now: 7)
        return (store, user)
    }

    @Test("notes on routines and events find them; so do descriptions, which follow every change")
    func itemNotesAndDescriptions() throws {
        let (store, user) = try populated()
        try store.flushSearchIndex(limit: .max)
        #expect(try store.searchHits(["ayakkabi"], in: user.space).routines.count == 1)
        #expect(try store.searchHits(["sarap"], in: user.space).events.count == 1)
        #expect(try store.searchHits(["conta"], in: user.space).tasks.count == 1)
        let task = try #require(try store.tasks(matching: "lavabo", in: user.space).first)
        try store.setDescription(of: task.id, to: "Musluk da damlıyor", now: 8)
        try store.flushSearchIndex(limit: .max)
        #expect(try store.searchHits(["damliyor"], in: user.space).tasks == [task.id])
        try store.setDescription(of: task.id, to: nil, now: 9)
        try store.flushSearchIndex(limit: .max)
        #expect(try store.searchHits(["damliyor"], in: user.space).tasks.isEmpty)
        #expect(try store.searchHits(["lavabo"], in: user.space).tasks == [task.id])
    }

    @Test("the rebuild of a populated index (migration 11's body after its columns) finds every row again")
    func rebuild() throws {
        let (store, user) = try populated()
        let sql = Migrations.all[10]
        let body = try #require(sql.range(of: "DROP TRIGGER search_task_insert;"))
        // The triggers migration 11 added to those of migration 7 go first, so its body runs as on a version 10 file.
        let added = [
            "search_routine_moved", "search_event_moved", "search_item_note_insert", "search_item_note_delete",
        ]
        let drop = added.map { "DROP TRIGGER \($0);" }.joined(separator: "\n")
        try store.db.inTransaction { try store.db.execute(drop + "\n" + String(sql[body.lowerBound...])) }
        try store.flushSearchIndex(limit: .max)
        #expect(try store.searchHits(["lavabo"], in: user.space).tasks.count == 1)
        #expect(try store.searchHits(["conta"], in: user.space).tasks.count == 1)
        #expect(try store.searchHits(["kosu"], in: user.space).routines.count == 1)
        #expect(try store.searchHits(["ayakkabi"], in: user.space).routines.count == 1)
        #expect(try store.searchHits(["aksam"], in: user.space).events.count == 1)
        #expect(try store.searchHits(["sarap"], in: user.space).events.count == 1)
        // Another space sees none of it.
        let other = try #require(try store.createUser(name: "zeynep", passwordHash: "$y$x", lang: .tr, now: 1))
        #expect(try store.searchHits(["sarap"], in: other.space) == SearchHits())
    }

    @Test("deleting a routine or event takes its notes out of the index")
    func cascade() throws {
        let (store, user) = try populated()
        let routine = try #require(try store.routines(in: user.space).first)
        try store.deleteRoutine(routine.id)
        try store.flushSearchIndex(limit: .max)
        #expect(try store.searchHits(["ayakkabi"], in: user.space).routines.isEmpty)
        #expect(
            try store.db.queryOne("SELECT count(*) AS n FROM search_index WHERE rowid % 8 = 4") {
                try $0.requiredInt("n")
            } == 1)
    }
}
