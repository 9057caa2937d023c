// `tz istanbul`, `tz europe/berlin`, `tz New York`: a typed zone matched against the system's zone database.

import Foundation
import TwoDoCore
import TwoDoProtocol
import TwoDoText

/// Finds the IANA zone a person meant: any case, a full id or a unique last part (`istanbul`,
/// `new york` for America/New_York), with spaces as underscores and Turkish-aware folding.
enum ZoneLookup {
    /// What a typed zone matched.
    enum Match: Equatable {
        /// Exactly one zone.
        case found(String)
        /// Several zones share that last part (at most 8 listed).
        case several([String])
        /// None: the nearest by edit distance, when one is near enough.
        case closest(String?)
    }

    /// Every known zone with its folded full id and folded last part, built once.
    private static let zones: [(id: String, full: String, city: String)] = {
        var ids = Set(TimeZone.knownTimeZoneIdentifiers)
        ids.insert("UTC")
        return ids.sorted().map { id in
            let full = fold(id)
            let city = full.split(separator: "/").last.map(String.init) ?? full
            return (id, full, city)
        }
    }()

    /// Case- and accent-folded (Turkish-aware), spaces as underscores.
    private static func fold(_ text: String) -> String {
        TextFold.key(text).split(separator: " ").joined(separator: "_")
    }

    /// The zone `typed` names. Work is bounded: the typed text is at most 64 characters, and each of the
    /// (about 600) zones costs one bounded edit distance at most.
    static func find(_ typed: String) -> Match {
        guard !typed.isEmpty, typed.count <= 64 else { return .closest(nil) }
        if TimeText.isKnownZone(typed), TimeZone(identifier: typed)?.identifier == typed { return .found(typed) }
        let key = fold(typed)
        if let exact = zones.first(where: { $0.full == key }) { return .found(exact.id) }
        // A last part, or a tail of the full id (`america/new_york`, `new_york`, `argentina/salta`).
        let hits = zones.filter { $0.city == key || $0.full.hasSuffix("/" + key) }
        if hits.count == 1 { return .found(hits[0].id) }
        if hits.count > 1 { return .several(Array(hits.prefix(8).map(\.id))) }
        let typedScalars = Array(key.unicodeScalars)
        let limit = max(1, min(3, typedScalars.count / 3))
        var best: (id: String, distance: Int)?
        for zone in zones {
            for candidate in [zone.city, zone.full] {
                let d = distance(typedScalars, Array(candidate.unicodeScalars), limit: best?.distance ?? limit)
                if d <= limit, d < (best?.distance ?? .max) { best = (zone.id, d) }
            }
        }
        return .closest(best?.id)
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once every cell of a row is past `limit`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMin = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMin = min(rowMin, current[j])
            }
            if rowMin > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension Feature {
    /// `tz` refused: the zones a last part shares, or the nearest one, in the reader's language.
    func zoneRefusal(_ typed: String, several: [String] = [], closest: String? = nil, _ c: CommandContext) -> Reply {
        if !several.isEmpty {
            return .failure(
                .errorBadTimezone,
                t(c, .errorBadTimezoneSeveral, ["zone": typed, "zones": several.joined(separator: ", ")]),
                data: .object([("zone", .string(typed)), ("candidates", .array(several.map(JSONValue.string)))]))
        }
        if let closest {
            return .failure(
                .errorBadTimezone, t(c, .errorBadTimezoneSuggest, ["zone": typed, "suggestion": closest]),
                data: .object([("zone", .string(typed)), ("suggestion", .string(closest))]))
        }
        return .failure(
            .errorBadTimezone, t(c, .errorBadTimezone, ["zone": typed]), data: .object([("zone", .string(typed))]))
    }
}
