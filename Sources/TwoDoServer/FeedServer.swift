// The calendar feed's port (`--http-port`): a small poll loop on a thread of its own, with its own read
// connection to the database, so a phone fetching a whole calendar never takes a turn from the line server.

import Foundation
import Synchronization
import TwoDoFeatures
import TwoDoPostgres
import TwoDoStore
import TwoDoSystem

/// Serves `GET /cal/<secret>.ics` and nothing else. Bounded everywhere: a request head of at most
/// `FeedRequest.headLimit` bytes that must arrive within `headTimeout`, an answer that must be taken within
/// `writeTimeout`, `maxClients` at once and `perAddress` from one address, and `rate` fetches per second per
/// address (a phone polls every few minutes). It only reads: the link's digest to a user, then what
/// `export ics` would write for them.
final class FeedServer: Sendable {
    static let maxClients = 256
    static let perAddress = 8
    static let headTimeout = 5.0
    static let writeTimeout = 30.0
    static let rate = 1.0
    static let burst = 30.0

    private let stopRequested = Atomic<Bool>(false)
    /// The port bound (the one asked for, or the free one the system gave for 0).
    let port: UInt16

    private init(port: UInt16) { self.port = port }

    /// Binds `config.host:httpPort` now (a port in use fails the server's start), serves it on a new thread.
    static func start(config: ServerConfig, httpPort: UInt16) throws -> FeedServer {
        let listener = try Listener(host: config.host, port: httpPort)
        let server = FeedServer(port: listener.port)
        let handed = Handed(listener)
        let thread = Thread { server.run(listener: handed.value, config: config) }
        thread.name = "twodo-feed"
        thread.start()
        return server
    }

    /// Asks the thread to stop; it closes its port within a poll interval.
    func stop() { stopRequested.store(true, ordering: .relaxed) }

    private final class Client {
        let fd: FileDescriptor
        let address: String
        /// The TLS session on a `--http-tls` port (its handshake first); nil on a plain one.
        let tls: TLSSession?
        /// What a TLS step waits for (a handshake, read or write may need the other direction).
        var wants: Interest = .readable
        var input: [UInt8] = []
        var output: [UInt8] = []
        var sent = 0
        var answered = false
        var deadline: Double

        init(fd: FileDescriptor, address: String, tls: TLSSession?, now: Double) {
            self.fd = fd
            self.address = address
            self.tls = tls
            deadline = now + FeedServer.headTimeout
        }

        /// Ends the connection: a TLS close_notify if the socket takes it, then the socket.
        func close() {
            tls?.shutdown()
            fd.close()
        }
    }

    private func run(listener: Listener, config: ServerConfig) {
        let handlers: Handlers
        do {
            let store: any TwoDoStorage =
                switch StoreLocation(config.databasePath) {
                case .sqlite(let path): try Store(path: path, durable: false)
                case .postgres(let url): try PostgresStore(url: url)
                }
            handlers = Handlers(store: store, clock: WallClock(testStart: config.testClockStart), limits: config.limits)
            handlers.accounts.digest = ResumeDigest.digest(of:)
        } catch {
            Log.error("calendar feed unavailable: its database connection failed", ["error": "\(error)"])
            listener.close()
            return
        }
        var certificate = FeedCertificate(config.httpTLS ? config.tls : nil)
        guard !config.httpTLS || certificate.context != nil else {
            listener.close()
            return
        }
        Log.info("feed listening", ["host": config.host, "port": "\(port)", "tls": config.httpTLS ? "on" : "off"])
        var clients: [Client] = []
        var buckets: [String: TokenBucket] = [:]
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !stopRequested.load(ordering: .relaxed) && !StopSignals.isRequested {
            let entries: [(fd: Int32, interest: Interest)] =
                [(listener.rawValue, .readable)] + clients.map { ($0.fd.rawValue ?? -1, $0.wants) }
            let ready: [Interest]
            do {
                // Decrypted input already inside OpenSSL (a request that came with the handshake's last flight):
                // poll cannot see it, so do not wait.
                let buffered = clients.contains { $0.tls?.hasBufferedInput == true && !$0.answered }
                ready = try Posix.poll(entries, timeoutMilliseconds: buffered ? 0 : 250)
            } catch {
                Log.error("feed poll failed", ["error": "\(error)"])
                Posix.sleep(seconds: 0.1)
                continue
            }
            let now = Monotonic.now()
            // The clients polled, before this round's accepts add to them.
            let polled = clients
            certificate.reloadIfChanged(now: now)
            if ready[0].contains(.readable) {
                accept(listener, into: &clients, context: certificate.context, now: now)
            }
            for (i, client) in polled.enumerated()
            where !ready[i + 1].isEmpty || (client.tls?.hasBufferedInput == true && !client.answered) {
                if let tls = client.tls, !tls.isEstablished {
                    switch tls.handshake() {
                    case .done:
                        // The request may have come with the client's last handshake flight: read it now.
                        client.wants = .readable
                        read(client, buffer: &buffer, handlers: handlers, buckets: &buckets, now: now)
                    case .wants(let interest): client.wants = interest
                    case .failed: client.close()
                    }
                } else if client.answered {
                    write(client)
                } else {
                    read(client, buffer: &buffer, handlers: handlers, buckets: &buckets, now: now)
                }
            }
            clients.removeAll { client in
                let finished = client.fd.isClosed || (client.answered && client.sent == client.output.count)
                if finished || now > client.deadline { client.close() }
                return finished || now > client.deadline
            }
            if buckets.count > 10_000 { buckets.removeAll(keepingCapacity: true) }
        }
        for client in clients { client.close() }
        listener.close()
    }

    private func accept(_ listener: Listener, into clients: inout [Client], context: TLSContext?, now: Double) {
        while true {
            let accepted: (FileDescriptor, PeerAddress)?
            do {
                accepted = try listener.accept()
            } catch {
                return  // EMFILE, ECONNABORTED: the next poll tries again
            }
            guard let (fd, peer) = accepted else { return }
            let address = peer.text
            if clients.count >= FeedServer.maxClients
                || clients.lazy.filter({ $0.address == address }).count >= FeedServer.perAddress
            {
                fd.close()
                continue
            }
            var session: TLSSession?
            if let context, let raw = fd.rawValue {
                do {
                    session = try context.makeSession(fd: raw)
                } catch {
                    fd.close()
                    continue
                }
            }
            clients.append(Client(fd: fd, address: address, tls: session, now: now))
        }
    }

    private func read(
        _ client: Client, buffer: inout [UInt8], handlers: Handlers, buckets: inout [String: TokenBucket], now: Double
    ) {
        guard let fd = client.fd.rawValue else { return }
        let n: Int
        if let tls = client.tls {
            switch buffer.withUnsafeMutableBytes({ tls.read(into: $0) }) {
            case .done(let count): n = count
            case .wants(let interest):
                client.wants = interest
                return
            case .failed:
                client.close()
                return
            }
        } else {
            let result = try? buffer.withUnsafeMutableBytes { try Posix.receive(fd, $0, blocking: false) }
            guard case .done(let count)? = result else {
                if result == nil { client.close() }
                return
            }
            n = count
        }
        guard n > 0 else {
            client.close()
            return
        }
        client.input += buffer[0..<n]
        if let end = FeedRequest.headEnd(client.input), end <= FeedRequest.headLimit {
            var bucket =
                buckets[client.address] ?? TokenBucket(rate: FeedServer.rate, burst: FeedServer.burst, now: now)
            let allowed = bucket.take(now: now)
            buckets[client.address] = bucket
            let reply =
                allowed
                ? respond(to: FeedRequest.parse(client.input[0..<end]), handlers: handlers)
                : FeedRequest.plain(429, "Too Many Requests", extra: [("Retry-After", "60")])
            answer(client, reply, now: now)
        } else if client.input.count > FeedRequest.headLimit {
            answer(client, FeedRequest.plain(431, "Request Header Fields Too Large"), now: now)
        }
    }

    private func answer(_ client: Client, _ bytes: [UInt8], now: Double) {
        client.output = bytes
        client.answered = true
        client.wants = .writable
        client.input = []
        client.deadline = now + FeedServer.writeTimeout
        write(client)
    }

    private func write(_ client: Client) {
        guard let fd = client.fd.rawValue else { return }
        while client.sent < client.output.count {
            if let tls = client.tls {
                switch client.output[client.sent...].withUnsafeBytes({ tls.write($0) }) {
                case .done(let n): client.sent += n
                case .wants(let interest):
                    client.wants = interest
                    return
                case .failed:
                    client.close()
                    return
                }
                continue
            }
            let result = try? client.output[client.sent...].withUnsafeBytes { try Posix.send(fd, $0) }
            switch result {
            case .done(let n)?: client.sent += n
            case .wouldBlock?: return
            case nil:
                client.close()
                return
            }
        }
    }

    /// The answer to one request: the feed, 304 when the client's copy is current, or the refusal.
    private func respond(to request: FeedRequest, handlers: Handlers) -> [UInt8] {
        switch request {
        case .badRequest: return FeedRequest.plain(400, "Bad Request")
        case .notFound: return FeedRequest.plain(404, "Not Found")
        case .methodNotAllowed: return FeedRequest.plain(405, "Method Not Allowed", extra: [("Allow", "GET, HEAD")])
        case .feed(let secret, let headOnly, let ifNoneMatch):
            guard let digest = ResumeDigest.digest(of: secret) else { return FeedRequest.plain(500, "Internal Error") }
            let body: [UInt8]?
            do {
                body = try handlers.calendarFeed(digest: digest)
            } catch {
                Log.error("calendar feed read failed", ["error": "\(error)"])
                return FeedRequest.plain(503, "Service Unavailable", extra: [("Retry-After", "60")])
            }
            guard let body else { return FeedRequest.plain(404, "Not Found") }
            let tag = FeedRequest.entityTag(body)
            if let ifNoneMatch, ifNoneMatch == tag || ifNoneMatch == "*" {
                return FeedRequest.response(
                    status: 304, reason: "Not Modified", headers: [("ETag", tag)], sendBody: false)
            }
            return FeedRequest.response(
                status: 200, reason: "OK",
                headers: [
                    ("Content-Type", "text/calendar; charset=utf-8"), ("ETag", tag),
                    ("Cache-Control", "private, max-age=300"),
                ],
                body: body, sendBody: !headOnly)
        }
    }
}

/// A value handed to the feed thread once, and never touched by the thread that made it again.
private final class Handed<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// The feed port's certificate (`--http-tls`: the one `--tls-cert` and `--tls-key` name), loaded on the feed's
/// thread and loaded again when either file changes (a renewal), checked every 30 seconds; a file that does
/// not load keeps the old certificate and says why.
private struct FeedCertificate {
    private let settings: TLSSettings?
    private(set) var context: TLSContext?
    private var stamp: [Date?] = []
    private var checked = 0.0

    init(_ settings: TLSSettings?) {
        self.settings = settings
        guard let settings else { return }
        stamp = stamps(settings)
        do {
            context = try TLSContext(certificateChain: settings.certificatePath, privateKey: settings.keyPath)
        } catch {
            Log.error("calendar feed: its certificate did not load", ["error": "\(error)"])
        }
    }

    private func stamps(_ settings: TLSSettings) -> [Date?] {
        [settings.certificatePath, settings.keyPath].map {
            (try? FileManager.default.attributesOfItem(atPath: $0))?[.modificationDate] as? Date
        }
    }

    mutating func reloadIfChanged(now: Double) {
        guard let settings, now - checked >= 30 else { return }
        checked = now
        let current = stamps(settings)
        guard current != stamp else { return }
        stamp = current
        do {
            context = try TLSContext(certificateChain: settings.certificatePath, privateKey: settings.keyPath)
            Log.info("calendar feed: certificate reloaded", [:])
        } catch {
            Log.error("calendar feed: the new certificate did not load; keeping the old", ["error": "\(error)"])
        }
    }
}
