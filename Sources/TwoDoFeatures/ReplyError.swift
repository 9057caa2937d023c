// A handler's refusal as an error (the reply to send instead), apart from storage failures.

import TwoDoProtocol
import TwoDoStore

/// A handler's early exit with the reply to send instead.
struct ReplyError: Error {
    let reply: Reply
}

/// Why a command got no reply of its own: what leaves `Handlers.run` and `Accounts.complete`, whose callers
/// answer it with `error.unavailable`, `error.storage` or `error.internal` and roll the command back. A refusal
/// (not found, ambiguous, a limit) is never one of these: it is a reply.
public enum CommandFailure: Error {
    /// The store failed (or is out of reach: `DatabaseError.isUnavailable`).
    case storage(DatabaseError)
    /// Anything else thrown: a bug.
    case bug(any Error)

    /// `error` as a command failure; a refusal that escaped its handler is answered, not treated as one.
    static func from(_ error: any Error) -> CommandFailure {
        if let e = error as? DatabaseError { return .storage(e) }
        return .bug(error)
    }
}

extension Feature {
    /// `body`'s value, or nil when it was refused with a reply (not found, ambiguous …): a lookup tried only to
    /// see whether another reading fits. A storage failure is not a refusal and still throws.
    func unlessRefused<T>(_ body: () throws -> T) throws -> T? {
        do {
            return try body()
        } catch is ReplyError {
            return nil
        }
    }
}
