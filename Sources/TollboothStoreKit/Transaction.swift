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
    public let productType: Product.ProductType
    public let appAccountToken: UUID?
    public let environment: AppStore.Environment
    public let reason: Transaction.Reason
    public let storefront: Storefront
    /// What was charged: the offer price during an offer.
    public let price: Decimal?
    public let currency: Locale.Currency?
    /// Empty: Tollbooth has no device key to hash the nonce with (see `SignedForm`).
    public let deviceVerification: Data
    public let deviceVerificationNonce: UUID
    public let ownershipType: Transaction.OwnershipType
    public let signedDate: Date
    public let appTransactionID: String

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

    package init(_ record: MockStore.Transaction) {
        id = record.id
        originalID = record.originalID
        webOrderLineItemID = record.webOrderLineItemID
        productID = record.productID
        subscriptionGroupID = record.subscriptionGroupID
        appBundleID = record.appBundleID
        purchaseDate = record.purchaseDate
        originalPurchaseDate = record.originalPurchaseDate
        expirationDate = record.expirationDate
        purchasedQuantity = record.purchasedQuantity
        isUpgraded = record.isUpgraded
        offer = record.offer.map(Transaction.Offer.init)
        revocationDate = record.revocationDate
        revocationReason = record.revocationReason.map(Transaction.RevocationReason.init)
        productType = Product.ProductType(record.productType)
        appAccountToken = record.appAccountToken
        environment = AppStore.Environment(record.environment)
        reason = record.reason == .renewal ? .renewal : .purchase
        storefront = Storefront(alpha3: record.storefrontCountryCode)
        price = record.price
        currency = record.currencyCode.map { Locale.Currency($0) }
        deviceVerification = Data()
        deviceVerificationNonce = StableUUID.make("transaction \(record.id)")
        ownershipType = record.ownershipType == .familyShared ? .familyShared : .purchased
        signedDate = record.signedDate
        appTransactionID = AppTransaction.identifier
    }

    /// The transaction as the App Store's JSON payload (`JWSTransactionDecodedPayload`).
    public var jsonRepresentation: Data {
        var json = PayloadJSON()
        json.set("transactionId", String(id))
        json.set("originalTransactionId", String(originalID))
        json.set("webOrderLineItemId", webOrderLineItemID)
        json.set("bundleId", appBundleID)
        json.set("productId", productID)
        json.set("subscriptionGroupIdentifier", subscriptionGroupID)
        json.set("purchaseDate", purchaseDate)
        json.set("originalPurchaseDate", originalPurchaseDate)
        json.set("expiresDate", expirationDate)
        json.set("quantity", purchasedQuantity)
        json.set("type", productType.rawValue)
        json.set("appAccountToken", appAccountToken?.uuidString.lowercased())
        json.set("inAppOwnershipType", ownershipType == .familyShared ? "FAMILY_SHARED" : "PURCHASED")
        json.set("signedDate", signedDate)
        json.set("revocationDate", revocationDate)
        json.set("revocationReason", revocationReason?.rawValue)
        json.set("isUpgraded", isUpgraded ? true : nil)
        json.set("offerType", offer?.type.rawValue)
        json.set("offerIdentifier", offer?.id)
        json.set("offerDiscountType", offer?.paymentMode?.serverName)
        json.set("environment", environment.rawValue)
        json.set("transactionReason", reason == .renewal ? "RENEWAL" : "PURCHASE")
        json.set("storefront", storefront.countryCode)
        json.set("storefrontId", storefront.id)
        json.set("price", price: price)
        json.set("currency", currency?.identifier)
        json.set("deviceVerificationNonce", deviceVerificationNonce.uuidString.lowercased())
        json.set("appTransactionId", appTransactionID)
        return json.data
    }

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
