// Validation rules for account names and passwords.

import Foundation
import _FoundationICU

/// Why a proposed user name or password is not acceptable.
public enum CredentialProblem: Error, Sendable, Equatable {
    case nameLength
    case nameCharacters
    /// The name holds an invisible, default-ignorable or direction-changing code point.
    case nameInvisible(Unicode.Scalar)
    /// The name is one of the words the command language uses for people (`me`, `nobody`, `ikimiz`).
    case nameReserved
    case passwordTooShort
    case passwordTooLong
}

/// The rules for account names.
///
/// A name is compared and stored in Unicode NFKC form (fullwidth `ａｌｉｃｅ` is `alice`). It has 2–32
/// grapheme clusters and at most 64 UTF-8 bytes of letters, digits, `_` or `-`; no invisible,
/// default-ignorable or bidi-control code point (ZWJ, variation selectors, the Hangul fillers); no
/// character that is only combining marks, and at most two marks on a letter. It is unique regardless
/// of case (the Turkish-aware fold) and may not look like an existing name: their Unicode TR39
/// confusable skeletons must differ (Cyrillic `аlice` against `alice`).
public enum UserName {
    /// The fewest grapheme clusters a name may have.
    public static let minLength = 2
    /// The most grapheme clusters a name may have.
    public static let maxLength = 32
    /// The most UTF-8 bytes a name may have (after NFKC).
    public static let maxBytes = 64
    /// The most combining marks one letter of a name may carry.
    public static let maxMarksPerCharacter = 2

    /// The words the command grammar uses for people, folded: a member with one of these names could
    /// never be named in `assign`, `for …` or `… için`.
    public static let reserved: Set<String> = Set(
        [
            "me", "myself", "nobody", "none", "noone", "no-one", "both", "us", "everyone",
            "ben", "bana", "beni", "benim", "kendim", "kendime", "biz", "bize", "bizim", "kimse", "kimseye",
            "hiçkimse", "hiçkimseye", "ikimiz", "ikimize", "herkes", "ortak",
        ].map { TextFold.key($0) })

    /// The confusable skeletons of the reserved words: a Cyrillic `mе` reads as `me` in `assign 3 to mе`.
    private static let reservedSkeletons: Set<String> = Set(reserved.map { skeleton($0) })

    /// `name` in NFKC form: compatibility characters (fullwidth letters, ligatures) become plain ones.
    public static func normalized(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return name }
        return name.precomposedStringWithCompatibilityMapping
    }

    /// Checks a `normalized` name against the rules (not against other members). `register` first looks
    /// for `invisible` code points in the name as typed, so an error names the one the person typed.
    /// - Throws: `CredentialProblem.nameLength`, `.nameCharacters`, `.nameInvisible` or `.nameReserved`.
    public static func validate(_ name: String) throws(CredentialProblem) {
        if let scalar = invisible(in: name) { throw .nameInvisible(scalar) }
        let count = name.count
        guard count >= minLength && count <= maxLength && name.utf8.count <= maxBytes else { throw .nameLength }
        for ch in name {
            guard ch.isLetter || ch.isNumber || ch == "_" || ch == "-" else { throw .nameCharacters }
            guard ch.unicodeScalars.count == 1 || ch.isLetter else { throw .nameCharacters }
            let marks = ch.unicodeScalars.filter { isMark($0) }.count
            guard marks < ch.unicodeScalars.count, marks <= maxMarksPerCharacter else { throw .nameCharacters }
        }
        guard !reserved.contains(key(name)), !reservedSkeletons.contains(skeleton(name)) else { throw .nameReserved }
    }

    /// The first invisible, default-ignorable or bidi-control code point of `name` (the Hangul fillers
    /// included, which render as blank letters), or nil.
    public static func invisible(in name: String) -> Unicode.Scalar? {
        name.unicodeScalars.first { scalar in
            let p = scalar.properties
            return p.isDefaultIgnorableCodePoint || p.isBidiControl || p.generalCategory == .format
                || UserText.isForbidden(scalar) || scalar.value == 0x3164 || scalar.value == 0xFFA0
        }
    }

    private static func isMark(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }

    /// The key under which a name is unique: NFKC, then folded the Turkish-aware way.
    public static func key(_ name: String) -> String { TextFold.key(normalized(name)) }

    /// The TR39 confusable skeleton of a name's key: two names with the same skeleton look alike
    /// (`аlice` with a Cyrillic а, `rnary` and `mary`, `b0b` and `bob`).
    public static func skeleton(_ name: String) -> String {
        let folded = key(name)
        guard let checker = spoofChecker else { return folded }
        var capacity = folded.utf8.count * 4 + 16
        while true {
            var status = U_ZERO_ERROR
            var buffer = [CChar](repeating: 0, count: capacity)
            let length = swift_uspoof_getSkeletonUTF8(checker, 0, folded, -1, &buffer, Int32(capacity), &status)
            if status == U_BUFFER_OVERFLOW_ERROR && length >= Int32(capacity) {
                capacity = Int(length) + 1
                continue
            }
            guard status.rawValue <= U_ZERO_ERROR.rawValue else { return folded }
            // Lowercased again: the skeleton of `0` is `O`, and names are compared without case.
            return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                .lowercased()
        }
    }

    /// ICU's spoof checker, opened once. `uspoof_getSkeleton` only reads it, which ICU documents as
    /// safe from any thread once it is configured (it is never reconfigured).
    nonisolated(unsafe) private static let spoofChecker: OpaquePointer? = {
        var status = U_ZERO_ERROR
        let checker = swift_uspoof_open(&status)
        return status.rawValue <= U_ZERO_ERROR.rawValue ? checker : nil
    }()
}

/// The rules for passwords: at least 8 characters; at most 256 bytes so hashing stays bounded.
///
/// The quality rules (no dictionary word, not the name) need the system's libpwquality and run on the
/// server's hashing threads.
public enum Password {
    /// The fewest characters a password may have.
    public static let minLength = 8
    /// The most UTF-8 bytes a password may have.
    public static let maxBytes = 256

    /// Checks `password` against the rules.
    public static func validate(_ password: String) throws(CredentialProblem) {
        guard password.count >= minLength else { throw .passwordTooShort }
        guard password.utf8.count <= maxBytes else { throw .passwordTooLong }
    }

    /// Whether `password` is, or contains, the name `name` (case and accents aside; names of three or
    /// more letters only, so a two-letter name does not forbid every password holding those letters).
    public static func contains(name: String, _ password: String) -> Bool {
        let n = UserName.key(name)
        let p = TextFold.key(UserName.normalized(password))
        if p == n { return true }
        return n.count >= 3 && (p.contains(n) || p.contains(String(n.reversed())))
    }
}
