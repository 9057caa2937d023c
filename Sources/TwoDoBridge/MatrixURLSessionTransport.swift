// The real transport: FoundationNetworking's URLSession (libcurl underneath), made blocking.

import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends requests with `URLSession`, adding `Authorization: Bearer <token>`. The token never leaves
/// this type except in that header.
public final class MatrixURLSessionTransport: MatrixTransport {
    private let base: String
    private let token: String
    private let session: URLSession

    /// A transport for the homeserver at `homeserver` acting with `token`.
    public init(homeserver: URL, token: String) {
        var base = homeserver.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        self.base = base
        self.token = token
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 4
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    public func perform(_ request: MatrixRequest) throws -> MatrixResponse {
        guard let url = URL(string: base + request.path) else {
            throw MatrixError.transport("bad URL path \(request.path)")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        urlRequest.timeoutInterval = request.timeout
        urlRequest.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        if let body = request.body {
            urlRequest.httpBody = body
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let outcome = Mutex<Result<MatrixResponse, MatrixError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: urlRequest) { data, response, error in
            let result: Result<MatrixResponse, MatrixError>
            if let http = response as? HTTPURLResponse {
                result = .success(MatrixResponse(status: http.statusCode, body: data ?? Data()))
            } else {
                // The error's text names the URL, never the header carrying the token.
                result = .failure(.transport(error.map { ($0 as NSError).localizedDescription } ?? "no response"))
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        task.resume()
        done.wait()
        return try outcome.withLock { $0! }.get()
    }
}
