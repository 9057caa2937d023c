// Accepting clients on the plain and TLS ports: the connection caps, refusals at the door, running out of descriptors.

import Foundation
import TwoDoSystem
import TwoDoFeatures
import TwoDoProtocol
import TwoDoText

extension Server {
    /// Accepts what waits on `listener` (a TLS one's clients start with their handshake), each through the
    /// same caps: in all, and per client address, counting plain and TLS clients together.
    func acceptAll(from listener: Listener, tls: Bool) {
        // A bounded batch per wakeup: a flood of connects waits in the listen backlog, not in front of replies.
        for _ in 0..<128 {
            let accepted: (FileDescriptor, PeerAddress)?
            do {
                accepted = try listener.accept()
            } catch let e as SystemError where e.errno == EMFILE || e.errno == ENFILE {
                shedOneConnection(listener)
                return
            } catch let e as SystemError where e.errno == ECONNABORTED || e.errno == EPROTO {
                continue
            } catch {
                Log.error("accept failed", ["error": "\(error)"])
                return
            }
            guard let (fd, peer) = accepted else { return }
            let address = peer.text
            if connections.count >= config.maxConnections {
                refuse(fd, key: .errorServerFull, tls: tls)
                stats.refused += 1
                continue
            }
            if connectionsByAddress[address, default: 0] >= config.maxPerAddress
                && !config.trustedAddresses.contains(address) && !config.proxyProtocolAddresses.contains(address)
            {
                refuse(fd, key: .errorTooManyConnections, ["limit": "\(config.maxPerAddress)"], tls: tls)
                stats.refused += 1
                continue
            }
            open(fd: fd, address: address, tls: tls)
        }
    }

    /// Out of descriptors: free the spare one, accept the waiting client, tell it we are full, close it.
    private func shedOneConnection(_ listener: Listener) {
        Posix.close(spareFD)
        // Whatever accept says, the spare comes back: a failure here only means no client was waiting.
        if let (fd, _) = try? listener.accept() { refuse(fd, key: .errorServerFull) }
        spareFD = Posix.openDevNull()
        stats.refused += 1
        Log.error("out of file descriptors; refusing connections", ["open": "\(connections.count)"])
    }

    private func refuse(_ fd: FileDescriptor, key: TextKey, _ args: [String: String] = [:], tls: Bool = false) {
        let line = Catalog.text(key, .en, args) + " / " + Catalog.text(key, .tr, args) + "\r\n"
        // A TLS client refused at the door is closed without a word: before a handshake there is no way to
        // say it that the client could read, and a handshake is the work the limit is there to spare.
        if !tls, let raw = fd.rawValue {
            // Best effort: a client refused at the door may already be gone.
            _ = line.utf8CString.withUnsafeBytes {
                try? Posix.send(raw, UnsafeRawBufferPointer(rebasing: $0.dropLast()))
            }
        }
        fd.close()
    }

    private func open(fd: FileDescriptor, address: String, tls: Bool) {
        // Best effort: without TCP_NODELAY replies are only later, never wrong.
        if let raw = fd.rawValue { try? Posix.setOption(raw, Int32(IPPROTO_TCP), TCP_NODELAY, 1) }
        var session: TLSSession?
        if tls, let context = tlsContext, let raw = fd.rawValue {
            do {
                session = try context.makeSession(fd: raw)
            } catch {
                Log.error("tls session failed", ["error": "\(error)", "peer": address])
                fd.close()
                return
            }
        }
        let id = nextConnectionID
        nextConnectionID += 1
        let c = Connection(id: id, fd: fd, address: address, now: Monotonic.now(), config: config, tls: session)
        do {
            try c.register(with: epoll, interest: .readable)
        } catch {
            Log.error("epoll add failed", ["error": "\(error)"])
            c.closeSocket(in: epoll)
            return
        }
        connections[id] = c
        connectionsByAddress[address, default: 0] += 1
        stats.accepted += 1
        if config.logConnections {
            var fields = ["conn": "\(id)", "peer": address, "open": "\(connections.count)"]
            if tls { fields["tls"] = "handshake" }
            Log.info("connect", fields)
        }
        // A TLS client's greeting waits in its output until the handshake is done (`flush` sends nothing before);
        // its handshake starts when its ClientHello makes the socket readable, within the loop's handshake budget.
        c.send(line: Catalog.text(.greeting, .en, ["version": Server.version]))
        if !tls { dirty.insert(id) }
    }
}
