import AppStoreServer
import Foundation
import MockStore

/// A purchase, renewal or restore, as StoreKit 2's `Transaction`: a value read from the store at
/// one moment; ask again (or listen to `updates`) to see a later state.
public struct Transaction: Identifiable, Equatable, Hashable, Sendable {
    public typealias ID = UInt64

    public let id: UInt64
    public let originalID: UInt64
    public let webOrderLineItemID: String?
    public let productID: String
    public let subscriptionGroupID: String?
    public let appBundleID: String
    public let purchaseDate: Date
    public let originalPurchaseDate: Date
    public let expirationDate: Date?
    public let purchasedQuantity: Int
    public let isUpgraded: Bool
    public let offer: Transaction.Offer?
    public let revocationDate: Date?
    public let revocationReason: Transaction.RevocationReason?
    public let revocationType: Transaction.RevocationType?
    /// The percentage refunded, 0 to 100 (100 for a full refund); nil unless refunded.
    public let revocationPercentage: Decimal?
    public let productType: Product.ProductType
    public let appAccountToken: UUID?
    public let environment: AppStore.Environment
    public let reason: Transaction.Reason
    public let storefront: Storefront
    /// What was charged: the offer price during an offer.
    public let price: Decimal?
    public let currency: Locale.Currency?
    /// Empty: a transaction record does not say which device reads it, which the hash needs.
    public let deviceVerification: Data
    public let deviceVerificationNonce: UUID
    public let ownershipType: Transaction.OwnershipType
    public let signedDate: Date
    public let appTransactionID: String
    /// `.monthly` on a payment of a monthly plan with a 12-month commitment; nil when billed up front.
    public let billingPlanType: Product.SubscriptionInfo.BillingPlanType?
    /// The payment's place in its commitment; nil outside one.
    public let commitmentInfo: Transaction.CommitmentInfo?
    /// The record as the payload is built from it (without the device's bookkeeping), and
    /// where it says it comes from.
    private let record: MockStore.Transaction
    let signedDataContext: SignedDataContext

    @available(*, deprecated, renamed: "storefront.countryCode")
    public var storefrontCountryCode: String { storefront.countryCode }
    @available(*, deprecated, renamed: "currency")
    public var currencyCode: String? { currency?.identifier }
    @available(*, deprecated, renamed: "offer.id")
    public var offerID: String? { offer?.id }
    @available(*, deprecated, renamed: "offer.type")
    public var offerType: Transaction.OfferType? { offer?.type }
    @available(*, deprecated, renamed: "offer.paymentMode")
    public var offerPaymentModeStringRepresentation: String? { offer?.paymentMode?.rawValue }

    /// The transaction as this process's store signs it (`AppStoreHost.signedDataContext`).
    package init(_ record: MockStore.Transaction, context: SignedDataContext = AppStoreHost.signedDataContext) {
        var kept = record
        (kept.device, kept.isFinished, kept.verificationError) = (nil, false, nil)
        self.record = kept
        signedDataContext = context
        id = record.id
        originalID = record.originalID
        webOrderLineItemID = SignedPayload.webOrderLineItemID(of: record)
        productID = record.productID
        subscriptionGroupID = record.subscriptionGroupID
        appBundleID = context.bundleID
        purchaseDate = record.purchaseDate
        originalPurchaseDate = record.originalPurchaseDate
        expirationDate = record.expirationDate
        purchasedQuantity = record.purchasedQuantity
        isUpgraded = record.isUpgraded
        offer = record.offer.map(Transaction.Offer.init)
        revocationDate = record.revocationDate
        revocationReason = record.revocationReason.map(Transaction.RevocationReason.init)
        revocationType = record.revocationType.map(Transaction.RevocationType.init)
        revocationPercentage = record.revocationPercentage
        productType = Product.ProductType(record.productType)
        appAccountToken = record.appAccountToken
        environment = AppStore.Environment(rawValue: context.environment.rawValue)
        reason = record.reason == .renewal ? .renewal : .purchase
        storefront = Storefront(alpha3: record.storefrontCountryCode)
        price = record.price
        currency = record.currencyCode.map { Locale.Currency($0) }
        deviceVerification = Data()
        deviceVerificationNonce = SignedPayload.deviceVerificationNonce(of: record)
        ownershipType = record.ownershipType == .familyShared ? .familyShared : .purchased
        signedDate = record.signedDate
        appTransactionID = context.appTransactionID
        billingPlanType = record.billingPlanType.map(Product.SubscriptionInfo.BillingPlanType.init)
        commitmentInfo = record.commitmentInfo.map(Transaction.CommitmentInfo.init)
    }

    /// The transaction as the App Store's JSON payload (`JWSTransactionDecodedPayload`), the
    /// bytes `jwsRepresentation` signs.
    public var jsonRepresentation: Data { SignedPayload.transaction(record, context: signedDataContext) }

    /// `finish()`: tells the store the app delivered the content. Finishing twice is harmless.
    /// A failure cannot be returned (StoreKit's `finish()` does not throw): it is reported on
    /// standard error and in the store's event log.
    public func finish() async {
        guard let connection = AppStoreHost.reachable(during: "Transaction.finish()") else { return }
        do {
            try await connection.store.finish(transactionID: id)
        } catch {
            StoreKitReport.failure(error, during: "Transaction.finish() of transaction \(id)", connection: connection)
        }
    }

    /// The status of this transaction's subscription; nil for other products.
    public var subscriptionStatus: Product.SubscriptionInfo.Status? {
        get async {
            guard let group = subscriptionGroupID else { return nil }
            let statuses = (try? await Product.SubscriptionInfo.status(for: group)) ?? []
            return statuses.first { $0.transaction.unsafePayloadValue.originalID == originalID } ?? statuses.first
        }
    }
}

extension Transaction: CustomDebugStringConvertible {
    public var debugDescription: String { String(decoding: jsonRepresentation, as: UTF8.self) }
}

extension Transaction: JSONPayload {}
