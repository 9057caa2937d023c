// SIGTERM sets the stop flag and wakes the loop's eventfd.

import Glibc
import Testing
import TwoDoSystem

@Suite("StopSignals")
struct StopSignalsTests {
    @Test("SIGTERM raises the stop flag and makes the wake descriptor readable")
    func sigterm() throws {
        let wake = try EventFD()
        StopSignals.install(wake: wake.fd)
        #expect(Glibc.raise(SIGTERM) == 0)
        #expect(StopSignals.isRequested)
        #expect(try Posix.poll([(wake.fd, .readable)], timeoutMilliseconds: 1000) == [.readable])
        #expect(wake.drain() == 1)
    }
}
