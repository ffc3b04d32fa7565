// App Store Server Notifications v2, in Apple's own raw values (the App Store Server Library's
// `NotificationTypeV2`, `Subtype`, `SendAttemptResult` and `ConsumptionRequestReason`).

/// `notificationType`: the event an App Store Server Notification v2 reports.
public struct NotificationType: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let subscribed = NotificationType(rawValue: "SUBSCRIBED")
    public static let didChangeRenewalPref = NotificationType(rawValue: "DID_CHANGE_RENEWAL_PREF")
    public static let didChangeRenewalStatus = NotificationType(rawValue: "DID_CHANGE_RENEWAL_STATUS")
    public static let offerRedeemed = NotificationType(rawValue: "OFFER_REDEEMED")
    public static let didRenew = NotificationType(rawValue: "DID_RENEW")
    public static let expired = NotificationType(rawValue: "EXPIRED")
    public static let didFailToRenew = NotificationType(rawValue: "DID_FAIL_TO_RENEW")
    public static let gracePeriodExpired = NotificationType(rawValue: "GRACE_PERIOD_EXPIRED")
    public static let priceIncrease = NotificationType(rawValue: "PRICE_INCREASE")
    public static let refund = NotificationType(rawValue: "REFUND")
    public static let refundDeclined = NotificationType(rawValue: "REFUND_DECLINED")
    public static let consumptionRequest = NotificationType(rawValue: "CONSUMPTION_REQUEST")
    public static let renewalExtended = NotificationType(rawValue: "RENEWAL_EXTENDED")
    public static let revoke = NotificationType(rawValue: "REVOKE")
    public static let test = NotificationType(rawValue: "TEST")
    public static let renewalExtension = NotificationType(rawValue: "RENEWAL_EXTENSION")
    public static let refundReversed = NotificationType(rawValue: "REFUND_REVERSED")
    public static let externalPurchaseToken = NotificationType(rawValue: "EXTERNAL_PURCHASE_TOKEN")
    public static let oneTimeCharge = NotificationType(rawValue: "ONE_TIME_CHARGE")
    public static let rescindConsent = NotificationType(rawValue: "RESCIND_CONSENT")
    public static let metadataUpdate = NotificationType(rawValue: "METADATA_UPDATE")
    public static let migration = NotificationType(rawValue: "MIGRATION")
    public static let priceChange = NotificationType(rawValue: "PRICE_CHANGE")

    /// Every type Apple defines, in the library's order.
    public static let all: [NotificationType] = [
        .subscribed, .didChangeRenewalPref, .didChangeRenewalStatus, .offerRedeemed, .didRenew, .expired,
        .didFailToRenew, .gracePeriodExpired, .priceIncrease, .refund, .refundDeclined, .consumptionRequest,
        .renewalExtended, .revoke, .test, .renewalExtension, .refundReversed, .externalPurchaseToken,
        .oneTimeCharge, .rescindConsent, .metadataUpdate, .migration, .priceChange,
    ]

    public var description: String { rawValue }
}

/// `subtype`: what further describes some notification types.
public struct NotificationSubtype: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let initialBuy = NotificationSubtype(rawValue: "INITIAL_BUY")
    public static let resubscribe = NotificationSubtype(rawValue: "RESUBSCRIBE")
    public static let downgrade = NotificationSubtype(rawValue: "DOWNGRADE")
    public static let upgrade = NotificationSubtype(rawValue: "UPGRADE")
    public static let autoRenewEnabled = NotificationSubtype(rawValue: "AUTO_RENEW_ENABLED")
    public static let autoRenewDisabled = NotificationSubtype(rawValue: "AUTO_RENEW_DISABLED")
    public static let voluntary = NotificationSubtype(rawValue: "VOLUNTARY")
    public static let billingRetry = NotificationSubtype(rawValue: "BILLING_RETRY")
    public static let priceIncrease = NotificationSubtype(rawValue: "PRICE_INCREASE")
    public static let gracePeriod = NotificationSubtype(rawValue: "GRACE_PERIOD")
    public static let pending = NotificationSubtype(rawValue: "PENDING")
    public static let accepted = NotificationSubtype(rawValue: "ACCEPTED")
    public static let billingRecovery = NotificationSubtype(rawValue: "BILLING_RECOVERY")
    public static let productNotForSale = NotificationSubtype(rawValue: "PRODUCT_NOT_FOR_SALE")
    public static let summary = NotificationSubtype(rawValue: "SUMMARY")
    public static let failure = NotificationSubtype(rawValue: "FAILURE")
    public static let unreported = NotificationSubtype(rawValue: "UNREPORTED")

    /// Every subtype Apple defines, in the library's order.
    public static let all: [NotificationSubtype] = [
        .initialBuy, .resubscribe, .downgrade, .upgrade, .autoRenewEnabled, .autoRenewDisabled, .voluntary,
        .billingRetry, .priceIncrease, .gracePeriod, .pending, .accepted, .billingRecovery, .productNotForSale,
        .summary, .failure, .unreported,
    ]

    public var description: String { rawValue }
}

/// `sendAttemptResult`: how one attempt to POST a notification went, as Get Notification
/// History reports it.
public struct SendAttemptResult: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let success = SendAttemptResult(rawValue: "SUCCESS")
    public static let timedOut = SendAttemptResult(rawValue: "TIMED_OUT")
    public static let tlsIssue = SendAttemptResult(rawValue: "TLS_ISSUE")
    public static let circularRedirect = SendAttemptResult(rawValue: "CIRCULAR_REDIRECT")
    public static let noResponse = SendAttemptResult(rawValue: "NO_RESPONSE")
    public static let socketIssue = SendAttemptResult(rawValue: "SOCKET_ISSUE")
    public static let unsupportedCharset = SendAttemptResult(rawValue: "UNSUPPORTED_CHARSET")
    public static let invalidResponse = SendAttemptResult(rawValue: "INVALID_RESPONSE")
    public static let prematureClose = SendAttemptResult(rawValue: "PREMATURE_CLOSE")
    public static let unsuccessfulHTTPResponseCode = SendAttemptResult(rawValue: "UNSUCCESSFUL_HTTP_RESPONSE_CODE")
    public static let other = SendAttemptResult(rawValue: "OTHER")

    /// Apple counts an answer of 200 to 206 as delivered; anything else is retried.
    public static func forHTTPStatus(_ status: Int) -> SendAttemptResult {
        (200...206).contains(status) ? .success : .unsuccessfulHTTPResponseCode
    }

    public var description: String { rawValue }
}

/// `consumptionRequestReason`: why the customer asked for the refund behind a
/// `CONSUMPTION_REQUEST`.
public struct ConsumptionRequestReason: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let unintendedPurchase = ConsumptionRequestReason(rawValue: "UNINTENDED_PURCHASE")
    public static let fulfillmentIssue = ConsumptionRequestReason(rawValue: "FULFILLMENT_ISSUE")
    public static let unsatisfiedWithPurchase = ConsumptionRequestReason(rawValue: "UNSATISFIED_WITH_PURCHASE")
    public static let legal = ConsumptionRequestReason(rawValue: "LEGAL")
    public static let other = ConsumptionRequestReason(rawValue: "OTHER")

    public static let all: [ConsumptionRequestReason] = [.unintendedPurchase, .fulfillmentIssue, .unsatisfiedWithPurchase, .legal, .other]

    public var description: String { rawValue }
}

/// Where a notification in the outbox stands (Tollbooth's own states).
public enum DeliveryStatus: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Not yet delivered; an attempt is due at `nextAttempt` (store time).
    case pending
    /// The receiver answered 200–206.
    case delivered
    /// Every attempt of the retry schedule failed; only `resend` sends it again.
    case failed

    public var description: String { rawValue }
}
