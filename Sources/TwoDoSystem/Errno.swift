// The errno values callers outside the system layer name, so they need not import the C library.

import Glibc

/// Named errno values, for building and matching `SystemError`s.
public enum Errno {
    /// `EAGAIN`: the call would have blocked (or a send timed out).
    public static let wouldBlock = EAGAIN
    /// `EINVAL`: an invalid argument.
    public static let invalidArgument = EINVAL
    /// `EPIPE`: the connection is closed for writing.
    public static let brokenPipe = EPIPE
    /// `ECONNREFUSED`: nobody listens there.
    public static let connectionRefused = ECONNREFUSED
    /// `ECONNRESET`: the peer reset (or, as the bridge reports it, closed) the connection.
    public static let connectionReset = ECONNRESET
    /// `ETIMEDOUT`: the peer did not answer in time.
    public static let timedOut = ETIMEDOUT
    /// `EMSGSIZE`: the peer sent something too long.
    public static let messageTooLong = EMSGSIZE
    /// `EMFILE`: this process is out of descriptors.
    public static let tooManyOpenFiles = EMFILE
    /// `ENOENT`: no such file or folder.
    public static let noSuchFile = ENOENT
}
