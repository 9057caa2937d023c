// A small pool of worker threads for password hashing; results return to the loop through an eventfd.

import Foundation
import TwoDoFeatures
import TwoDoSystem
import Synchronization

/// A fixed set of threads running `HashJob`s. Submit and drain happen on the loop thread; the
/// threads only touch the mutex-guarded queues and the eventfd.
///
/// Fair by client address: each address has its own queue and the threads serve the addresses in turn,
/// so a newcomer waits for at most one job of every other waiting address, not for everything queued
/// before it. The queues together hold at most `maxQueued` jobs (about `maxQueued` × 30 ms ÷ threads of
/// work); when they are full, a job from an address with nothing queued takes the place of the newest job
/// of the address with the most (that client is answered "busy"), so no set of addresses can keep another
/// address out.
final class HashPool: Sendable {
    private struct Queued {
        var ticket: UInt64
        var job: HashJob
        var order: UInt64
    }

    private struct State {
        var queues: [String: [Queued]] = [:]
        /// Addresses with queued jobs, in the order they will be served.
        var rotation: [String] = []
        var count = 0
        var nextOrder: UInt64 = 0
        var results: [(ticket: UInt64, outcome: HashOutcome)] = []
        var stopping = false

        mutating func take() -> Queued? {
            guard !rotation.isEmpty else { return nil }
            let address = rotation.removeFirst()
            guard var queue = queues[address], !queue.isEmpty else { return take() }
            let job = queue.removeFirst()
            count -= 1
            if queue.isEmpty {
                queues[address] = nil
            } else {
                queues[address] = queue
                rotation.append(address)
            }
            return job
        }

        /// Removes the newest job of the address with the most queued (ties: the most recent submitter).
        mutating func evictOne() -> UInt64? {
            guard
                let victim = queues.max(by: { a, b in
                    a.value.count != b.value.count
                        ? a.value.count < b.value.count : (a.value.last?.order ?? 0) < (b.value.last?.order ?? 0)
                })
            else { return nil }
            var queue = victim.value
            let job = queue.removeLast()
            count -= 1
            if queue.isEmpty {
                queues[victim.key] = nil
                rotation.removeAll { $0 == victim.key }
            } else {
                queues[victim.key] = queue
            }
            return job.ticket
        }
    }

    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)
    /// The eventfd the loop watches; written after each result.
    let wakeFD: Int32
    /// Most jobs allowed to wait; beyond that, `submit` refuses (the server answers "busy").
    let maxQueued: Int
    private let threadCount: Int

    init(threads: Int, maxQueued: Int = 64) throws {
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

    /// Queues a job from `address`; false when the queues are full and that address already has jobs
    /// waiting. A job pushed out to make room comes back from `drain` as `.evicted`.
    func submit(ticket: UInt64, job: HashJob, address: String) -> Bool {
        let (accepted, evicted) = state.withLock { s -> (Bool, Bool) in
            var evicted = false
            if s.count >= maxQueued {
                guard s.queues[address] == nil, let victim = s.evictOne() else { return (false, false) }
                s.results.append((victim, .evicted))
                evicted = true
            }
            s.nextOrder += 1
            if s.queues[address] == nil { s.rotation.append(address) }
            s.queues[address, default: []].append(Queued(ticket: ticket, job: job, order: s.nextOrder))
            s.count += 1
            return (true, evicted)
        }
        if accepted { available.signal() }
        if evicted {
            var one: UInt64 = 1
            _ = withUnsafeBytes(of: &one) { try? Posix.write(wakeFD, $0) }
        }
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
            guard
                let (ticket, job) = state.withLock({ s -> (UInt64, HashJob)? in
                    if s.stopping { return nil }
                    return s.take().map { ($0.ticket, $0.job) }
                })
            else {
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
            case .hashSecret(let secret):
                outcome = (try? PasswordHasher.hash(secret)).map { .hashed($0) } ?? .failed
            case .resumeDigest(let token):
                outcome = ResumeDigest.digest(of: token).map { .hashed($0) } ?? .failed
            case .verify(let password, let hash, let newPassword, let name):
                let ok = PasswordHasher.verify(password, against: hash)
                if ok, let newPassword,
                    let weakness = PasswordQuality.shared.weakness(of: newPassword, name: name, old: password)
                {
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
