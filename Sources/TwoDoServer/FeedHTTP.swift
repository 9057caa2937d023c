// The calendar feed's HTTP, as pure functions: one request head in, what to answer out. No sockets here.

/// What a request to the feed port asks for. The port serves one thing, `GET /cal/<secret>.ics`: every other
/// path is "not found" (no directory, no index, no other file), every other method "not allowed".
enum FeedRequest: Equatable {
    /// The feed of the link whose secret is `secret`; `headOnly` for HEAD; the client's `If-None-Match`.
    case feed(secret: String, headOnly: Bool, ifNoneMatch: String?)
    /// A path the port does not serve.
    case notFound
    /// A method other than GET and HEAD.
    case methodNotAllowed
    /// Not an HTTP/1.x request head.
    case badRequest

    /// The longest request head read: a feed request is one short line and a few headers.
    static let headLimit = 8192

    /// Where the head ends (just past its blank line) in `bytes`, or nil while it is incomplete.
    static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 3..<bytes.count where bytes[i] == 10 {
            if bytes[i - 1] == 13 && bytes[i - 2] == 10 && bytes[i - 3] == 13 { return i + 1 }
            if bytes[i - 1] == 10 { return i + 1 }  // bare LF line ends, as some clients send
        }
        return nil
    }

    /// Reads a complete request head (up to and including its blank line).
    static func parse(_ head: ArraySlice<UInt8>) -> FeedRequest {
        guard let text = String(validating: head, as: UTF8.self) else { return .badRequest }
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
            .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        let parts = lines.first?.split(separator: " ", omittingEmptySubsequences: false) ?? []
        guard parts.count == 3, parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else { return .badRequest }
        let method = parts[0]
        guard method == "GET" || method == "HEAD" else {
            return method.allSatisfy({ $0.isASCII && $0.isUppercase }) && !method.isEmpty
                ? .methodNotAllowed : .badRequest
        }
        var target = parts[1]
        // A query string (a calendar app's cache breaker) does not change what is served.
        if let q = target.firstIndex(of: "?") { target = target[..<q] }
        let prefix = "/cal/"
        let suffix = ".ics"
        guard target.hasPrefix(prefix), target.hasSuffix(suffix), target.count > prefix.count + suffix.count else {
            return .notFound
        }
        let secret = target.dropFirst(prefix.count).dropLast(suffix.count)
        guard secret.utf8.count == 64, secret.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else { return .notFound }
        var ifNoneMatch: String?
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            if line[..<colon].lowercased() == "if-none-match" {
                ifNoneMatch = String(line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
                while ifNoneMatch?.last == " " || ifNoneMatch?.last == "\t" { ifNoneMatch?.removeLast() }
            }
        }
        return .feed(secret: String(secret), headOnly: method == "HEAD", ifNoneMatch: ifNoneMatch)
    }

    /// A whole response: status line, the headers every answer carries, then `body` (none for HEAD or 304).
    static func response(
        status: Int, reason: String, headers: [(String, String)] = [], body: [UInt8] = [], sendBody: Bool = true
    ) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(reason)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(body.count)\r\nConnection: close\r\nX-Content-Type-Options: nosniff\r\n\r\n"
        var out = Array(text.utf8)
        if sendBody { out += body }
        return out
    }

    /// A plain-text answer for a refusal.
    static func plain(_ status: Int, _ reason: String, extra: [(String, String)] = []) -> [UInt8] {
        response(
            status: status, reason: reason, headers: [("Content-Type", "text/plain; charset=utf-8")] + extra,
            body: Array((reason + "\n").utf8))
    }

    /// The entity tag of a feed body: FNV-1a over its lines except DTSTAMP (which says when it was made, not
    /// what it holds), so an unchanged calendar keeps its tag and a phone's poll costs a 304.
    static func entityTag(_ body: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var lineStart = 0
        let stamp = Array("DTSTAMP:".utf8)
        var i = 0
        while i < body.count {
            var end = i
            while end < body.count && body[end] != 10 { end += 1 }
            let isStamp = end - lineStart >= stamp.count && Array(body[lineStart..<(lineStart + stamp.count)]) == stamp
            if !isStamp {
                for b in body[lineStart..<min(end + 1, body.count)] {
                    hash ^= UInt64(b)
                    hash = hash &* 0x100_0000_01b3
                }
            }
            i = end + 1
            lineStart = i
        }
        return "\"" + String(hash, radix: 16) + "\""
    }
}
