// Handing password-hash work to the pool fairly: caps per address and per account, tickets back to connections.

import TwoDoCore
import TwoDoFeatures

/// A hash job in flight, remembered until its result comes back.
struct HashTicket {
    var connection: UInt64
    var address: String
    var account: String
}

extension Server {
    /// Hands a job to the hash pool and parks the connection until it completes.
    ///
    /// One address may have at most `config.hashJobsPerAddress` jobs waiting or running, and one account
    /// at most `hashJobsPerAccount`: a storm from one place, or at one name, is answered "busy" at once.
    /// The pool itself serves addresses in turn (see `HashPool`).
    func submit(_ job: HashJob, pending: PendingAuth, on c: Connection) -> Outcome? {
        let ticket = nextTicket
        nextTicket += 1
        let account = pending.accountKey
        let byAddress = hashJobsByAddress[c.throttleKey, default: 0]
        let byAccount = hashJobsByAccount[account, default: 0]
        guard byAddress < config.hashJobsPerAddress, byAccount < Server.hashJobsPerAccount,
            hashPool.submit(ticket: ticket, job: job, address: c.throttleKey)
        else {
            stats.busyRefusals += 1
            return Outcome(connection: c.id, tag: pending.tag, reply: .failure(.errorBusy, t(c, .errorBusy)))
        }
        hashJobsByAddress[c.throttleKey] = byAddress + 1
        hashJobsByAccount[account] = byAccount + 1
        tickets[ticket] = HashTicket(connection: c.id, address: c.throttleKey, account: account)
        c.pendingAuth = pending
        handlers.accounts.queued(pending, on: c.session)
        return nil
    }

    /// Hash jobs one account may have waiting or running at once.
    static let hashJobsPerAccount = 4

    /// Forgets a finished job's ticket and its place in the per-address and per-account counts.
    func finishTicket(_ ticket: UInt64) -> HashTicket? {
        guard let job = tickets.removeValue(forKey: ticket) else { return nil }
        if let n = hashJobsByAddress[job.address], n > 1 {
            hashJobsByAddress[job.address] = n - 1
        } else {
            hashJobsByAddress[job.address] = nil
        }
        if let n = hashJobsByAccount[job.account], n > 1 {
            hashJobsByAccount[job.account] = n - 1
        } else {
            hashJobsByAccount[job.account] = nil
        }
        return job
    }
}
