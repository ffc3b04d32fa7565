import Foundation
import MockStore

/// The App Store Server API over a Tollbooth ledger, as plain request → response: the HTTP
/// server (`AppStoreServerHTTP`) hands each request here, and tests call it directly.
///
/// Answers as Apple's sandbox (`environment` "Sandbox") for the app the ledger recorded; signs
/// through `SignedDataSigning`. Requests never crash it: every failure is one of Apple's error
/// responses, or a 500 with Apple's general internal error.
public final class AppStoreServerAPI: Sendable {
    public let store: Store
    let signer: any SignedDataSigning
    /// The key bearer tokens are checked against; nil: tokens are not checked.
    let key: RegisteredKey?
    /// The wall clock tokens' `exp` and `iat` are compared with.
    let wallNow: @Sendable () -> Date
    let history = HistoryIndex()

    /// The environment every response names.
    public static let environment = "Sandbox"
    /// Apple's page size for Get Transaction History and Get Notification History.
    public static let pageSize = 20

    public init(store: Store, signer: any SignedDataSigning, key: RegisteredKey?,
                wallNow: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.signer = signer
        self.key = key
        self.wallNow = wallNow
    }

    /// The answer to one request.
    public func respond(to request: APIRequest) async -> APIResponse {
        do {
            let route = try Route(request)
            let token = try key.map { try BearerToken.verify(authorization: request.authorization, key: $0, now: wallNow()) }
            switch route {
            case .transactionInfo(let id): return try await transactionInfo(id, token: token)
            case .appTransactionInfo(let id): return try await appTransactionInfo(id, token: token)
            case .history(let version, let id): return try await transactionHistory(id, version: version, request: request, token: token)
            case .statuses(let id): return try await subscriptionStatuses(id, request: request, token: token)
            case .extend(let id): return try await extendRenewalDate(id, body: request.body, token: token)
            case .massExtend: return try await extendRenewalDatesForAllActiveSubscribers(body: request.body, token: token)
            case .massExtendStatus(let productID, let requestIdentifier):
                return try await massExtensionStatus(productID: productID, requestIdentifier: requestIdentifier, token: token)
            case .finishTransaction(let id): return try await finishTransaction(id, token: token)
            case .setAppAccountToken(let id): return try await setAppAccountToken(id, body: request.body, token: token)
            case .lookup(let orderID): return try await lookUpOrderID(orderID, token: token)
            case .refundHistory(let id): return try await refundHistory(id, request: request, token: token)
            case .consumption(let version, let id): return try await sendConsumptionInformation(id, version: version, body: request.body, token: token)
            case .requestTestNotification: return try await requestTestNotification(token: token)
            case .testNotificationStatus(let text): return try await testNotificationStatus(text, token: token)
            case .notificationHistory: return try await notificationHistory(request, token: token)
            }
        } catch let error as APIError {
            return error.response
        } catch let refusal as BearerToken.Refusal {
            return Self.unauthorized(refusal)
        } catch {
            return APIError.generalInternal(String(describing: error)).response
        }
    }

    /// Apple answers 401 with no JSON error body; the reason is given as text and in
    /// `WWW-Authenticate` (RFC 6750), for the developer reading it. A reason repeats values from
    /// the token only through `APIError.quoted`, so neither holds a control character.
    static func unauthorized(_ refusal: BearerToken.Refusal) -> APIResponse {
        APIResponse(status: 401, contentType: "text/plain; charset=utf-8", body: Data("Unauthenticated: \(refusal.description)\n".utf8),
                    headers: ["WWW-Authenticate": "Bearer error=\"invalid_token\", error_description=\"\(refusal.description.replacingOccurrences(of: "\"", with: "'"))\""])
    }

    // MARK: - Reading

    /// What every answer names: the app and the environment.
    struct Answering: Sendable {
        var bundleID: String
        var environment: String { AppStoreServerAPI.environment }
    }

    /// One consistent read of the account; refuses a token whose `bid` is not the ledger's app.
    func read<T: Sendable>(token: BearerToken?, _ body: @escaping @Sendable (AccountRecords, Answering) throws -> T) async throws -> T {
        try await store.serverRead { records in
            let answering = Answering(bundleID: try Self.bundleID(of: records))
            if let token, token.bundleID != answering.bundleID {
                throw BearerToken.Refusal("the token's bid \(APIError.quoted(token.bundleID)) is not the ledger's app, \(APIError.quoted(answering.bundleID))")
            }
            return try body(records, answering)
        }
    }

    /// The app the ledger's data belongs to: the newest app launched on it, else the paywall's.
    static func bundleID(of records: AccountRecords) throws -> String {
        try records.appBundleID() ?? AppIdentity.paywall.bundleID
    }

    /// A transaction as the App Store's server signs it. A verification fault is a device's
    /// view (StoreKit's `.unverified`); the server's signature is always good.
    func signed(_ transaction: MockStore.Transaction) throws -> String {
        var transaction = transaction
        transaction.verificationError = nil
        return try signer.signedTransaction(transaction)
    }

    func signed(_ status: SubscriptionStatus) throws -> String {
        var status = status
        status.transaction.verificationError = nil
        return try signer.signedRenewalInfo(status)
    }

    /// A transaction id from the path: Apple's are decimal numbers.
    static func transactionID(_ text: String, orElse error: (String) -> APIError) throws(APIError) -> UInt64 {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let id = UInt64(text) else { throw error(text) }
        return id
    }
}
