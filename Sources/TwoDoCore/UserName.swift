// Validation rules for account names and passwords.

/// Why a proposed user name or password is not acceptable.
public enum CredentialProblem: Error, Sendable, Equatable {
    case nameLength
    case nameCharacters
    case passwordTooShort
    case passwordTooLong
}

/// The rules for account names: 2–32 letters, digits, `_` or `-`, unique regardless of case.
public enum UserName {
    /// The fewest characters a name may have.
    public static let minLength = 2
    /// The most characters a name may have.
    public static let maxLength = 32

    /// Checks `name` against the rules.
    /// - Throws: `CredentialProblem.nameLength` or `.nameCharacters`.
    public static func validate(_ name: String) throws(CredentialProblem) {
        let count = name.count
        guard count >= minLength && count <= maxLength else { throw .nameLength }
        for ch in name {
            guard ch.isLetter || ch.isNumber || ch == "_" || ch == "-" else { throw .nameCharacters }
            guard ch.unicodeScalars.count == 1 || ch.isLetter else { throw .nameCharacters }
        }
    }

    /// The key under which a name is unique: folded the Turkish-aware way.
    public static func key(_ name: String) -> String { TextFold.key(name) }
}

/// The rules for passwords: at least 8 characters; at most 256 bytes so hashing stays bounded.
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
}
