import Foundation

/// What a transaction's latest refund request came to while no refund stands
/// (`Transaction.refundState`, docs/domain.md §2.6). Tollbooth's record, shown by `txn list` and
/// the Transactions panel; Apple's side of it is the notifications (CONSUMPTION_REQUEST,
/// REFUND_DECLINED, REFUND_REVERSED).
public struct RefundState: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Asked for and not yet decided.
    public static let requested = RefundState(rawValue: "requested")
    /// Apple declined it (REFUND_DECLINED): nothing was revoked.
    public static let declined = RefundState(rawValue: "declined")
    /// A refund was granted and later reversed (REFUND_REVERSED): the entitlement is back.
    public static let reversed = RefundState(rawValue: "reversed")
    public var description: String { rawValue }
}

/// Apple's decision on a refund request (`tollbooth txn refund-decide ID DECISION`).
public enum RefundDecision: String, Sendable, Hashable, CaseIterable {
    /// REFUND with `revocationType` REFUND_FULL.
    case grant
    /// REFUND with `revocationType` REFUND_PRORATED and a `revocationPercentage`.
    case grantProrated = "grant-prorated"
    /// REFUND_DECLINED; nothing revoked.
    case decline
}

/// What a developer's Send Consumption Information call told the App Store, as the refund
/// decision reads it (`RefundRules.ruling`). The App Store Server API checks the body against
/// Apple's rules before it gets here.
public struct ConsumptionInformation: Sendable, Hashable {
    /// `refundPreference` (v2's names; v1's PREFER_GRANT is `grantFull`, PREFER_DECLINE `decline`).
    public enum Preference: String, Sendable, Hashable {
        case grantFull = "GRANT_FULL", grantProrated = "GRANT_PRORATED", decline = "DECLINE"
    }

    /// 1: Send Consumption Information V1 (`ConsumptionRequestV1`); 2: the current endpoint.
    public var version: Int
    public var preference: Preference?
    /// `deliveryStatus` DELIVERED (v2) or 0, delivered and working properly (v1).
    public var delivered: Bool
    /// How much the customer consumed, in millipercent: v2's `consumptionPercentage`; v1's
    /// `consumptionStatus` read as 0 (not consumed), 50000 (partially: ours) or 100000 (fully).
    public var consumedMillipercent: Int?
    /// The checked body, as JSON, kept in the ledger as the record of what was sent.
    public var body: String

    public init(version: Int, preference: Preference?, delivered: Bool, consumedMillipercent: Int?, body: String) {
        self.version = version
        self.preference = preference
        self.delivered = delivered
        self.consumedMillipercent = consumedMillipercent
        self.body = body
    }
}

/// Why the store refused consumption information (the App Store Server API turns each into
/// Apple's error response).
public enum ConsumptionRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    case notFound(UInt64)
    case familyShared(UInt64)
    /// V1 takes consumables and auto-renewable subscriptions only.
    case typeNotSupported(UInt64, ProductType)
    /// The App Store has not asked: no refund request is open for the transaction.
    case noOpenRequest(UInt64, RefundState?)

    public var description: String {
        switch self {
        case .notFound(let id): "no transaction \(id) in the ledger"
        case .familyShared(let id): "transaction \(id) is a family member's shared purchase"
        case .typeNotSupported(let id, let type): "transaction \(id) is a \(type); Send Consumption Information V1 takes consumables and auto-renewable subscriptions"
        case .noOpenRequest(let id, let state):
            "no refund request is open for transaction \(id)" + (state.map { " (its last one was \($0))" } ?? "")
                + "; the App Store asks for consumption information with CONSUMPTION_REQUEST after `tollbooth txn refund-request \(id)`"
        }
    }
}

/// A refund's share as people read it: millipercent (Apple's milliunits) as a percentage with
/// up to three decimals, "40%", "67.932%" (`txn list`, the Transactions panel, the event log).
public func refundShareText(millipercent: Int) -> String {
    (Decimal(millipercent) / 1000).description + "%"
}
