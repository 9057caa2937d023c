// yescrypt password hashing through libcrypt; slow on purpose, so it only ever runs on worker threads.

import CCrypt
import Foundation
import TwoDoSystem

/// Hashes and verifies passwords with the system's libcrypt (`$y$`, yescrypt).
enum PasswordHasher {
    /// A hash of a random password, verified against when a user name does not exist so that
    /// "no such user" and "wrong password" take the same time.
    static let decoy: String = (try? hash("decoy-password-\(UInt64.random(in: 0...UInt64.max))")) ?? "*"

    /// Returns a new `$y$` hash of `password` with a fresh salt from the system's random source.
    static func hash(_ password: String) throws -> String {
        var salt = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        guard crypt_gensalt_rn("$y$", 0, nil, 0, &salt, Int32(salt.count)) != nil else {
            throw SystemError(call: "crypt_gensalt_rn", errno: errno)
        }
        let setting = String(decoding: salt.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return try crypt(password, setting: setting)
    }

    /// Whether `password` matches `hash`, compared in constant time.
    static func verify(_ password: String, against hash: String) -> Bool {
        guard hash.hasPrefix("$"), let computed = try? crypt(password, setting: hash) else { return false }
        return constantTimeEqual(Array(computed.utf8), Array(hash.utf8))
    }

    private static func crypt(_ password: String, setting: String) throws -> String {
        // crypt_data is 32 KB: heap-allocate and zero it, as libcrypt requires for the first call.
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        defer {
            memset(data, 0, MemoryLayout<crypt_data>.size)  // do not leave key material behind
            data.deallocate()
        }
        memset(data, 0, MemoryLayout<crypt_data>.size)
        guard let result = crypt_r(password, setting, data) else { throw SystemError(call: "crypt_r", errno: errno) }
        let text = String(cString: result)
        guard !text.hasPrefix("*") else { throw SystemError(call: "crypt_r", errno: EINVAL) }
        return text
    }

    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var diff: UInt8 = 0
        for i in 0..<a.count { diff |= a[i] ^ b[i] }
        return diff == 0
    }
}
