import Foundation

/// The endpoints, by method and path.
enum Route: Sendable, Hashable {
    case transactionInfo(String)
    case appTransactionInfo(String)
    case history(version: Int, String)
    case statuses(String)
    case extend(String)
    case massExtend
    case massExtendStatus(productID: String, requestIdentifier: String)
    case finishTransaction(String)
    case setAppAccountToken(String)
    case lookup(String)
    case refundHistory(String)
    case consumption(version: Int, String)
    case requestTestNotification
    case testNotificationStatus(String)
    case notificationHistory

    /// The route of `request`. A path that is none of Apple's endpoints is 404, an endpoint of
    /// Apple's that Tollbooth does not serve is 404 naming it, and a method other than the
    /// endpoint's is 405: each with Apple's error body and the general code 4000000 (ours:
    /// Apple documents no code for these), so a client that reads `errorCode` reads one.
    init(_ request: APIRequest) throws(APIError) {
        let segments = request.segments
        let method = request.method.uppercased()
        // The most literal pattern wins: `extend/mass` is the mass extension, not an
        // original transaction id "mass".
        let matches = Endpoint.all.compactMap { endpoint in endpoint.parameters(segments).map { (endpoint: endpoint, parameters: $0) } }
        guard let best = matches.map({ $0.endpoint.literals }).max() else { throw .unknownPath(method, request.path) }
        let candidates = matches.filter { $0.endpoint.literals == best }
        guard let match = candidates.first(where: { $0.endpoint.method == method }) else {
            throw .methodNotAllowed(method, request.path, allowed: candidates.map { $0.endpoint.method })
        }
        guard let route = match.endpoint.route else { throw .notServed(match.endpoint.name, match.endpoint.method, request.path) }
        self = route(match.parameters)
    }
}

/// One of Apple's App Store Server API endpoints (outside Retention Messaging): its method, its
/// path with `{}` for each parameter, and Tollbooth's route, nil where Tollbooth does not serve it.
struct Endpoint: Sendable {
    var name: String
    var method: String
    var pattern: [String]
    var route: (@Sendable ([String]) -> Route)?

    init(_ name: String, _ method: String, _ path: String, _ route: (@Sendable ([String]) -> Route)? = nil) {
        self.name = name
        self.method = method
        self.pattern = path.split(separator: "/").map(String.init)
        self.route = route
    }

    /// How many segments are fixed text: the more, the more specific.
    var literals: Int { pattern.count(where: { $0 != "{}" }) }

    /// The parameters, in order, when `segments` is this endpoint's path; nil otherwise.
    func parameters(_ segments: [String]) -> [String]? {
        guard segments.count == pattern.count else { return nil }
        var parameters: [String] = []
        for (part, segment) in zip(pattern, segments) {
            if part == "{}" { parameters.append(segment) } else if part != segment { return nil }
        }
        return parameters
    }

    /// Apple's endpoints (App Store Server API, "Endpoints"; the paths of Apple's server
    /// libraries' `AppStoreServerAPIClient`).
    static let all: [Endpoint] = [
        Endpoint("Get Transaction Info", "GET", "inApps/v1/transactions/{}") { .transactionInfo($0[0]) },
        Endpoint("Get Transaction History V1", "GET", "inApps/v1/history/{}") { .history(version: 1, $0[0]) },
        Endpoint("Get Transaction History", "GET", "inApps/v2/history/{}") { .history(version: 2, $0[0]) },
        Endpoint("Get All Subscription Statuses", "GET", "inApps/v1/subscriptions/{}") { .statuses($0[0]) },
        Endpoint("Extend a Subscription Renewal Date", "PUT", "inApps/v1/subscriptions/extend/{}") { .extend($0[0]) },
        Endpoint("Look Up Order ID", "GET", "inApps/v1/lookup/{}") { .lookup($0[0]) },
        Endpoint("Request a Test Notification", "POST", "inApps/v1/notifications/test") { _ in .requestTestNotification },
        Endpoint("Get Test Notification Status", "GET", "inApps/v1/notifications/test/{}") { .testNotificationStatus($0[0]) },
        Endpoint("Get Notification History", "POST", "inApps/v1/notifications/history") { _ in .notificationHistory },
        Endpoint("Get App Transaction Info", "GET", "inApps/v1/transactions/appTransactions/{}") { .appTransactionInfo($0[0]) },
        Endpoint("Set App Account Token", "PUT", "inApps/v1/transactions/{}/appAccountToken") { .setAppAccountToken($0[0]) },
        Endpoint("Finish Transaction", "POST", "inApps/v1/transactions/{}/finish") { .finishTransaction($0[0]) },
        Endpoint("Send Consumption Information V1", "PUT", "inApps/v1/transactions/consumption/{}") { .consumption(version: 1, $0[0]) },
        Endpoint("Send Consumption Information", "PUT", "inApps/v2/transactions/consumption/{}") { .consumption(version: 2, $0[0]) },
        Endpoint("Get Refund History", "GET", "inApps/v2/refund/lookup/{}") { .refundHistory($0[0]) },
        Endpoint("Extend Subscription Renewal Dates for All Active Subscribers", "POST", "inApps/v1/subscriptions/extend/mass") { _ in .massExtend },
        Endpoint("Get Status of Subscription Renewal Date Extensions", "GET", "inApps/v1/subscriptions/extend/mass/{}/{}") {
            .massExtendStatus(productID: $0[0], requestIdentifier: $0[1])
        },
    ]
}
