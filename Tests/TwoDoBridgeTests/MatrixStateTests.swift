// The Matrix bridge's state file: saved atomically, read back, absent means a fresh start.

import Foundation
import Testing

@testable import TwoDoBridge

@Suite("MatrixState")
struct MatrixStateTests {
    func temporaryPath() -> String {
        NSTemporaryDirectory() + "/twodo-matrix-state-\(UUID().uuidString).json"
    }

    @Test("a saved state reads back the same")
    func roundTrip() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let state = MatrixState(since: "s12_3_0", directRooms: [MatrixFixtures.aliceRoom: "@alice:localhost"])
        try state.save(to: path)
        #expect(try MatrixState.load(from: path) == state)
        try MatrixState(since: "s13").save(to: path)
        #expect(try MatrixState.load(from: path) == MatrixState(since: "s13"))
    }

    @Test("no file is a fresh start; a broken file is an error, not silently a fresh start")
    func missingAndBroken() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try MatrixState.load(from: path) == MatrixState())
        try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: (any Error).self) { try MatrixState.load(from: path) }
    }
}
