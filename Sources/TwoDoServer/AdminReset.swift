// `twodo admin reset-password <name>`: the operator's one-time code for a user without a partner.

import Foundation
import TwoDoCore
import TwoDoFeatures
import TwoDoStore

/// Issues one-time password-reset codes from the command line, for users who have no partner to approve
/// one. Works while the server runs (SQLite takes the write between the server's turns); the server reads
/// the code when the user types `reset <name> <code> <new password>`.
public enum AdminReset {
    /// A code that was issued.
    public struct Issued: Sendable {
        /// The account's name as stored.
        public let name: String
        /// The code as shown (four groups of four).
        public let code: String
        /// When it stops working (Unix seconds).
        public let expiresAt: Int64
    }

    /// Why no code was issued.
    public enum Failure: Error, CustomStringConvertible {
        case noDatabase(String)
        case noSuchUser(String)

        public var description: String {
            switch self {
            case .noDatabase(let path): "no database at \(path)"
            case .noSuchUser(let name): "no account is named '\(name)'"
            }
        }
    }

    /// Draws a code for `name` in the database at `path`, stores its hash (replacing any earlier code of
    /// that account) and returns it; valid for `Handlers.resetCodeLifetime` seconds from `now`.
    public static func issue(databasePath path: String, name: String, now: Int64) throws -> Issued {
        guard FileManager.default.fileExists(atPath: path) else { throw Failure.noDatabase(path) }
        let store = try Store(path: path)
        guard let user = try store.user(named: name)?.user else { throw Failure.noSuchUser(name) }
        let code = InviteCode.random().description
        let hash = try PasswordHasher.hash(code)
        let expires = now + Handlers.resetCodeLifetime
        try store.write { try $0.setResetCode(hash: hash, expiresAt: expires, for: user.id) }
        return Issued(name: user.name, code: code, expiresAt: expires)
    }
}
