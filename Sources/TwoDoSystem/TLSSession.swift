// One TLS connection (OpenSSL's SSL) over a non-blocking socket: handshake, read and write as the loop's steps.

import CSSL
import Glibc

/// What a non-blocking TLS step did.
public enum TLSStep: Equatable {
    /// It finished: for a handshake, the connection is established; for a read or write, this many bytes moved
    /// (a read of 0: the peer ended the stream).
    case done(Int)
    /// It cannot go on until the socket is ready for this (a handshake or read may need to write, and back).
    case wants(Interest)
    /// The peer broke the protocol or the connection failed; close it.
    case failed(TLSError)
}

/// The server side of one TLS connection over a socket someone else owns (`SSL_set_fd` never closes it).
///
/// Every call is non-blocking: OpenSSL reports `WANT_READ`/`WANT_WRITE`, which become `.wants(...)` so the
/// loop waits for that readiness in epoll instead of in OpenSSL. Owned by the event-loop thread.
public final class TLSSession {
    private let ssl: OpaquePointer
    /// Whether the handshake has finished.
    public private(set) var isEstablished = false
    /// The peer's close_notify (or end of stream) arrived in a read that also returned data: the next read
    /// reports the end, without waiting for an epoll event that may never come.
    private var endPending = false

    init(context: OpaquePointer, fd: Int32) throws(TLSError) {
        ERR_clear_error()
        guard let ssl = SSL_new(context) else { throw TLSError.fromQueue("session") }
        guard SSL_set_fd(ssl, fd) == 1 else {
            let error = TLSError.fromQueue("session")
            SSL_free(ssl)
            throw error
        }
        SSL_set_accept_state(ssl)
        self.ssl = ssl
    }

    deinit { SSL_free(ssl) }

    /// Takes the handshake as far as the socket allows: `.done(0)` once established.
    public func handshake() -> TLSStep {
        if isEstablished { return .done(0) }
        ERR_clear_error()
        let rc = SSL_do_handshake(ssl)
        if rc == 1 {
            isEstablished = true
            return .done(0)
        }
        return failure(rc, "handshake", endIsFailure: true)
    }

    /// Reads decrypted bytes into `buffer` until it is full or the socket has nothing more; `.done(0)` is the
    /// end of the stream. Records OpenSSL already holds are taken too, so a short buffer leaves them in
    /// `hasBufferedInput` rather than waiting for epoll (which knows nothing of them).
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> TLSStep {
        if endPending { return .done(0) }
        guard let base = buffer.baseAddress else { return .done(0) }
        var total = 0
        while total < buffer.count {
            ERR_clear_error()
            var n = 0
            let rc = SSL_read_ex(ssl, base + total, buffer.count - total, &n)
            if rc == 1 {
                total += n
                continue
            }
            let step = failure(rc, "read", endIsFailure: false)
            guard total > 0 else { return step }
            // Return the bytes first; an end seen after them is reported by the next read.
            if case .done(0) = step { endPending = true }
            return .done(total)
        }
        return .done(total)
    }

    /// Encrypts and sends what the socket takes now (at least one record, or `.wants`); a retry after
    /// `.wants` may pass a buffer that moved or grew, as long as it starts with the same bytes.
    public func write(_ bytes: UnsafeRawBufferPointer) -> TLSStep {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return .done(0) }
        ERR_clear_error()
        var n = 0
        let rc = SSL_write_ex(ssl, base, bytes.count, &n)
        if rc == 1 { return .done(n) }
        return failure(rc, "write", endIsFailure: true)
    }

    /// Whether decrypted bytes (or unread records, or a pending end) wait inside OpenSSL: the socket may
    /// be empty, so epoll will not say so.
    public var hasBufferedInput: Bool { endPending || SSL_has_pending(ssl) == 1 }

    /// Sends close_notify if the socket takes it now; never waits (the socket is closed right after).
    public func shutdown() {
        guard isEstablished else { return }
        ERR_clear_error()
        _ = SSL_shutdown(ssl)
        ERR_clear_error()
    }

    /// The negotiated protocol, e.g. `TLSv1.3`.
    public var protocolVersion: String { String(cString: SSL_get_version(ssl)) }

    /// The negotiated cipher suite, e.g. `TLS_AES_256_GCM_SHA384`.
    public var cipher: String {
        guard let cipher = SSL_get_current_cipher(ssl), let name = SSL_CIPHER_get_name(cipher) else { return "" }
        return String(cString: name)
    }

    /// What a call that returned `rc` (not 1) means. An end of stream is `.done(0)` for a read and a failure
    /// elsewhere (a client that hangs up mid-handshake).
    private func failure(_ rc: Int32, _ operation: String, endIsFailure: Bool) -> TLSStep {
        let code = SSL_get_error(ssl, rc)
        switch code {
        case SSL_ERROR_WANT_READ:
            return .wants(.readable)
        case SSL_ERROR_WANT_WRITE:
            return .wants(.writable)
        case SSL_ERROR_ZERO_RETURN:
            ERR_clear_error()
            return endIsFailure ? .failed(TLSError(operation: operation, reason: "closed by peer")) : .done(0)
        case SSL_ERROR_SYSCALL:
            let number = errno
            let error = TLSError.fromQueue(
                operation, fallback: number == 0 ? "closed by peer" : String(cString: strerror(number)))
            if number == 0 && !endIsFailure { return .done(0) }
            return .failed(error)
        default:
            return .failed(TLSError.fromQueue(operation))
        }
    }
}
