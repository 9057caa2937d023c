// The client side of TLS for the bridges' outgoing connections: a verified (or pinned) server, blocking I/O.

import CSSL
import Glibc

/// How a TLS client decides to trust a server.
public enum TLSTrust: Sendable, Equatable {
    /// The system's certificate authorities, and the server's name must be in its certificate.
    case system
    /// The certificate authorities in this PEM file (a private CA, or a self-signed certificate), and the name.
    case authorities(file: String)
    /// Exactly the certificate whose SHA-256 fingerprint this is (hex, colons allowed), whatever signed it.
    case pinned(sha256: String)
}

extension TLSTrust {
    /// Whether the server's name must be in its certificate (not for a pinned certificate).
    var checksName: Bool {
        if case .pinned = self { return false }
        return true
    }
}

/// A client TLS context (OpenSSL's SSL_CTX): TLS 1.2 or newer, the trust to apply, and an optional client
/// certificate (for SASL EXTERNAL). Owned by one thread.
public final class TLSClientContext {
    private let context: OpaquePointer
    let trust: TLSTrust

    public init(trust: TLSTrust, certificate: String? = nil, key: String? = nil) throws(TLSError) {
        ERR_clear_error()
        guard let context = SSL_CTX_new(TLS_client_method()) else { throw TLSError.fromQueue("client context") }
        func failing(_ operation: String) -> TLSError {
            let error = TLSError.fromQueue(operation)
            SSL_CTX_free(context)
            return error
        }
        guard twodo_ssl_ctx_set_min_tls12(context) == 1 else { throw failing("minimum version") }
        switch trust {
        case .system:
            guard SSL_CTX_set_default_verify_paths(context) == 1 else { throw failing("system certificates") }
            SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        case .authorities(let file):
            guard SSL_CTX_load_verify_locations(context, file, nil) == 1 else { throw failing("authorities \(file)") }
            SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        case .pinned:
            // Checked after the handshake against the fingerprint; no chain is needed for a pinned certificate.
            SSL_CTX_set_verify(context, SSL_VERIFY_NONE, nil)
        }
        if let certificate, let key {
            guard SSL_CTX_use_certificate_chain_file(context, certificate) == 1 else {
                throw failing("client certificate \(certificate)")
            }
            guard SSL_CTX_use_PrivateKey_file(context, key, SSL_FILETYPE_PEM) == 1,
                SSL_CTX_check_private_key(context) == 1
            else { throw failing("client key \(key)") }
        }
        self.context = context
        self.trust = trust
    }

    deinit { SSL_CTX_free(context) }

    /// Runs the handshake on the connected, blocking socket `fd` (which stays the caller's), as a client of
    /// `host` (its name is sent and, unless pinned, checked against the certificate).
    public func connect(fd: Int32, host: String) throws(TLSError) -> TLSClientSession {
        ERR_clear_error()
        guard let ssl = SSL_new(context) else { throw TLSError.fromQueue("client session") }
        let session = TLSClientSession(ssl: ssl)
        guard SSL_set_fd(ssl, fd) == 1 else { throw TLSError.fromQueue("client session") }
        if !Posix.isAddressLiteral(host, v6: false) && !Posix.isAddressLiteral(host, v6: true) {
            _ = twodo_ssl_set_server_name(ssl, host)
        }
        if trust.checksName {
            guard SSL_set1_host(ssl, host) == 1 else { throw TLSError.fromQueue("server name") }
        }
        let rc = SSL_connect(ssl)
        guard rc == 1 else {
            let verify = SSL_get_verify_result(ssl)
            if verify != Int(X509_V_OK), let text = X509_verify_cert_error_string(verify) {
                ERR_clear_error()
                throw TLSError(operation: "handshake with \(host)", reason: String(cString: text))
            }
            throw TLSError.fromQueue("handshake with \(host)", fallback: "the server closed the connection")
        }
        if case .pinned(let expected) = trust {
            let seen = session.peerFingerprint()
            let wanted = expected.lowercased().filter { $0 != ":" }
            guard let seen, seen == wanted else {
                throw TLSError(
                    operation: "handshake with \(host)",
                    reason: "certificate fingerprint \(seen ?? "none") is not the pinned \(wanted)")
            }
        }
        return session
    }
}

/// One client TLS connection on a blocking socket.
public final class TLSClientSession {
    private let ssl: OpaquePointer

    init(ssl: OpaquePointer) { self.ssl = ssl }

    deinit { SSL_free(ssl) }

    /// The SHA-256 fingerprint of the server's certificate, lowercase hex.
    func peerFingerprint() -> String? {
        guard let certificate = SSL_get1_peer_certificate(ssl) else { return nil }
        defer { X509_free(certificate) }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard X509_digest(certificate, EVP_sha256(), &digest, &length) == 1 else { return nil }
        return digest.prefix(Int(length)).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    /// Reads decrypted bytes; 0 at the end of the stream; nil when the socket's receive timeout passed first.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(TLSError) -> Int? {
        guard let base = buffer.baseAddress else { return 0 }
        ERR_clear_error()
        var n = 0
        if SSL_read_ex(ssl, base, buffer.count, &n) == 1 { return n }
        switch SSL_get_error(ssl, 0) {
        case SSL_ERROR_ZERO_RETURN: return 0
        case SSL_ERROR_WANT_READ, SSL_ERROR_WANT_WRITE: return nil
        case SSL_ERROR_SYSCALL where errno == 0: return 0
        case SSL_ERROR_SYSCALL where errno == EAGAIN || errno == EWOULDBLOCK: return nil
        default: throw TLSError.fromQueue("read")
        }
    }

    /// Writes all of `bytes` (blocking, within the socket's send timeout).
    public func write(_ bytes: [UInt8]) throws(TLSError) {
        var sent = 0
        while sent < bytes.count {
            ERR_clear_error()
            var n = 0
            let rc = bytes[sent...].withUnsafeBytes { SSL_write_ex(ssl, $0.baseAddress, $0.count, &n) }
            guard rc == 1 else { throw TLSError.fromQueue("write", fallback: "the connection broke") }
            sent += n
        }
    }

    /// Whether decrypted bytes wait inside OpenSSL (poll cannot see them).
    public var hasBufferedInput: Bool { SSL_pending(ssl) > 0 }

    /// The negotiated protocol, e.g. `TLSv1.3`.
    public var protocolVersion: String { String(cString: SSL_get_version(ssl)) }

    /// Sends close_notify (best effort).
    public func shutdown() {
        ERR_clear_error()
        _ = SSL_shutdown(ssl)
        ERR_clear_error()
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
