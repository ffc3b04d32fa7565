import AppStoreServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// `AppStoreServerAPI` over HTTP/1.1 (Hummingbird): each request's method, path, query,
/// `Authorization` header and body go to the API, and its answer comes back as it is.
public struct APIServer: Sendable {
    public let api: AppStoreServerAPI
    public var host: String
    public var port: Int
    /// How long a connection may sit with no request in progress (kept alive after an answer,
    /// or never finishing a request's head) before it is closed: ours.
    public var idleTimeout: Duration
    /// How long a request's body may take to arrive after its head: ours.
    public var requestTimeout: Duration
    /// The largest request body read (an extension request is some 100 bytes): ours.
    public static let maximumBodySize = 64 * 1024
    /// The largest request header read, all fields together (a bearer token is under 1 KiB): ours.
    public static let maximumHeaderSize = 16 * 1024
    /// The most header fields a request may have: ours.
    public static let maximumHeaderFields = 100

    public init(api: AppStoreServerAPI, host: String = "127.0.0.1", port: Int = 8787,
                idleTimeout: Duration = .seconds(15), requestTimeout: Duration = .seconds(10)) {
        self.api = api
        self.host = host
        self.port = port
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
    }

    /// Serves until SIGINT or SIGTERM, then stops accepting, finishes the requests in flight
    /// and returns. `listening` is called once with the bound port (the real one for port 0).
    /// Throws `ServeError.portInUse` when the address is taken.
    public func run(listening: @escaping @Sendable (Int) async -> Void) async throws {
        let responder = Responder(api: api)
        var logger = Logger(label: "tollbooth.serve")
        logger.logLevel = .critical
        let requestTimeout = TimeAmount(requestTimeout)
        let http1 = HTTP1Channel.Configuration(
            additionalChannelHandlers: [RequestGuard(requestTimeout: requestTimeout)], idleTimeout: TimeAmount(idleTimeout),
            httpDecoderConfiguration: .init(maxHeaderFieldSize: Self.maximumHeaderSize, maxHeaderListSize: Self.maximumHeaderSize,
                                            maxHeaderFieldCount: Self.maximumHeaderFields))
        let app = Application(
            responder: responder,
            server: .http1(configuration: http1),
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in await listening(channel.localAddress?.port ?? port) },
            logger: logger)
        do {
            try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw ServeError.portInUse(host: host, port: port)
        } catch let error as IOError where error.errnoCode == EADDRNOTAVAIL {
            throw ServeError.addressUnavailable(host: host)
        }
    }

    /// Why the server could not start.
    public enum ServeError: Error, Sendable, Hashable {
        case portInUse(host: String, port: Int)
        case addressUnavailable(host: String)
    }

    struct Responder: HTTPResponder {
        typealias Context = BasicRequestContext
        let api: AppStoreServerAPI

        func respond(to request: Request, context: Context) async throws -> Response {
            var request = request
            let body: ByteBuffer
            do {
                body = try await request.collectBody(upTo: APIServer.maximumBodySize)
            } catch is NIOTooManyBytesError {
                return Self.response(APIError.unreadableRequest(
                    status: 413, "The request body is larger than \(APIServer.maximumBodySize / 1024) KiB."))
            } catch {
                return Self.response(APIError.unreadableRequest(status: 400, "The request body could not be read."))
            }
            return Self.response(await api.respond(to: APIRequest(
                method: request.method.rawValue, path: request.uri.path, query: Self.query(request.uri.query),
                authorization: request.headers[.authorization], body: Data(body.readableBytesView))))
        }

        static func response(_ answer: APIResponse) -> Response {
            var headers: HTTPFields = [.contentType: answer.contentType]
            for (name, value) in answer.headers {
                if let field = HTTPField.Name(name) { headers[field] = value }
            }
            return Response(status: .init(code: answer.status), headers: headers,
                            body: .init(byteBuffer: ByteBuffer(bytes: answer.body)))
        }

        /// `a=1&b=x+y&b=%2F` as ordered pairs, `+` as a space (form encoding, which Python's
        /// `requests` writes).
        static func query(_ text: String?) -> [APIRequest.QueryItem] {
            guard let text, !text.isEmpty else { return [] }
            return text.split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                func decode(_ part: Substring) -> String {
                    let spaced = part.replacingOccurrences(of: "+", with: " ")
                    return spaced.removingPercentEncoding ?? spaced
                }
                return APIRequest.QueryItem(decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
            }
        }
    }
}
