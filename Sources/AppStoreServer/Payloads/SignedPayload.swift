import Foundation
import MockStore

/// The App Store's JSON payloads over the store's records, in one place: the App Store Server
/// API, the notifications, `tollbooth txn signed` and an app's `jwsRepresentation` and
/// `jsonRepresentation` are the same bytes.
///
/// Field names, types and values are Apple's (App Store Server API, `JWSTransactionDecodedPayload`,
/// `JWSRenewalInfoDecodedPayload`, `AppTransaction`): identifiers are strings, dates integer
/// milliseconds since 1970, prices integer milliunits (4.99 → 4990), enumerations Apple's
/// numbers or upper-case names. A field that does not apply is left out (`appAccountToken` when
/// the purchase set none, `expiresDate` of a one-time purchase).
public enum SignedPayload {
    /// `JWSTransactionDecodedPayload`.
    public static func transaction(_ t: MockStore.Transaction, context: SignedDataContext) -> Data {
        var json = PayloadJSON()
        json.set("transactionId", String(t.id))
        json.set("originalTransactionId", String(t.originalID))
        json.set("webOrderLineItemId", webOrderLineItemID(of: t))
        json.set("bundleId", context.bundleID)
        json.set("productId", t.productID)
        json.set("subscriptionGroupIdentifier", t.subscriptionGroupID)
        json.set("purchaseDate", t.purchaseDate)
        json.set("originalPurchaseDate", t.originalPurchaseDate)
        json.set("expiresDate", t.expirationDate)
        json.set("quantity", t.purchasedQuantity)
        json.set("type", productType(t.productType))
        json.set("appAccountToken", t.appAccountToken?.uuidString.lowercased())
        json.set("inAppOwnershipType", t.ownershipType == .familyShared ? "FAMILY_SHARED" : "PURCHASED")
        json.set("signedDate", t.signedDate)
        json.set("revocationDate", t.revocationDate)
        json.set("revocationReason", t.revocationReason.map(revocationReason))
        json.set("revocationType", t.revocationType.map(revocationType))
        // A percentage in milliunits, as prices are (100% → 100000).
        json.set("revocationPercentage", price: t.revocationPercentage)
        json.set("isUpgraded", t.isUpgraded ? true : nil)
        json.set("offerType", t.offer.map { offerType($0.type) })
        json.set("offerIdentifier", t.offer?.id)
        // Apple: ONE_TIME is the discount of an offer on a consumable, non-consumable or
        // non-renewing subscription; the others are auto-renewable subscriptions' payment modes.
        json.set("offerDiscountType", t.offer.flatMap { t.productType == .autoRenewable ? $0.paymentMode.map(offerDiscountType) : "ONE_TIME" })
        json.set("offerPeriod", t.offer == nil ? nil : t.offerPeriod?.iso8601)
        json.set("environment", context.environment.rawValue)
        json.set("transactionReason", t.reason == .renewal ? "RENEWAL" : "PURCHASE")
        json.set("storefront", t.storefrontCountryCode)
        json.set("storefrontId", Storefront(alpha3: t.storefrontCountryCode)?.id)
        json.set("price", price: t.price)
        json.set("currency", t.currencyCode)
        json.set("deviceVerificationNonce", deviceVerificationNonce(of: t).uuidString.lowercased())
        json.set("appTransactionId", context.appTransactionID)
        // Present only on a payment of a billing plan with a commitment: a subscription billed
        // up front is written as before billing plans existed.
        json.set("billingPlanType", t.billingPlanType?.rawValue)
        json.set("commitmentInfo", t.commitmentInfo.map(transactionCommitmentInfo))
        return json.data
    }

    /// `TransactionCommitmentInfo`: the price in milliunits, the date in milliseconds.
    static func transactionCommitmentInfo(_ c: MockStore.Transaction.CommitmentInfo) -> PayloadJSON {
        var json = PayloadJSON()
        json.set("billingPeriodNumber", c.billingPeriodNumber)
        json.set("totalBillingPeriods", c.totalBillingPeriods)
        json.set("commitmentPrice", price: c.price)
        json.set("commitmentExpiresDate", c.expirationDate)
        return json
    }

    /// `RenewalCommitmentInfo`.
    static func renewalCommitmentInfo(_ c: RenewalInfo.CommitmentInfo) -> PayloadJSON {
        var json = PayloadJSON()
        json.set("commitmentRenewalDate", c.renewalDate)
        json.set("commitmentRenewalPrice", price: c.renewalPrice)
        json.set("commitmentAutoRenewProductId", c.autoRenewPreference)
        json.set("commitmentAutoRenewStatus", c.willAutoRenew ? 1 : 0)
        json.set("commitmentRenewalBillingPlanType", c.renewalBillingPlanType.rawValue)
        return json
    }

    /// `JWSRenewalInfoDecodedPayload` of a subscription.
    public static func renewalInfo(_ status: SubscriptionStatus, context: SignedDataContext) -> Data {
        let info = status.renewalInfo
        var json = PayloadJSON()
        json.set("originalTransactionId", String(info.originalTransactionID))
        json.set("productId", info.currentProductID)
        // Apple names the product of the next period even when auto-renew is off.
        json.set("autoRenewProductId", info.autoRenewPreference ?? info.currentProductID)
        json.set("autoRenewStatus", info.willAutoRenew ? 1 : 0)
        json.set("expirationIntent", info.expirationReason.map(expirationIntent))
        json.set("isInBillingRetryPeriod", info.isInBillingRetry)
        json.set("gracePeriodExpiresDate", info.gracePeriodExpirationDate)
        json.set("priceIncreaseStatus", priceIncreaseStatus(info.priceIncreaseStatus))
        json.set("environment", context.environment.rawValue)
        json.set("recentSubscriptionStartDate", info.recentSubscriptionStartDate ?? renewalSignedDate(status))
        json.set("renewalDate", info.renewalDate)
        json.set("renewalPrice", price: info.renewalPrice)
        json.set("currency", info.currencyCode)
        json.set("eligibleWinBackOfferIds", info.eligibleWinBackOfferIDs.isEmpty ? nil : info.eligibleWinBackOfferIDs)
        // The offer the next period renews with (Apple: when the renewal has one).
        json.set("offerType", info.offer.map { offerType($0.type) })
        json.set("offerIdentifier", info.offer?.id)
        json.set("offerDiscountType", info.offer?.paymentMode.map(offerDiscountType))
        json.set("offerPeriod", info.offer == nil ? nil : info.offerPeriod?.iso8601)
        json.set("appAccountToken", status.transaction.appAccountToken?.uuidString.lowercased())
        json.set("signedDate", renewalSignedDate(status))
        json.set("appTransactionId", context.appTransactionID)
        json.set("renewalBillingPlanType", info.renewalBillingPlanType?.rawValue)
        json.set("commitmentInfo", info.commitmentInfo.map(renewalCommitmentInfo))
        return json.data
    }

    /// The app transaction's payload (Apple's `AppTransaction`); `receiptType` is the environment.
    public static func appTransaction(_ record: AppTransactionRecord, context: SignedDataContext) -> Data {
        var json = PayloadJSON()
        json.set("bundleId", record.bundleID)
        json.set("applicationVersion", record.appVersion)
        json.set("originalApplicationVersion", record.originalAppVersion)
        json.set("originalPurchaseDate", record.originalPurchaseDate)
        json.set("receiptType", context.environment.rawValue)
        json.set("receiptCreationDate", record.signedDate)
        json.set("requestDate", record.signedDate)
        json.set("deviceVerification", record.deviceVerification.isEmpty ? nil : record.deviceVerification.base64EncodedString())
        json.set("deviceVerificationNonce", record.deviceVerificationNonce.uuidString.lowercased())
        json.set("appTransactionId", record.appTransactionID)
        json.set("originalPlatform", "iOS")
        return json.data
    }

    // MARK: - Values the app's StoreKit values share with the payloads

    /// `webOrderLineItemId` (`Transaction.lineItemID` says which).
    public static func webOrderLineItemID(of t: MockStore.Transaction) -> String? { t.lineItemID }

    /// A transaction's `deviceVerificationNonce`, the same each time it is read.
    public static func deviceVerificationNonce(of t: MockStore.Transaction) -> UUID {
        StableUUID.make("transaction \(t.id)")
    }

    /// A renewal info's `deviceVerificationNonce`.
    public static func deviceVerificationNonce(of status: SubscriptionStatus) -> UUID {
        StableUUID.make("renewal \(status.renewalInfo.originalTransactionID) \(renewalSignedDate(status).timeIntervalSince1970)")
    }

    /// A renewal info is signed with its latest transaction.
    public static func renewalSignedDate(_ status: SubscriptionStatus) -> Date { status.transaction.signedDate }

    // MARK: - Apple's enumerations

    /// `type`: Apple's product type names.
    public static func productType(_ type: ProductType) -> String {
        switch type {
        case .consumable: "Consumable"
        case .nonConsumable: "Non-Consumable"
        case .nonRenewable: "Non-Renewing Subscription"
        case .autoRenewable: "Auto-Renewable Subscription"
        default: type.rawValue
        }
    }

    /// `offerType`: 1 introductory, 2 promotional, 3 offer code, 4 win-back.
    public static func offerType(_ type: OfferType) -> Int {
        switch type {
        case .introductory: 1
        case .promotional: 2
        case .code: 3
        default: 4
        }
    }

    /// `offerDiscountType`.
    public static func offerDiscountType(_ mode: PaymentMode) -> String {
        switch mode {
        case .freeTrial: "FREE_TRIAL"
        case .payUpFront: "PAY_UP_FRONT"
        default: "PAY_AS_YOU_GO"
        }
    }

    /// `revocationReason`: 1 a problem in the app, 0 any other reason.
    public static func revocationReason(_ reason: RevocationReason) -> Int { reason == .developerIssue ? 1 : 0 }

    /// `revocationType`.
    public static func revocationType(_ type: RevocationType) -> String {
        switch type {
        case .proratedRefund: "REFUND_PRORATED"
        case .familyRevocation: "FAMILY_REVOKE"
        default: "REFUND_FULL"
        }
    }

    /// `expirationIntent`: 1 cancelled, 2 billing error, 3 no consent to a price increase,
    /// 4 product unavailable, 5 other.
    public static func expirationIntent(_ reason: ExpirationReason) -> Int {
        switch reason {
        case .autoRenewDisabled: 1
        case .billingError: 2
        case .didNotConsentToPriceIncrease: 3
        case .productUnavailable: 4
        default: 5
        }
    }

    /// `priceIncreaseStatus`: 0 not yet answered, 1 consented (or no consent needed); absent
    /// when no increase is pending.
    public static func priceIncreaseStatus(_ status: PriceIncreaseStatus) -> Int? {
        switch status {
        case .pending: 0
        case .agreed: 1
        default: nil
        }
    }
}
