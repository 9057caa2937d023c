// The one load generator of `peer`: closed-loop or paced writes through a PeerSide, timed the same way for both.

import TwoDoSystem

/// Drives one `PeerSide`'s writers and measures replies, deliveries and the server's CPU in a window.
final class PeerLoad {
    /// The figures of one measured window.
    struct Result {
        /// Successful replies received in the window, per second.
        var perSecond: Double?
        /// Server CPU (user + system, all threads) per successful reply, in microseconds.
        var cpuMicrosPerOp: Double?
        /// Server CPU over the window, % of one core.
        var serverPercent: Double?
        /// Send-to-receipt latency of writes sent in the window, at a receiver.
        var delivery = Latencies()
        /// Send-to-reply latency of writes sent in the window.
        var reply = Latencies()
        /// A line for the table's notes.
        var summary = "–"

        /// A delivery percentile in milliseconds.
        func deliveryMs(_ p: Double) -> Double? {
            var copy = delivery
            return copy.percentile(p).map { Double($0) / 1e6 }
        }
    }

    private let side: PeerSide
    private let write: PeerWrite
    private let writers: Int
    private var sending = false
    private var lastStamp: UInt64 = 0
    private var windowStart: UInt64 = .max
    private var windowEnd: UInt64 = 0
    private var outstanding = 0
    private var okInWindow = 0
    private var errorsInWindow = 0
    private var okSentInWindow = 0
    private var delivered = 0
    private var sentInWindow = 0
    private var result = Result()

    /// A load over `writers` writers of `side`; nothing is sent until `run`.
    init(side: PeerSide, write: PeerWrite, writers: Int) {
        self.side = side
        self.write = write
        self.writers = writers
    }

    private func inWindow(_ t: UInt64) -> Bool { t >= windowStart && (windowEnd == 0 || t < windowEnd) }

    private func sendOne(_ i: Int) {
        let stamp = max(Monotonic.nanoseconds(), lastStamp + 1)
        lastStamp = stamp
        outstanding += 1
        if inWindow(stamp) { sentInWindow += 1 }
        side.send(write, writer: i, stamp: stamp)
    }

    /// Runs `warmUp` seconds, then a `seconds` window; closed loop (one write in flight per writer) when
    /// `rate` is nil, else each writer sends `rate` writes per second on a fixed schedule (open loop).
    func run(rate: Double?, warmUp: Double, seconds: Double) throws -> Result {
        side.onReply = { [unowned self] i, ok, sentAt in
            let now = Monotonic.nanoseconds()
            self.outstanding -= 1
            if self.inWindow(now) {
                if ok { self.okInWindow += 1 } else { self.errorsInWindow += 1 }
            }
            if self.inWindow(sentAt) {
                self.result.reply.record(from: sentAt, to: now)
                if ok { self.okSentInWindow += 1 }
            }
            if rate == nil && self.sending { self.sendOne(i) }
        }
        side.onDelivered = { [unowned self] stamp in
            guard self.inWindow(stamp) else { return }
            self.result.delivery.record(from: stamp, to: Monotonic.nanoseconds())
            self.delivered += 1
        }
        sending = true
        if let rate {
            let period = UInt64(1e9 / rate)
            let start = Monotonic.nanoseconds()
            for i in 0..<writers {
                schedule(i, at: start + UInt64(Double(period) * Double(i) / Double(writers)), period: period)
            }
        } else {
            for i in 0..<writers { sendOne(i) }
        }
        try side.loop.run(for: warmUp)
        windowStart = Monotonic.nanoseconds()
        let cpuStart = CPUUsage.now(serverPID: side.pid)
        try side.loop.run(for: seconds)
        windowEnd = Monotonic.nanoseconds()
        let cpuEnd = CPUUsage.now(serverPID: side.pid)
        sending = false
        side.loop.cancelTimers()
        // An open-loop load the server cannot keep up with leaves a backlog: wait for it a while, then say so.
        var undrained = 0
        do {
            try side.loop.run(
                until: { self.outstanding <= 0 }, timeout: max(30, 3 * seconds), what: "draining \(side.name) replies")
            try side.loop.run(for: 0.3)
        } catch BenchError.timeout {
            undrained = outstanding
        }

        let elapsed = Double(windowEnd - windowStart) / 1e9
        result.perSecond = Double(okInWindow) / elapsed
        if let cpu = cpuEnd.serverSeconds(since: cpuStart) {
            result.serverPercent = cpu / elapsed * 100
            if okInWindow > 0 { result.cpuMicrosPerOp = cpu * 1e6 / Double(okInWindow) }
        }
        var reply = result.reply
        result.summary =
            "\(Format.count(sentInWindow)) sent, \(Format.count(okInWindow)) ok in \(Format.number(elapsed, decimals: 2)) s, \(errorsInWindow) errors; "
            + "reply p50 \(reply.ms(0.5)) / p99 \(reply.ms(0.99)) ms; "
            + (side.onDelivered != nil && delivered > 0
                ? "delivered \(Format.count(delivered)) of \(Format.count(okSentInWindow)); " : "")
            + (undrained > 0 ? "NOT KEEPING UP: \(Format.count(undrained)) writes unanswered after the drain; " : "")
            + (side.lost.count > 0
                ? "\(side.lost.count) connections lost (first: \(side.lost.first ?? "?")); " : "")
            + cpuEnd.summary(since: cpuStart)
            + side.errorLines().map { "; server log: \($0)" }.joined()
        side.onReply = nil
        side.onDelivered = nil
        return result
    }

    private func schedule(_ i: Int, at deadline: UInt64, period: UInt64) {
        side.loop.at(deadline) { [unowned self] in
            guard self.sending else { return }
            self.sendOne(i)
            self.schedule(i, at: deadline + period, period: period)
        }
    }
}
