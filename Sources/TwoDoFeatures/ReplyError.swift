// A handler's refusal as an error (the reply to send instead), apart from storage failures.

import TwoDoProtocol

/// A handler's early exit with the reply to send instead.
struct ReplyError: Error {
    let reply: Reply
}

extension Handlers {
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
