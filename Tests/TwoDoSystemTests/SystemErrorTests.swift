// SystemError prints the call, the system's reason and the errno, as operators read it in logs.

import Glibc
import Testing
import TwoDoSystem

@Suite("SystemError")
struct SystemErrorTests {
    @Test(
        "prints like `accept: Too many open files (errno 24)`",
        arguments: [
            (SystemError(call: "accept", errno: EMFILE), "accept: Too many open files (errno 24)"),
            (SystemError(call: "connect", errno: ECONNREFUSED), "connect: Connection refused (errno 111)"),
            (SystemError(call: "send", errno: EPIPE), "send: Broken pipe (errno 32)"),
            (
                SystemError(call: "getaddrinfo", errno: -2, reason: "Name or service not known"),
                "getaddrinfo: Name or service not known (errno -2)"
            ),
            (
                SystemError(call: "recv", errno: ECONNRESET, reason: "closed by peer"),
                "recv: closed by peer (errno 104)"
            ),
        ])
    func description(error: SystemError, expected: String) {
        #expect(error.description == expected)
        #expect("\(error)" == expected)
    }

    @Test("the named errno values are the system's")
    func named() {
        #expect(Errno.tooManyOpenFiles == EMFILE)
        #expect(Errno.wouldBlock == EAGAIN)
        #expect(Errno.connectionReset == ECONNRESET)
        #expect(Errno.timedOut == ETIMEDOUT)
    }
}
