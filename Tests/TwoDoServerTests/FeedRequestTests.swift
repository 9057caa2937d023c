// The calendar feed's HTTP without sockets: which request heads are served, refused or not understood.

import Testing

@testable import TwoDoServer

@Suite("Calendar feed requests")
struct FeedRequestTests {
    static let secret = String(repeating: "0123456789abcdef", count: 4)

    static func parse(_ text: String) -> FeedRequest {
        let bytes = Array(text.utf8)
        guard let end = FeedRequest.headEnd(bytes) else { return .badRequest }
        return FeedRequest.parse(bytes[0..<end])
    }

    @Test("GET and HEAD of /cal/<64 hex>.ics, a query string ignored, If-None-Match kept")
    func served() {
        #expect(
            Self.parse("GET /cal/\(Self.secret).ics HTTP/1.1\r\nHost: x\r\n\r\n")
                == .feed(secret: Self.secret, headOnly: false, ifNoneMatch: nil))
        #expect(
            Self.parse("HEAD /cal/\(Self.secret).ics?t=1 HTTP/1.0\r\nif-none-match:  \"abc\" \r\n\r\n")
                == .feed(secret: Self.secret, headOnly: true, ifNoneMatch: "\"abc\""))
        #expect(
            Self.parse("GET /cal/\(Self.secret).ics HTTP/1.1\nHost: x\n\n")
                == .feed(secret: Self.secret, headOnly: false, ifNoneMatch: nil))
    }

    @Test("every other path is not found, every other method not allowed, anything else a bad request")
    func refused() {
        for path in [
            "/", "/cal/", "/cal/../x.ics", "/cal/\(Self.secret.uppercased()).ics", "/cal/\(Self.secret)x.ics",
            "/cal/\(Self.secret).ics/", "/cal/\(Self.secret).ICS", "/CAL/\(Self.secret).ics",
            "//cal/\(Self.secret).ics",
            "/cal/%30\(Self.secret.dropFirst()).ics",
        ] {
            #expect(Self.parse("GET \(path) HTTP/1.1\r\n\r\n") == .notFound, "\(path)")
        }
        #expect(Self.parse("POST /cal/\(Self.secret).ics HTTP/1.1\r\n\r\n") == .methodNotAllowed)
        #expect(Self.parse("DELETE / HTTP/1.1\r\n\r\n") == .methodNotAllowed)
        for head in [
            "GET /cal/\(Self.secret).ics\r\n\r\n", "GET /cal/\(Self.secret).ics HTTP/2\r\n\r\n", "hello\r\n\r\n",
            "GET  /cal/x HTTP/1.1\r\n\r\n", "\u{16}\u{03}\u{01}\r\n\r\n", "get / HTTP/1.1\r\n\r\n",
        ] {
            #expect(Self.parse(head) == .badRequest, "\(head.debugDescription)")
        }
        #expect(FeedRequest.parse([0xff, 0xfe, 13, 10, 13, 10][...]) == .badRequest)
    }

    @Test("a head is complete only at its blank line")
    func headEnd() {
        #expect(FeedRequest.headEnd(Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8)) == nil)
        #expect(FeedRequest.headEnd(Array("GET / HTTP/1.1\r\n\r\nrest".utf8)) == 18)
    }

    @Test("the entity tag ignores DTSTAMP and follows every other byte")
    func entityTag() {
        let a = Array("BEGIN:VCALENDAR\r\nDTSTAMP:20261123T090000Z\r\nSUMMARY:x\r\nEND:VCALENDAR\r\n".utf8)
        let b = Array("BEGIN:VCALENDAR\r\nDTSTAMP:20261124T101010Z\r\nSUMMARY:x\r\nEND:VCALENDAR\r\n".utf8)
        let c = Array("BEGIN:VCALENDAR\r\nDTSTAMP:20261123T090000Z\r\nSUMMARY:y\r\nEND:VCALENDAR\r\n".utf8)
        #expect(FeedRequest.entityTag(a) == FeedRequest.entityTag(b))
        #expect(FeedRequest.entityTag(a) != FeedRequest.entityTag(c))
        #expect(FeedRequest.entityTag(a).hasPrefix("\"") && FeedRequest.entityTag(a).hasSuffix("\""))
    }
}
