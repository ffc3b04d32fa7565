import Foundation
import GRDB

/// One App Store Server Notification in the ledger's outbox: what happened (type, subtype, the
/// transaction), where it goes, and how its delivery stands.
///
/// The row is written in the same database transaction as the store change it reports, so a
/// process killed after the change leaves the notification for the next courier.
public struct OutboxNotification: Sendable, Hashable, Identifiable, Codable {
    /// The outbox's own number (`tollbooth notify resend ID`).
    public var id: Int64
    /// `notificationUUID`, a lowercase UUID: the same for every attempt and resend of this
    /// notification. A TEST notification's is its `testNotificationToken`.
    public var notificationUUID: String
    public var type: NotificationType
    public var subtype: NotificationSubtype?
    /// The transaction the notification's `signedTransactionInfo` carries (nil for TEST).
    public var transactionID: UInt64?
    public var originalTransactionID: UInt64?
    /// The subscription group whose `signedRenewalInfo` it carries, if any.
    public var groupID: String?
    /// The subscription's state when the event happened (`data.status`).
    public var subscriptionState: RenewalState?
    /// Sent for a family member's copy of the transaction (`REVOKE`).
    public var isFamilyShared: Bool
    /// `data.consumptionRequestReason` of a `CONSUMPTION_REQUEST`.
    public var consumptionRequestReason: ConsumptionRequestReason?
    /// Fields of the payload beside `data`, as a JSON object: RENEWAL_EXTENSION SUMMARY's
    /// `summary` (without the app's `bundleId`, `environment` and `appAppleId`, which the payload
    /// adds), an example's `externalPurchaseToken` or `appData`; `"data"` adds to `data`.
    public var extra: String?
    /// Store and wall time of the event.
    public var storeTime: Date
    public var wallTime: Date
    /// The receiver's URL when the event happened.
    public var url: String
    public var status: DeliveryStatus
    /// Attempts made so far (Apple makes at most six per notification).
    public var attempts: Int
    /// When the next attempt is due, in store time; nil unless pending.
    public var nextAttempt: Date?
    public var lastHTTPStatus: Int?
    public var lastResult: SendAttemptResult?
    /// The signed `ResponseBodyV2DecodedPayload`, once built: every attempt sends these bytes.
    public var signedPayload: String?

    /// `data.status`, Apple's number for the subscription's state: 1 active, 2 expired,
    /// 3 billing retry, 4 billing grace period, 5 revoked.
    public var appleStatus: Int? {
        switch subscriptionState {
        case .subscribed?: 1
        case .expired?: 2
        case .inBillingRetryPeriod?: 3
        case .inGracePeriod?: 4
        case .revoked?: 5
        default: nil
        }
    }

    init(row: Row) throws {
        id = row["id"]
        notificationUUID = row["notificationUUID"]
        type = NotificationType(rawValue: row["type"])
        subtype = (row["subtype"] as String?).map(NotificationSubtype.init(rawValue:))
        transactionID = try (row["transactionID"] as Int64?).map { try ledgerID($0, "notifications.transactionID") }
        originalTransactionID = try (row["originalID"] as Int64?).map { try ledgerID($0, "notifications.originalID") }
        groupID = row["groupID"]
        subscriptionState = (row["subscriptionState"] as String?).map(RenewalState.init(rawValue:))
        isFamilyShared = row["familyShared"]
        consumptionRequestReason = (row["consumptionRequestReason"] as String?).map(ConsumptionRequestReason.init(rawValue:))
        extra = row["extra"]
        storeTime = Date(timeIntervalSince1970: row["storeTime"])
        wallTime = Date(timeIntervalSince1970: row["wallTime"])
        url = row["url"]
        status = DeliveryStatus(rawValue: row["status"]) ?? .pending
        attempts = row["attempts"]
        nextAttempt = (row["nextAttempt"] as Double?).map(Date.init(timeIntervalSince1970:))
        lastHTTPStatus = row["lastHTTPStatus"]
        lastResult = (row["lastResult"] as String?).map(SendAttemptResult.init(rawValue:))
        signedPayload = row["signedPayload"]
    }
}

/// One attempt to send a notification (`sendAttemptItem`).
public struct SendAttempt: Sendable, Hashable, Codable {
    /// `attemptDate`: wall time of the attempt.
    public var attemptDate: Date
    /// Store time of the attempt (what the retry schedule counts in).
    public var storeTime: Date
    public var result: SendAttemptResult
    /// The receiver's HTTP status, when it answered.
    public var httpStatus: Int?

    public init(attemptDate: Date, storeTime: Date, result: SendAttemptResult, httpStatus: Int?) {
        self.attemptDate = attemptDate
        self.storeTime = storeTime
        self.result = result
        self.httpStatus = httpStatus
    }

    init(row: Row) {
        attemptDate = Date(timeIntervalSince1970: row["attemptDate"])
        storeTime = Date(timeIntervalSince1970: row["storeTime"])
        result = SendAttemptResult(rawValue: row["result"])
        httpStatus = row["httpStatus"]
    }
}

/// A notification with its attempts, oldest first: one item of Get Notification History, or
/// the answer of Get Test Notification Status.
public struct NotificationRecord: Sendable, Hashable, Codable {
    public var notification: OutboxNotification
    public var attempts: [SendAttempt]
}

/// A notification claimed for delivery, with what its payload is built from: the transaction
/// and the subscription's status as the ledger holds them at the claim.
public struct OutboxDelivery: Sendable, Hashable {
    public var notification: OutboxNotification
    /// The transaction (a family member's copy for `isFamilyShared`), if the notification has one.
    public var transaction: Transaction?
    /// The subscription's status, for `signedRenewalInfo`, if the notification concerns one.
    public var subscription: SubscriptionStatus?
    /// The claim's owner, to record the attempt under.
    public var owner: String
    /// The account's app transaction, for a RESCIND_CONSENT's `appData`; nil before any app
    /// launched on the ledger.
    public var appTransaction: AppTransactionRecord? = nil
}
