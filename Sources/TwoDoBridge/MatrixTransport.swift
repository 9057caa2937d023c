// The HTTP exchange the Matrix client needs, behind a protocol so tests can replay recorded responses.

import Foundation

/// One request to the homeserver's client-server API.
public struct MatrixRequest: Sendable, Equatable {
    /// `GET`, `POST` or `PUT`.
    public var method: String
    /// The path and query after the homeserver's base URL, already percent-encoded
    /// (`/_matrix/client/v3/sync?timeout=30000`).
    public var path: String
    /// The JSON body, if any.
    public var body: Data?
    /// How long to wait for the answer, in seconds (a `/sync` long-poll waits longer than a send).
    public var timeout: Double

    /// A request from its parts.
    public init(method: String, path: String, body: Data? = nil, timeout: Double = 30) {
        self.method = method
        self.path = path
        self.body = body
        self.timeout = timeout
    }
}

/// The homeserver's answer: the HTTP status and the body.
public struct MatrixResponse: Sendable, Equatable {
    /// The HTTP status code.
    public var status: Int
    /// The body (JSON for every API answer, errors included).
    public var body: Data

    /// A response from its parts.
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// Carries requests to a homeserver. Blocking: each call returns when the answer is in.
///
/// Implementations add the access token; a transport failure (refused, timed out) is thrown.
public protocol MatrixTransport: Sendable {
    /// Performs `request` and returns the homeserver's answer, whatever its status.
    func perform(_ request: MatrixRequest) throws -> MatrixResponse
}
