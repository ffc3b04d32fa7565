import Foundation

// The App Store Server API's response bodies, with Apple's field names (Apple's models:
// TransactionInfoResponse, AppTransactionInfoResponse, HistoryResponse, StatusResponse,
// SubscriptionGroupIdentifierItem, LastTransactionsItem, RefundHistoryResponse,
// OrderLookupResponse, ExtendRenewalDateResponse, MassExtendRenewalDateResponse,
// MassExtendRenewalDateStatusResponse). Absent values are left out, as Apple does.
// `appAppleId` is never sent: Apple leaves it out in the sandbox, which is the environment
// Tollbooth answers as.

struct TransactionInfoResponse: Encodable {
    var signedTransactionInfo: String
}

struct AppTransactionInfoResponse: Encodable {
    var signedAppTransactionInfo: String
}

struct HistoryResponse: Encodable {
    var revision: String
    var hasMore: Bool
    var bundleId: String
    var environment: String
    var signedTransactions: [String]
}

struct StatusResponse: Encodable {
    var environment: String
    var bundleId: String
    var data: [SubscriptionGroupIdentifierItem]
}

struct SubscriptionGroupIdentifierItem: Encodable {
    var subscriptionGroupIdentifier: String
    var lastTransactions: [LastTransactionsItem]
}

struct LastTransactionsItem: Encodable {
    /// 1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked.
    var status: Int
    var originalTransactionId: String
    var signedTransactionInfo: String
    var signedRenewalInfo: String
}

struct RefundHistoryResponse: Encodable {
    var signedTransactions: [String]
    var revision: String
    var hasMore: Bool
}

struct OrderLookupResponse: Encodable {
    /// 0 valid, 1 invalid.
    var status: Int
    var signedTransactions: [String]
}

struct ExtendRenewalDateResponse: Encodable {
    var originalTransactionId: String
    var webOrderLineItemId: String?
    var success: Bool
    /// The new renewal date, in milliseconds since 1970.
    var effectiveDate: Int64
}

struct MassExtendRenewalDateResponse: Encodable {
    var requestIdentifier: String
}

struct MassExtendRenewalDateStatusResponse: Encodable {
    var requestIdentifier: String
    var complete: Bool
    var completeDate: Int64?
    var succeededCount: Int
    var failedCount: Int
}

/// Apple's dates: integer milliseconds since 1970.
func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
