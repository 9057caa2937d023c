// A server's TLS settings (OpenSSL's SSL_CTX): TLS 1.2 or newer, one certificate chain and its key from PEM files.

import CSSL

/// The certificate chain and key a TLS listener presents, with TLS 1.2 as the oldest version it speaks.
///
/// Each `TLSSession` made from it holds its own reference (OpenSSL counts them), so a context replaced on
/// SIGHUP stays alive until the last connection that was accepted under it closes. Owned by one thread.
public final class TLSContext {
    private let context: OpaquePointer
    /// The certificate's subject, as OpenSSL prints it (`/CN=todo.example.org`), for logs.
    public let subject: String
    /// When the certificate stops being valid, as `2027-02-27T10:00:00Z` (empty when unreadable), for logs.
    public let notAfter: String

    /// Loads the PEM chain (the server's certificate first, then its intermediates) and the PEM private key,
    /// and checks that they belong together.
    /// - Throws: `TLSError` naming the file that would not load and OpenSSL's reason.
    public init(certificateChain: String, privateKey: String) throws(TLSError) {
        ERR_clear_error()
        guard let context = SSL_CTX_new(TLS_server_method()) else { throw TLSError.fromQueue("context") }
        // From here a failure must free the context: `deinit` does not run for a class whose init failed
        // before every stored property was set.
        func failing(_ operation: String) -> TLSError {
            let error = TLSError.fromQueue(operation)
            SSL_CTX_free(context)
            return error
        }
        guard twodo_ssl_ctx_set_min_tls12(context) == 1 else { throw failing("minimum version") }
        _ = SSL_CTX_set_options(context, twodo_ssl_server_options())
        _ = twodo_ssl_ctx_set_mode(context, twodo_ssl_server_mode())
        // Read ahead: one read(2) takes whatever the socket holds, not a record header and then its body.
        _ = twodo_ssl_ctx_set_read_ahead(context, 1)
        guard SSL_CTX_use_certificate_chain_file(context, certificateChain) == 1 else {
            throw failing("certificate \(certificateChain)")
        }
        guard SSL_CTX_use_PrivateKey_file(context, privateKey, SSL_FILETYPE_PEM) == 1 else {
            throw failing("key \(privateKey)")
        }
        guard SSL_CTX_check_private_key(context) == 1 else {
            throw failing("key \(privateKey) does not match certificate \(certificateChain)")
        }
        self.context = context
        let certificate = SSL_CTX_get0_certificate(context)
        subject = TLSContext.subject(of: certificate)
        notAfter = TLSContext.notAfter(of: certificate)
    }

    deinit { SSL_CTX_free(context) }

    /// A session for the accepted, non-blocking socket `fd` (which stays owned by the caller).
    public func makeSession(fd: Int32) throws(TLSError) -> TLSSession {
        try TLSSession(context: context, fd: fd)
    }

    private static func subject(of certificate: OpaquePointer?) -> String {
        guard let certificate, let name = X509_get_subject_name(certificate),
            let text = X509_NAME_oneline(name, nil, 0)
        else { return "" }
        defer { CRYPTO_free(text, #fileID, #line) }
        return String(cString: text)
    }

    private static func notAfter(of certificate: OpaquePointer?) -> String {
        guard let certificate, let time = X509_get0_notAfter(certificate) else { return "" }
        var parts = tm()
        guard ASN1_TIME_to_tm(time, &parts) == 1 else { return "" }
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
