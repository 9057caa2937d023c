// Exposes the system OpenSSL (Debian's libssl-dev, 3.x) to Swift, with functions for the macros Swift cannot call.
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/x509.h>

// SSL_CTX_set_min_proto_version, SSL_CTX_set_mode and SSL_CTX_set_read_ahead are macros over
// SSL_CTX_ctrl: Swift imports no function-like macro, so each gets a static inline function here.
static inline int twodo_ssl_ctx_set_min_tls12(SSL_CTX *ctx) {
    return (int)SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
}

static inline long twodo_ssl_ctx_set_mode(SSL_CTX *ctx, long mode) {
    return SSL_CTX_set_mode(ctx, mode);
}

static inline long twodo_ssl_ctx_set_read_ahead(SSL_CTX *ctx, int on) {
    return SSL_CTX_set_read_ahead(ctx, on);
}

// The mode bits the server sets: partial writes (SSL_write returns once a record is out, like write(2)),
// a moving buffer (the output array may be reallocated between a WANT_WRITE and the retry), and no
// read buffers kept for idle connections (memory per idle TLS client stays small).
static inline long twodo_ssl_server_mode(void) {
    return SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER | SSL_MODE_RELEASE_BUFFERS;
}

// The options: no renegotiation (a client could otherwise make the server run handshake after handshake),
// the server's cipher order, no compression (CRIME), and a peer's TCP close without close_notify read as an
// ordinary end of stream (most line clients just close), so a half-close still gets its replies.
static inline uint64_t twodo_ssl_server_options(void) {
    return SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE | SSL_OP_NO_COMPRESSION
        | SSL_OP_IGNORE_UNEXPECTED_EOF;
}

// SSL_set_tlsext_host_name is a macro over SSL_ctrl: the server name a client asks for (SNI).
static inline long twodo_ssl_set_server_name(SSL *ssl, const char *name) {
    return SSL_set_tlsext_host_name(ssl, name);
}
