import Foundation
import MockStore

/// Sends one notification body to the developer's server: the courier's only way out, so the
/// courier can be tested without a network. `AppStoreServerHTTP.HTTPNotificationPoster` is the
/// real one.
public protocol NotificationPosting: Sendable {
    /// POSTs `body` (`{"signedPayload": …}`) as `application/json` to `url` and says how it
    /// went. Never throws: a failure to connect or a timeout is an outcome like a 500.
    func post(_ body: Data, to url: String) async -> PostOutcome
}

/// How one POST went, as the outbox records it.
public struct PostOutcome: Sendable, Hashable {
    public var result: SendAttemptResult
    /// The receiver's HTTP status, when it answered.
    public var httpStatus: Int?

    public init(result: SendAttemptResult, httpStatus: Int?) {
        self.result = result
        self.httpStatus = httpStatus
    }

    /// The receiver answered `status`: delivered for 200–206, else to be retried.
    public static func answered(_ status: Int) -> PostOutcome {
        PostOutcome(result: .forHTTPStatus(status), httpStatus: status)
    }
}
