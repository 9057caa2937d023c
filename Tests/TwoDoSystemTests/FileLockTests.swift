// The lock file: one holder at a time, the holder's pid named, the file removed on release.

import Foundation
import Testing
import TwoDoSystem

@Suite("FileLock")
struct FileLockTests {
    private func scratchPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("twodo-lock-\(UUID().uuidString)").path
    }

    @Test("a second taker is refused with the holder's pid until the holder releases")
    func oneHolder() throws {
        let path = scratchPath()
        let first = try FileLock(path: path)
        #expect(throws: FileLock.Failure.held(pid: ProcessInfo.processInfo.processIdentifier)) {
            try FileLock(path: path)
        }
        first.release()
        #expect(!FileManager.default.fileExists(atPath: path))
        first.release()  // harmless twice
        let second = try FileLock(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
        second.release()
    }

    @Test("a lock in a missing folder cannot be opened (ENOENT)")
    func missingFolder() {
        #expect(throws: FileLock.Failure.cannotOpen(errno: Errno.noSuchFile)) {
            try FileLock(path: "/nonexistent-\(UUID().uuidString)/db.lock")
        }
    }
}
