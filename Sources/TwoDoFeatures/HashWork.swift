// The password work an account command needs from the loop's worker pool, and what comes back.

import TwoDoCore
import TwoDoProtocol

/// Work for a hashing thread.
public enum HashJob: Sendable {
    /// Check a new password's quality for account `name`, then hash it.
    case hash(password: String, name: String)
    /// Verify `password` against `hash`; on success also check and hash `newPassword` when given (passwd).
    case verify(password: String, hash: String, newPassword: String?, name: String)
    /// Hash a secret the server drew itself (a one-time reset code): no quality check.
    case hashSecret(String)
    /// The fast, unsalted digest of a resume token, to look it up.
    case resumeDigest(String)
}

/// What a hashing thread produced.
public enum HashOutcome: Sendable {
    case hashed(String)
    case verified(Bool, newHash: String?)
    /// The new password is too weak (nothing was hashed or changed).
    case weak(PasswordWeakness)
    case failed
    /// The job was pushed out of a full queue to make room for a client with nothing queued: answer "busy".
    case evicted
}

/// Why a new password was refused; each maps to one catalog key (libpwquality's English never reaches a user).
public enum PasswordWeakness: String, Sendable, Equatable {
    /// A dictionary word, or one lightly disguised (cracklib).
    case dictionary
    /// The account's name, or a password containing it (either way round).
    case name
    /// Too simple or systematic: a palindrome, a run like `abcdefgh`, too many repeats.
    case simple
    /// The same as the old password (passwd).
    case same

    /// The catalog key (and wire code) of the refusal.
    public var code: ReplyCode {
        switch self {
        case .dictionary: .errorPasswordDictionary
        case .name: .errorPasswordName
        case .simple: .errorPasswordSimple
        case .same: .errorPasswordSame
        }
    }
}

/// What an account command waits for while its hash job runs: the step `Accounts.complete` takes next.
public enum PendingAuth: Sendable {
    case register(name: String, tag: String?)
    case login(user: UserID?, name: String, tag: String?)
    case passwd(user: UserID, tag: String?)
    /// `account delete confirm <password>`: the password is being verified.
    case deleteAccount(user: UserID, tag: String?)
    /// `approve reset`: the one-time `code` for `partner` is being hashed.
    case approveReset(partner: UserID, code: String, tag: String?)
    /// `reset`: the code is being verified against `codeHash` (a decoy when `user` is nil) and the new
    /// password hashed; `name` is the folded name, for the login throttle.
    case reset(user: UserID?, name: String, codeHash: String, tag: String?)
    /// `resume <token>`: the token's digest is being computed, to look it up.
    case resume(connection: UInt64, tag: String?)

    /// The account a hash job is for, folded like names are for uniqueness: the pool's per-account cap.
    public var accountKey: String {
        switch self {
        case .register(let name, _), .login(_, let name, _), .reset(_, let name, _, _): return UserName.key(name)
        case .passwd(let user, _), .deleteAccount(let user, _), .approveReset(let user, _, _):
            return "#\(user.rawValue)"
        case .resume(let connection, _):
            return "resume#\(connection)"  // a token names no account until it is found
        }
    }

    /// The client's `@id=` tag of the command that waits.
    public var tag: String? {
        switch self {
        case .register(_, let tag), .login(_, _, let tag), .passwd(_, let tag), .deleteAccount(_, let tag),
            .approveReset(_, _, let tag), .reset(_, _, _, let tag), .resume(_, let tag):
            return tag
        }
    }
}
