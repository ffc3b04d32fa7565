import AppStoreServer
import AsyncHTTPClient
import Foundation
import MockStore
import NIOCore
import NIOHTTP1

/// POSTs notifications with AsyncHTTPClient: `application/json`, the body as the courier built
/// it, each attempt bounded by `timeout`.
///
/// Apple does not publish how long it waits for a server's answer; `defaultTimeout` is
/// Tollbooth's own choice: longer than a slow (10 s) receiver takes, short enough that a stuck
/// one is retried on schedule and a killed courier's claim runs out soon (`LedgerCourier.lease`).
public final class HTTPNotificationPoster: NotificationPosting {
    /// Tollbooth's own limit on one attempt (connecting, sending and the answer together).
    public static let defaultTimeout: Duration = .seconds(15)

    let client: HTTPClient
    let timeout: Duration

    public init(timeout: Duration = HTTPNotificationPoster.defaultTimeout) {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: .seconds(Int64(min(10, timeout.components.seconds))))
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        self.timeout = timeout
    }

    deinit {
        try? client.syncShutdown()
    }

    public func post(_ body: Data, to url: String) async -> PostOutcome {
        // The HTTP stack traps on some URLs (a port past 65535): those are never handed to it.
        guard NotificationURL.problem(url) == nil else { return PostOutcome(result: .other, httpStatus: nil) }
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "Tollbooth App Store Server Notifications")
        request.body = .bytes(ByteBuffer(bytes: body))
        do {
            let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
            let response = try await client.execute(request, timeout: .milliseconds(milliseconds))
            // The answer's body is not used, but read (up to a limit) so the connection is reusable.
            _ = try? await response.body.collect(upTo: 64 * 1024)
            return .answered(Int(response.status.code))
        } catch {
            return PostOutcome(result: Self.result(for: error), httpStatus: nil)
        }
    }

    /// Apple's `sendAttemptResult` for a POST that got no HTTP answer.
    static func result(for error: any Error) -> SendAttemptResult {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout: return .timedOut
            case .remoteConnectionClosed: return .prematureClose
            case .redirectCycleDetected: return .circularRedirect
            case .invalidURL, .emptyHost, .emptyScheme: return .other
            default: break
            }
        }
        let text = String(describing: error).lowercased()
        if text.contains("refused") || text.contains("connect") { return .noResponse }
        if text.contains("tls") || text.contains("ssl") || text.contains("certificate") { return .tlsIssue }
        return .socketIssue
    }
}
