import Foundation
import Testing
import TollboothStoreKit

// The StoreKit 2 members common app code uses, each used the way apps use it, with Apple's
// exact types (https://developer.apple.com/documentation/storekit). The functions below are
// never called: that this file compiles, without warnings, is the test. A member whose name,
// type, `async` or `throws` differs from Apple's breaks the build (or adds a warning: an
// `await` or `try` with nothing to await or throw), so app code that compiles against StoreKit
// compiles against TollboothStoreKit unchanged.
//
// Left out on purpose, because they need a window scene or view controller that Linux has no
// equivalent of (apps call them from UI code):
// - `Product.purchase(confirmIn:options:)` (UIScene / NSWindow)
// - `Transaction.beginRefundRequest(for:in:)`, `transaction.beginRefundRequest(in:)`
//   (UIWindowScene / NSViewController)
// - `AppStore.showManageSubscriptions(in:)`, `showManageSubscriptions(in:subscriptionGroupID:)`,
//   `AppStore.presentOfferCodeRedeemSheet(in:)`, `AppStore.requestReview(in:)` (UIWindowScene)
// And `VerificationResult.signature` (a CryptoKit `P256.Signing.ECDSASignature`): CryptoKit is
// Apple's only; servers verify the JWS (`jwsRepresentation`) instead.

// MARK: Product — https://developer.apple.com/documentation/storekit/product

private func loadingProducts() async throws {
    let ids = ["com.example.monthly", "com.example.lifetime"]
    let fromArray: [Product] = try await Product.products(for: ids)
    let fromSet: [Product] = try await Product.products(for: Set(ids))
    let fromLiteral = try await Product.products(for: ["com.example.monthly"])
    _ = (fromArray, fromSet, fromLiteral)
}

private func readingAProduct(_ product: Product) async {
    let _: Product.ID = product.id
    let _: String = product.id
    let _: Product.ProductType = product.type
    let _: String = product.displayName
    let _: String = product.description
    let _: Decimal = product.price
    let _: String = product.displayPrice
    let _: Bool = product.isFamilyShareable
    let _: Product.SubscriptionInfo? = product.subscription
    let _: Data = product.jsonRepresentation
    let _: String = product.debugDescription
    let _: VerificationResult<Transaction>? = await product.latestTransaction
    let _: Transaction.Transactions = product.currentEntitlements
    let perMonth = product.price / 12
    let _: String = perMonth.formatted(product.priceFormatStyle)
    let _: Decimal.FormatStyle.Currency = product.priceFormatStyle
    // Apple's type is Date.ComponentsFormatStyle, which Foundation on Linux declares but cannot
    // format with; ours formats the same Range<Date>. Code that passes it to `formatted`, as
    // below, compiles unchanged; code that names its type does not.
    let _ = product.subscriptionPeriodFormatStyle
    let _: Product.SubscriptionPeriod.Unit.FormatStyle = product.subscriptionPeriodUnitFormatStyle
    if let period = product.subscription?.subscriptionPeriod {
        let _: String = period.formatted(product.subscriptionPeriodFormatStyle)
        let _: String = period.unit.formatted(product.subscriptionPeriodUnitFormatStyle)
    }
    // Products are values apps keep in sets and dictionaries and hand across tasks.
    let _: Set<Product> = [product]
    let _: [Product.ID: Product] = [product.id: product]
    let sendable: any Sendable = product
    _ = sendable
}

private func productTypes(_ product: Product) -> String {
    let _: Product.ProductType = Product.ProductType(rawValue: "Consumable")
    let _: String = product.type.rawValue
    let _: String = product.type.localizedDescription
    switch product.type {
    case .consumable: return "consumable"
    case .nonConsumable: return "non-consumable"
    case .nonRenewable: return "non-renewing subscription"
    case .autoRenewable: return "subscription"
    default: return "other"
    }
}

// MARK: Purchasing — https://developer.apple.com/documentation/storekit/product/purchase(options:)

@MainActor
private func purchasing(_ product: Product, offer: Product.SubscriptionOffer) async throws -> Transaction? {
    let _: (Set<Product.PurchaseOption>) async throws -> Product.PurchaseResult = product.purchase(options:)
    let result: Product.PurchaseResult = try await product.purchase()
    _ = try await product.purchase(options: [
        .appAccountToken(UUID()),
        .quantity(2),
        .simulatesAskToBuyInSandbox(true),
        .custom(key: "source", value: "paywall"),
        .custom(key: "discount", value: 0.5),
        .custom(key: "firstLaunch", value: true),
        .custom(key: "blob", value: Data()),
        .onStorefrontChange { storefront in storefront.countryCode == "USA" },
        .winBackOffer(offer),
        .introductoryOfferEligibility(compactJWS: "header.payload.signature"),
        .promotionalOffer(offerID: "offer", keyID: "key", nonce: UUID(), signature: Data(), timestamp: 0),
    ])
    let signed: Set<Product.PurchaseOption> = Set(Product.PurchaseOption.promotionalOffer("offer", compactJWS: "jws"))
    _ = try await product.purchase(options: signed.union([.appAccountToken(UUID())]))
    let _: [Product.PurchaseOption] = Product.PurchaseOption.promotionalOffer("offer", compactJWS: "jws")

    switch result {
    case .success(let verification):
        switch verification {
        case .verified(let transaction):
            await transaction.finish()
            return transaction
        case .unverified(_, let error):
            let _: VerificationResult<Transaction>.VerificationError = error
            return nil
        }
    case .pending:
        return nil
    case .userCancelled:
        return nil
    @unknown default:
        return nil
    }
}

private func purchaseErrors(_ error: any Error) -> String {
    switch error {
    case let error as Product.PurchaseError:
        switch error {
        case .invalidQuantity: return "invalid quantity"
        case .productUnavailable: return "unavailable"
        case .purchaseNotAllowed: return "not allowed"
        case .ineligibleForOffer: return "ineligible"
        case .invalidOfferIdentifier: return "offer id"
        case .invalidOfferPrice: return "offer price"
        case .invalidOfferSignature: return "offer signature"
        case .missingOfferParameters: return "offer parameters"
        @unknown default: return "purchase error"
        }
    default:
        return error.localizedDescription
    }
}

// MARK: Subscriptions — https://developer.apple.com/documentation/storekit/product/subscriptioninfo

private func subscriptionInfo(_ product: Product) async throws {
    guard let subscription = product.subscription else { return }
    let _: Product.SubscriptionOffer? = subscription.introductoryOffer
    let _: [Product.SubscriptionOffer] = subscription.promotionalOffers
    let _: [Product.SubscriptionOffer] = subscription.winBackOffers
    let _: String = subscription.subscriptionGroupID
    let _: Product.SubscriptionPeriod = subscription.subscriptionPeriod
    let _: Int = subscription.groupLevel
    let _: String = subscription.groupDisplayName
    let _: Bool = await subscription.isEligibleForIntroOffer
    let _: Bool = await Product.SubscriptionInfo.isEligibleForIntroOffer(for: subscription.subscriptionGroupID)
    let statuses: [Product.SubscriptionInfo.Status] = try await subscription.status
    let _: [Product.SubscriptionInfo.Status] = try await Product.SubscriptionInfo.status(for: subscription.subscriptionGroupID)
    let _: [Product.SubscriptionInfo.Status]? = try await product.subscription?.status
    for status in statuses {
        try subscriptionStatus(status)
    }
}

private func subscriptionStatus(_ status: Product.SubscriptionInfo.Status) throws {
    let _: Product.SubscriptionInfo.RenewalState = status.state
    let _: VerificationResult<Transaction> = status.transaction
    let _: VerificationResult<Product.SubscriptionInfo.RenewalInfo> = status.renewalInfo
    let renewalInfo = try status.renewalInfo.payloadValue
    let _: Int = status.state.rawValue
    let _: String = status.state.localizedDescription
    switch status.state {
    case .subscribed, .inGracePeriod:
        _ = renewalInfo.willAutoRenew
    case .inBillingRetryPeriod, .expired, .revoked:
        _ = renewalInfo.expirationReason
    default:
        break
    }
}

private func statusSequences() async {
    let _: Product.SubscriptionInfo.Status.Statuses = Product.SubscriptionInfo.Status.updates
    for await status in Product.SubscriptionInfo.Status.updates {
        let _: Product.SubscriptionInfo.Status = status
    }
    for await (groupID, statuses) in Product.SubscriptionInfo.Status.all {
        let _: String = groupID
        let _: [Product.SubscriptionInfo.Status] = statuses
    }
}

// MARK: RenewalInfo — https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo

private func renewalInfo(_ info: Product.SubscriptionInfo.RenewalInfo) {
    let _: Data = info.jsonRepresentation
    let _: UInt64 = info.originalTransactionID
    let _: String = info.currentProductID
    let _: Bool = info.willAutoRenew
    let _: String? = info.autoRenewPreference
    let _: Product.SubscriptionInfo.RenewalInfo.ExpirationReason? = info.expirationReason
    let _: Product.SubscriptionInfo.RenewalInfo.PriceIncreaseStatus = info.priceIncreaseStatus
    let _: Bool = info.isInBillingRetry
    let _: Date? = info.gracePeriodExpirationDate
    let _: Transaction.Offer? = info.offer
    let _: AppStore.Environment = info.environment
    let _: Date = info.recentSubscriptionStartDate
    let _: Date? = info.renewalDate
    let _: Decimal? = info.renewalPrice
    let _: Locale.Currency? = info.currency
    let _: [String] = info.eligibleWinBackOfferIDs
    let _: UUID? = info.appAccountToken
    let _: Data = info.deviceVerification
    let _: UUID = info.deviceVerificationNonce
    let _: Date = info.signedDate
    let _: String = info.debugDescription

    switch info.expirationReason {
    case .autoRenewDisabled?: break
    case .billingError?: break
    case .didNotConsentToPriceIncrease?: break
    case .productUnavailable?: break
    case .unknown?: break
    case nil: break
    default: break
    }
    switch info.priceIncreaseStatus {
    case .noIncreasePending, .pending, .agreed: break
    }
}

// MARK: Periods and offers — https://developer.apple.com/documentation/storekit/product/subscriptionperiod
// and https://developer.apple.com/documentation/storekit/product/subscriptionoffer

private func periodsAndOffers(_ period: Product.SubscriptionPeriod, _ offer: Product.SubscriptionOffer) -> String {
    let _: Product.SubscriptionPeriod.Unit = period.unit
    let _: Int = period.value
    let _: [Product.SubscriptionPeriod] = [.weekly, .monthly, .yearly, .everyThreeDays, .everyTwoWeeks,
                                           .everyTwoMonths, .everyThreeMonths, .everySixMonths]
    let _: Range<Date> = period.dateRange()
    let _: String = period.unit.localizedDescription
    let _: Bool = Product.SubscriptionPeriod.Unit.day < .year
    let _: String = period.debugDescription

    let _: String? = offer.id
    let _: Product.SubscriptionOffer.OfferType = offer.type
    let _: Decimal = offer.price
    let _: String = offer.displayPrice
    let _: Product.SubscriptionPeriod = offer.period
    let _: Int = offer.periodCount
    let _: Product.SubscriptionOffer.PaymentMode = offer.paymentMode
    let _: String = offer.type.rawValue
    let _: String = offer.paymentMode.rawValue
    switch offer.type {
    case .introductory, .promotional, .winBack: break
    default: break
    }

    let unit: String
    switch period.unit {
    case .day: unit = "day"
    case .week: unit = "week"
    case .month: unit = "month"
    case .year: unit = "year"
    @unknown default: unit = "period"
    }
    switch offer.paymentMode {
    case .freeTrial: return "\(offer.periodCount * period.value)-\(unit) free trial"
    case .payAsYouGo: return "\(offer.displayPrice) per \(unit)"
    case .payUpFront: return "\(offer.displayPrice) up front"
    default: return ""
    }
}

// MARK: Transaction — https://developer.apple.com/documentation/storekit/transaction

private func readingATransaction(_ transaction: Transaction) async {
    let _: Transaction.ID = transaction.id
    let _: UInt64 = transaction.id
    let _: UInt64 = transaction.originalID
    let _: String? = transaction.webOrderLineItemID
    let _: String = transaction.productID
    let _: String? = transaction.subscriptionGroupID
    let _: String = transaction.appBundleID
    let _: Date = transaction.purchaseDate
    let _: Date = transaction.originalPurchaseDate
    let _: Date? = transaction.expirationDate
    let _: Int = transaction.purchasedQuantity
    let _: Bool = transaction.isUpgraded
    let _: Transaction.Offer? = transaction.offer
    let _: Date? = transaction.revocationDate
    let _: Transaction.RevocationReason? = transaction.revocationReason
    let _: Product.ProductType = transaction.productType
    let _: UUID? = transaction.appAccountToken
    let _: AppStore.Environment = transaction.environment
    let _: Transaction.Reason = transaction.reason
    let _: Storefront = transaction.storefront
    let _: Decimal? = transaction.price
    let _: Locale.Currency? = transaction.currency
    let _: Data = transaction.deviceVerification
    let _: UUID = transaction.deviceVerificationNonce
    let _: Transaction.OwnershipType = transaction.ownershipType
    let _: Date = transaction.signedDate
    let _: Data = transaction.jsonRepresentation
    let _: String = transaction.debugDescription
    let _: String = transaction.appTransactionID
    let _: Product.SubscriptionInfo.Status? = await transaction.subscriptionStatus
    let _: Set<Transaction> = [transaction]
    let sendable: any Sendable = transaction
    _ = sendable

    if let offer = transaction.offer {
        let _: String? = offer.id
        let _: Transaction.OfferType = offer.type
        let _: Transaction.Offer.PaymentMode? = offer.paymentMode
        let _: Product.SubscriptionPeriod? = offer.period
        switch offer.paymentMode {
        case .freeTrial?, .payAsYouGo?, .payUpFront?, nil: break
        default: break
        }
    }
}

private func transactionValueSets(_ transaction: Transaction) {
    switch transaction.offer?.type {
    case .introductory?, .promotional?, .code?, .winBack?, nil: break
    default: break
    }
    let _: Int? = transaction.offer?.type.rawValue
    switch transaction.ownershipType {
    case .purchased, .familyShared: break
    default: break
    }
    switch transaction.reason {
    case .purchase, .renewal: break
    default: break
    }
    switch transaction.revocationReason {
    case .developerIssue?, .other?, nil: break
    default: break
    }
    switch transaction.environment {
    case .production, .sandbox, .xcode: break
    default: break
    }
}

private func transactionSequences() async {
    for await result in Transaction.updates {
        guard case .verified(let transaction) = result else { continue }
        await transaction.finish()
    }
    var entitled: Set<String> = []
    for await result in Transaction.currentEntitlements {
        if case .verified(let transaction) = result, transaction.revocationDate == nil {
            entitled.insert(transaction.productID)
        }
    }
    for await result in Transaction.all {
        let _: VerificationResult<Transaction> = result
    }
    for await result in Transaction.unfinished {
        await result.unsafePayloadValue.finish()
    }
    for await result in Transaction.currentEntitlements(for: "com.example.lifetime") {
        let _: VerificationResult<Transaction> = result
    }
    for await result in Transaction.all(for: "com.example.lifetime") {
        let _: VerificationResult<Transaction> = result
    }
    let _: VerificationResult<Transaction>? = await Transaction.latest(for: "com.example.lifetime")
    let sequence: Transaction.Transactions = Transaction.updates
    var iterator = sequence.makeAsyncIterator()
    let _: VerificationResult<Transaction>? = await iterator.next()
}

private func refundRequestValues(_ error: Transaction.RefundRequestError, _ status: Transaction.RefundRequestStatus) {
    switch error {
    case .duplicateRequest, .failed: break
    @unknown default: break
    }
    switch status {
    case .success, .userCancelled: break
    @unknown default: break
    }
}

/// A listener apps start at launch and keep (Apple's sample code keeps the task in a property).
private func listenerTask() -> Task<Void, Never> {
    Task.detached {
        for await update in Transaction.updates {
            if let transaction = try? update.payloadValue {
                await transaction.finish()
            }
        }
    }
}

// MARK: VerificationResult — https://developer.apple.com/documentation/storekit/verificationresult

private func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
    switch result {
    case .unverified(_, let error):
        throw error
    case .verified(let value):
        return value
    }
}

private func verification(_ result: VerificationResult<Transaction>) throws {
    let _: Transaction = try result.payloadValue
    let _: Transaction = result.unsafePayloadValue
    let _: Transaction = try checkVerified(result)
    let _: String = result.jwsRepresentation
    let _: Data = result.headerData
    let _: Data = result.payloadData
    let _: Data = result.signatureData
    let _: Data = result.signedData
    let _: Date = result.signedDate
    let _: Data = result.deviceVerification
    let _: UUID = result.deviceVerificationNonce
}

private func verificationErrors(_ error: VerificationResult<Transaction>.VerificationError) -> String {
    let _: any Error = error
    switch error {
    case .revokedCertificate: return "revoked certificate"
    case .invalidCertificateChain: return "invalid certificate chain"
    case .invalidDeviceVerification: return "invalid device verification"
    case .invalidEncoding: return "invalid encoding"
    case .invalidSignature: return "invalid signature"
    case .missingRequiredProperties: return "missing properties"
    @unknown default: return error.localizedDescription
    }
}

// MARK: AppStore — https://developer.apple.com/documentation/storekit/appstore

private func appStore() async throws {
    let _: Bool = AppStore.canMakePayments
    let _: UUID? = AppStore.deviceVerificationID
    try await AppStore.sync()
    let _: String = AppStore.Environment.production.rawValue
}

// MARK: StoreKitError — https://developer.apple.com/documentation/storekit/storekiterror

private func storeKitErrors(_ error: any Error) -> String {
    guard let error = error as? StoreKitError else { return "" }
    switch error {
    case .unknown: return "unknown"
    case .userCancelled: return "cancelled"
    case .networkError(let urlError):
        let _: URLError = urlError
        return urlError.code == .notConnectedToInternet ? "offline" : "network"
    case .systemError(let underlying):
        let _: any Error = underlying
        return "system"
    case .notAvailableInStorefront: return "storefront"
    case .notEntitled: return "not entitled"
    case .unsupported: return "unsupported"
    @unknown default: return error.localizedDescription
    }
}

// MARK: AppTransaction — https://developer.apple.com/documentation/storekit/apptransaction

private func appTransaction() async throws {
    let shared: VerificationResult<AppTransaction> = try await AppTransaction.shared
    let _: VerificationResult<AppTransaction> = try await AppTransaction.refresh()
    guard case .verified(let app) = shared else { return }
    let _: Data = app.jsonRepresentation
    let _: UInt64? = app.appID
    let _: String = app.appVersion
    let _: UInt64? = app.appVersionID
    let _: String = app.bundleID
    let _: AppStore.Environment = app.environment
    let _: String = app.originalAppVersion
    let _: Date = app.originalPurchaseDate
    let _: Date? = app.preorderDate
    let _: Data = app.deviceVerification
    let _: UUID = app.deviceVerificationNonce
    let _: Date = app.signedDate
    let _: String = app.appTransactionID
    let _: String = shared.jwsRepresentation
}

// MARK: Storefront — https://developer.apple.com/documentation/storekit/storefront

private func storefront() async {
    guard let storefront: Storefront = await Storefront.current else { return }
    let _: String = storefront.countryCode
    let _: Storefront.ID = storefront.id
    let _: String = storefront.id
    let _: Locale.Currency? = storefront.currency
    for await changed in Storefront.updates {
        let _: Storefront = changed
    }
}

// MARK: Deprecated members existing apps still call
// Compiled inside a deprecated function, so that using them is not a warning here.

@available(*, deprecated, message: "uses members Apple deprecated; apps still call them")
private func deprecatedMembers(_ product: Product) async {
    let _: VerificationResult<Transaction>? = await Transaction.currentEntitlement(for: product.id)
    let _: VerificationResult<Transaction>? = await product.currentEntitlement
}

@available(*, deprecated, message: "uses members Apple deprecated; apps still call them")
@MainActor
private func deprecatedPurchaseOptions(_ product: Product) async throws {
    let signature = Product.SubscriptionOffer.Signature(keyID: "key", nonce: UUID(), timestamp: 0, signature: Data())
    _ = try await product.purchase(options: [.promotionalOffer(offerID: "offer", signature: signature)])
}

// MARK: - Behaviour apps rely on, cheap to check at run time

@Suite struct CommonStoreKitCodeTests {
    @Test func payloadValueThrowsTheErrorOfAnUnverifiedResult() throws {
        let result = VerificationResult<String>.unverified("receipt", .invalidSignature)
        #expect(throws: VerificationResult<String>.VerificationError.invalidSignature) {
            try result.payloadValue
        }
        #expect(result.unsafePayloadValue == "receipt")
        #expect(try VerificationResult<String>.verified("receipt").payloadValue == "receipt")
    }

    @Test func aNetworkErrorCarriesItsURLError() {
        let error: any Error = StoreKitError.networkError(URLError(.notConnectedToInternet))
        #expect(storeKitErrors(error) == "offline")
    }

    @Test func valueSetsCompareByValue() {
        #expect(Product.ProductType.autoRenewable != .nonConsumable)
        #expect(Product.SubscriptionInfo.RenewalState.subscribed != .expired)
        #expect(Product.ProductType(rawValue: Product.ProductType.consumable.rawValue) == .consumable)
    }
}
