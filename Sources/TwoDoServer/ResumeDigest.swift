// The digest a resume token is stored and found under: SHA-256 (libcrypt's sha256crypt, 1000 rounds).

import CCrypt
import Foundation
import TwoDoSystem

/// Turns a resume token into the digest kept in `resume_tokens`, so a copy of the database does not hold
/// tokens that work.
///
/// A token is 160 random bits, so a slow, salted hash (yescrypt, as for passwords) buys nothing: nobody can
/// guess the input. The digest is deterministic (one fixed salt) so a token is found by its digest through
/// the table's unique index. The Swift toolchain on Linux has no SHA without extra packages; libcrypt,
/// already linked for passwords, has sha256crypt, whose least work (1000 rounds) costs about 1–2 ms, so it
/// runs on the hash pool for `resume` (where wrong tokens come from strangers) and on the loop only once per
/// successful `login`, `register` or `passwd` (each already costing a ~30 ms yescrypt job on the pool).
enum ResumeDigest {
    /// sha256crypt with its least rounds and a fixed salt (the salt only names the purpose).
    static let setting = "$5$rounds=1000$twodo-resume$"

    /// The digest of `token` (the part of sha256crypt's output after the setting), or nil if libcrypt failed.
    static func digest(of token: String) -> String? {
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        defer {
            memset(data, 0, MemoryLayout<crypt_data>.size)  // do not leave the token behind
            data.deallocate()
        }
        memset(data, 0, MemoryLayout<crypt_data>.size)
        guard let result = crypt_r(token, setting, data) else { return nil }
        let text = String(cString: result)
        guard text.hasPrefix(setting) else { return nil }
        return String(text.dropFirst(setting.count))
    }
}
