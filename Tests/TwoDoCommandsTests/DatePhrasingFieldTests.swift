// Issue 16's date rows checked one field at a time, and the word each error row points at.

import Foundation
import Testing
import TwoDoCommands
import TwoDoCore

/// The rows of `Corpus+DatePhrasings.swift`, compared field by field so a failure names the field.
@Suite("Round two dates")
struct DatePhrasingFieldTests {
    /// Every round-two row in both languages.
    static let rows = Corpus.turkishDatePhrasings + Corpus.englishDatePhrasings

    @Test(
        "each add has the expected title, list, due instant and zone, all-day flag, rule, priority, assignee",
        arguments: rows)
    func fields(_ row: Row) throws {
        let got = Parser.parse(row.line, context: Corpus.context(for: row))
        guard case .success(.add(let title, let list, let details)) = row.expected else {
            #expect(got == row.expected)
            return
        }
        guard case .success(.add(let gotTitle, let gotList, let gotDetails)) = got else {
            Issue.record("expected an add, got \(got)")
            return
        }
        #expect(gotTitle == title)
        #expect(gotList == list)
        #expect(gotDetails.due?.instant == details.due?.instant)
        #expect(gotDetails.due?.tz == details.due?.tz)
        #expect(gotDetails.due.map { $0.time == nil } == details.due.map { $0.time == nil })
        if let due = gotDetails.due { #expect(due.tz == row.zone) }
        #expect(gotDetails.recurrence == details.recurrence)
        #expect(gotDetails.recurrence?.until == details.recurrence?.until)
        #expect(gotDetails.priority == details.priority)
        #expect(gotDetails.assignee == details.assignee)
    }

    @Test(
        "an error row points at the date as typed",
        arguments: rows.filter { row in
            if case .failure(.badDate) = row.expected { true } else { false }
        })
    func pointed(_ row: Row) throws {
        guard case .failure(.badDate(_, let value, _)) = row.expected else { return }
        guard case .failure(let located) = Parser.parseLocated(row.line, context: Corpus.context(for: row)) else {
            Issue.record("expected an error")
            return
        }
        #expect(located.error == row.expected.failureValue)
        let start = row.line.distance(
            from: row.line.startIndex, to: try #require(row.line.range(of: value)).lowerBound)
        #expect(located.position.offset == start)
    }

    @Test("the round-two rows are many, mostly Turkish, and cover the four zones")
    func size() {
        let rows = Self.rows
        #expect(rows.count >= 180)
        #expect(Corpus.turkishDatePhrasings.count * 100 >= rows.count * 65)
        for zone in ["UTC", "Europe/Istanbul", "Europe/Berlin", "America/New_York"] {
            #expect(rows.contains { $0.zone == zone })
        }
    }
}

extension Result where Failure == ParseError {
    /// The error, if this is a failure.
    fileprivate var failureValue: ParseError? {
        if case .failure(let e) = self { return e }
        return nil
    }
}
