// A small pool of worker threads for password hashing; results return to the loop through an eventfd.

import Foundation
import Glibc
import Synchronization

/// Work for a hashing thread.
enum HashJob: Sendable {
    /// Check a new password's quality for account `name`, then hash it.
    case hash(password: String, name: String)
    /// Verify `password` against `hash`; on success also check and hash `newPassword` when given (passwd).
    case verify(password: String, hash: String, newPassword: String?, name: String)
}

/// What a hashing thread produced.
enum HashOutcome: Sendable {
    case hashed(String)
    case verified(Bool, newHash: String?)
    /// The new password is too weak (nothing was hashed or changed).
    case weak(PasswordWeakness)
    case failed
}

/// A fixed set of threads running `HashJob`s. Submit and drain happen on the loop thread; the
/// threads only touch the mutex-guarded queues and the eventfd.
final class HashPool: Sendable {
    private struct State {
        var jobs: [(ticket: UInt64, job: HashJob)] = []
        var results: [(ticket: UInt64, outcome: HashOutcome)] = []
        var stopping = false
    }

    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)
    /// The eventfd the loop watches; written after each result.
    let wakeFD: Int32
    /// Most jobs allowed to wait; beyond that, `submit` refuses (the server answers "busy").
    let maxQueued: Int
    private let threadCount: Int

    init(threads: Int, maxQueued: Int = 256) throws {
        wakeFD = try Posix.eventFD()
        self.maxQueued = maxQueued
        _ = PasswordQuality.shared  // load libpwquality and probe cracklib's dictionary now, logging if it is missing
        threadCount = threads
        for i in 0..<threads {
            let thread = Thread { [self] in self.work() }
            thread.name = "twodo-hash-\(i)"
            thread.start()
        }
    }

    /// Queues a job; false when the queue is full.
    func submit(ticket: UInt64, job: HashJob) -> Bool {
        let accepted = state.withLock { s -> Bool in
            guard s.jobs.count < maxQueued else { return false }
            s.jobs.append((ticket, job))
            return true
        }
        if accepted { available.signal() }
        return accepted
    }

    /// Takes every finished result (and clears the eventfd's counter).
    func drain() -> [(ticket: UInt64, outcome: HashOutcome)] {
        var counter: UInt64 = 0
        _ = withUnsafeMutableBytes(of: &counter) { try? Posix.read(wakeFD, $0) }
        return state.withLock { s in
            let r = s.results
            s.results.removeAll()
            return r
        }
    }

    /// Asks the threads to finish.
    func stop() {
        state.withLock { $0.stopping = true }
        for _ in 0..<threadCount { available.signal() }
    }

    private func work() {
        while true {
            available.wait()
            guard let (ticket, job) = state.withLock({ s -> (UInt64, HashJob)? in
                if s.stopping || s.jobs.isEmpty { return nil }
                return s.jobs.removeFirst()
            }) else {
                if state.withLock({ $0.stopping }) { return }
                continue
            }
            let outcome: HashOutcome
            switch job {
            case .hash(let password, let name):
                if let weakness = PasswordQuality.shared.weakness(of: password, name: name) {
                    outcome = .weak(weakness)
                } else {
                    outcome = (try? PasswordHasher.hash(password)).map { .hashed($0) } ?? .failed
                }
            case .verify(let password, let hash, let newPassword, let name):
                let ok = PasswordHasher.verify(password, against: hash)
                if ok, let newPassword, let weakness = PasswordQuality.shared.weakness(of: newPassword, name: name, old: password) {
                    outcome = .weak(weakness)
                } else {
                    let newHash = ok ? newPassword.flatMap { try? PasswordHasher.hash($0) } : nil
                    outcome = (ok && newPassword != nil && newHash == nil) ? .failed : .verified(ok, newHash: newHash)
                }
            }
            state.withLock { $0.results.append((ticket, outcome)) }
            var one: UInt64 = 1
            _ = withUnsafeBytes(of: &one) { try? Posix.write(wakeFD, $0) }
        }
    }
}
