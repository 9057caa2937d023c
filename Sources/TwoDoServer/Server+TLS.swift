// The TLS listener's part of the loop: handshakes as non-blocking steps, input left inside OpenSSL, SIGHUP reloads.

import TwoDoSystem

extension Server {
    /// Takes a TLS client's handshake as far as its socket allows. Established: the greeting goes out and the
    /// connection reads and writes like any other from then on. Waiting: epoll is asked for what OpenSSL
    /// waits for, so a slow or stalled client costs one registration, never the loop's time (its deadline is
    /// in `sweep`). Failed (garbage, an old protocol version, a hang-up): closed, nobody else affected.
    func continueHandshake(_ c: Connection) {
        switch c.handshake() {
        case .done:
            if config.logConnections, let parameters = c.tlsParameters {
                Log.info("tls", ["conn": "\(c.id)", "version": parameters.version, "cipher": parameters.cipher])
            }
            updateInterest(c)
            flush(c)
            // The client may have sent its first lines with its last handshake message.
            if !c.isClosed && !c.readClosed && !c.readPaused { read(c) }
        case .wants(let interest):
            c.watch(interest, in: epoll)
        case .failed(let error):
            stats.tlsFailures += 1
            close(c, reason: "tls \(error.operation): \(error.reason)")
        }
    }

    /// Reads the TLS connections whose last read left decrypted input inside OpenSSL (a full read buffer):
    /// their sockets may be empty, so no epoll event would come for it.
    func readBuffered() {
        let ids = tlsBuffered
        tlsBuffered.removeAll(keepingCapacity: true)
        for id in ids {
            guard let c = connections[id], !c.isClosed, !c.readPaused, !c.readClosed else { continue }
            read(c)
        }
    }

    /// SIGHUP: loads the certificate chain and key again (a renewal) for connections accepted from now on;
    /// those already open keep the one they started with. A file that does not load keeps the old certificate
    /// in service and logs why.
    func reloadTLS() {
        guard let settings = config.tls else { return }
        do {
            let context = try TLSContext(certificateChain: settings.certificatePath, privateKey: settings.keyPath)
            tlsContext = context
            Log.info("tls reloaded", ["certificate": context.subject, "not_after": context.notAfter])
        } catch {
            Log.error("tls reload failed; keeping the certificate loaded before", ["error": "\(error)"])
        }
    }
}
