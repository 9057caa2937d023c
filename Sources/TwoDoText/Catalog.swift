// The localization catalogs (en, tr), compiled into the binary, and placeholder substitution.

import Foundation
import TwoDoCore

/// Localized user-facing text. Every key exists in every language (a test enforces it).
public enum Catalog {
    /// The parsed catalogs, by language. Loaded once from bytes embedded in the binary.
    public static let tables: [Language: [String: String]] = [
        .en: load(PackageResources.strings_en_json),
        .tr: load(PackageResources.strings_tr_json),
    ]

    private static func load(_ bytes: [UInt8]) -> [String: String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)), let table = object as? [String: String] else {
            preconditionFailure("an embedded catalog is not a JSON object of strings")
        }
        return table
    }

    /// Whether `key` exists in the catalogs.
    public static func has(_ key: String) -> Bool { tables[.en]?[key] != nil }

    /// The text for `key` in `lang` with `{placeholder}`s replaced from `args`.
    ///
    /// A missing key is a programming error caught by tests; at run time it falls back to English and
    /// then to the key itself rather than crashing a server.
    public static func text(_ key: String, _ lang: Language, _ args: [String: String] = [:]) -> String {
        let template = tables[lang]?[key] ?? tables[.en]?[key] ?? key
        return substitute(template, args)
    }

    /// Replaces each `{name}` in `template` with `args[name]`; unknown placeholders stay as written.
    public static func substitute(_ template: String, _ args: [String: String]) -> String {
        guard template.contains("{") else { return template }
        var out = ""
        out.reserveCapacity(template.utf8.count + 16)
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            if let value = args[name] { out += value } else { out += rest[open...close] }
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out
    }

    /// The `{placeholder}` names used by a template.
    public static func placeholders(in template: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
