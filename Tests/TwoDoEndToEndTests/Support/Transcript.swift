// A child process's or terminal's output, collected on a background thread, for tests that wait for a phrase.

import Foundation

/// Collects what a handle produces so a test can wait for a phrase (telnet transcripts, pseudo-terminals).
///
/// @unchecked Sendable: the lock guards the collected text.
final class Transcript: @unchecked Sendable {
    private let lock = NSLock()
    private var collected = ""

    init(_ handle: FileHandle) {
        Thread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                lock.withLock { collected += String(decoding: data, as: UTF8.self) }
            }
        }.start()
    }

    var text: String { lock.withLock { collected } }

    /// Waits until `phrase` has appeared; false after `timeout` seconds.
    func wait(for phrase: String, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if text.contains(phrase) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }
}
