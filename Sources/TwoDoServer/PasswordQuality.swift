// Password quality through the system's libpwquality (cracklib's dictionary, the name, simple patterns).

import CPWQuality
import Synchronization
import TwoDoCore
import TwoDoFeatures
import TwoDoProtocol
import TwoDoSystem

/// Checks new passwords with libpwquality. A check costs 0.1–10 ms (it reads cracklib's dictionary), so
/// it runs on the hash pool's threads, next to the hashing; cracklib keeps static state, so one lock
/// serializes the checks.
final class PasswordQuality: Sendable {
    /// The checker every hashing thread shares.
    static let shared = PasswordQuality()

    /// libpwquality's settings; only ever used under the lock (`pwquality_check` and cracklib are not
    /// documented as thread-safe).
    private struct Settings: @unchecked Sendable {
        let pointer: OpaquePointer?
    }

    private let settings: Mutex<Settings>
    /// False when cracklib's dictionary could not be read (cracklib-runtime missing): the other checks still run.
    let hasDictionary: Bool

    private init() {
        guard let pointer = pwquality_default_settings() else {
            Log.error("libpwquality unavailable; only the length and name rules apply", [:])
            settings = Mutex(Settings(pointer: nil))
            hasDictionary = false
            return
        }
        // The built-in defaults, not /etc/security/pwquality.conf: the rules are the service's, not the host's.
        _ = pwquality_set_int_value(pointer, PWQ_SETTING_MIN_LENGTH, Int32(Password.minLength))
        _ = pwquality_set_int_value(pointer, PWQ_SETTING_DICT_CHECK, 1)
        _ = pwquality_set_int_value(pointer, PWQ_SETTING_USER_CHECK, 1)
        // A password no dictionary holds: if cracklib still refuses it, its dictionary is missing.
        let probe = pwquality_check(pointer, "Vq9-plover-Orthic-27", nil, nil, nil)
        if probe == PWQ_ERROR_CRACKLIB_CHECK {
            Log.error("cracklib dictionary missing (install cracklib-runtime); dictionary check off", [:])
            _ = pwquality_set_int_value(pointer, PWQ_SETTING_DICT_CHECK, 0)
            hasDictionary = false
        } else {
            hasDictionary = true
        }
        settings = Mutex(Settings(pointer: pointer))
    }

    /// Why `password` is too weak for the account `name`, or nil when it is fine.
    /// - Parameter old: the current password (passwd), refused as the new one.
    func weakness(of password: String, name: String, old: String? = nil) -> PasswordWeakness? {
        if Password.contains(name: name, password) { return .name }
        if let old, old == password { return .same }
        let code = settings.withLock { s -> Int32? in
            guard let pointer = s.pointer else { return nil }
            return pwquality_check(pointer, password, old, name, nil)
        }
        return code.flatMap(Self.weakness(code:))
    }

    /// Maps a `pwquality_check` result (a score ≥ 0 or a `PWQ_ERROR_*`) to our few reasons.
    static func weakness(code: Int32) -> PasswordWeakness? {
        switch code {
        case 0...: return nil
        case PWQ_ERROR_CRACKLIB_CHECK, PWQ_ERROR_BAD_WORDS: return .dictionary
        case PWQ_ERROR_USER_CHECK, PWQ_ERROR_GECOS_CHECK: return .name
        case PWQ_ERROR_SAME_PASSWORD: return .same
        case PWQ_ERROR_FATAL_FAILURE, PWQ_ERROR_MEM_ALLOC, PWQ_ERROR_RNG, PWQ_ERROR_GENERATION_FAILED,
            PWQ_ERROR_INTEGER,
            PWQ_ERROR_CFGFILE_OPEN, PWQ_ERROR_CFGFILE_MALFORMED, PWQ_ERROR_UNKNOWN_SETTING, PWQ_ERROR_NON_INT_SETTING,
            PWQ_ERROR_NON_STR_SETTING:
            return nil  // the library failed, not the password: the length rule already held
        default: return .simple
        }
    }
}
