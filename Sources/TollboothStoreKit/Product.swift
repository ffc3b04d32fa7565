import AppStoreServer
import Foundation
import MockStore

/// A product for sale, as StoreKit 2's `Product`: the catalog's data resolved for the
/// customer's storefront and locale.
public struct Product: Identifiable, Equatable, Hashable, Sendable {
    public typealias ID = String

    public let id: String
    public let type: Product.ProductType
    public let displayName: String
    public let description: String
    public let price: Decimal
    /// The price as the storefront shows it (`$4.99`, `¥480`).
    public let displayPrice: String
    public let isFamilyShareable: Bool
    public let subscription: Product.SubscriptionInfo?
    /// Formats computed prices (a monthly equivalent) as `displayPrice` is formatted.
    public let priceFormatStyle: Decimal.FormatStyle.Currency

    init(_ product: MockStore.Product) {
        id = product.id
        type = Product.ProductType(product.type)
        displayName = product.displayName
        description = product.description
        price = product.price
        displayPrice = product.displayPrice
        isFamilyShareable = product.isFamilyShareable
        subscription = product.subscription.map(Product.SubscriptionInfo.init)
        priceFormatStyle = Decimal.FormatStyle.Currency(code: product.priceFormatStyle.currencyCode,
                                                        locale: Locale(identifier: product.priceFormatStyle.locale))
    }

    /// The products with these identifiers; identifiers the store does not know are left out.
    /// Throws the Load Products fault.
    public static func products<Identifiers: Collection>(for identifiers: Identifiers) async throws -> [Product]
    where Identifiers.Element == String {
        let connection = try AppStoreHost.connection(during: "Product.products(for:)")
        do {
            return try await connection.store.products(for: Array(identifiers)).map(Product.init)
        } catch {
            throw ErrorBridge.storeKit(error, api: .loadProducts, connection: connection, during: "Product.products(for:)")
        }
    }

    /// The product's App Store JSON (`id`, `type`, `attributes` with the offers).
    public var jsonRepresentation: Data {
        var json = PayloadJSON()
        json.set("id", id)
        json.set("type", type.rawValue)
        json.set("displayName", displayName)
        json.set("description", description)
        json.set("displayPrice", displayPrice)
        json.set("price", price: price)
        json.set("isFamilyShareable", isFamilyShareable)
        json.set("subscriptionGroupID", subscription?.subscriptionGroupID)
        json.set("subscriptionPeriod", subscription.map { "P\($0.subscriptionPeriod.value)\($0.subscriptionPeriod.unit.letter)" })
        return json.data
    }

    /// The latest transaction for this product; nil if it was never bought.
    public var latestTransaction: VerificationResult<Transaction>? {
        get async { await Transaction.latest(for: id) }
    }

    /// This product's entitlements.
    public var currentEntitlements: Transaction.Transactions { Transaction.currentEntitlements(for: id) }

    /// This product's entitlement, if any.
    @available(*, deprecated, message: "Use currentEntitlements")
    public var currentEntitlement: VerificationResult<Transaction>? {
        get async {
            for await entitlement in Transaction.currentEntitlements(for: id) { return entitlement }
            return nil
        }
    }
}

extension Product: CustomDebugStringConvertible {
    public var debugDescription: String { String(decoding: jsonRepresentation, as: UTF8.self) }
}

extension Product {
    /// The kind of an in-app purchase, as `Product.ProductType`.
    public struct ProductType: RawRepresentable, Equatable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        // Apple documents no raw values; these are the App Store Server's `type` spellings.
        public static let consumable = ProductType(rawValue: "Consumable")
        public static let nonConsumable = ProductType(rawValue: "Non-Consumable")
        public static let nonRenewable = ProductType(rawValue: "Non-Renewing Subscription")
        public static let autoRenewable = ProductType(rawValue: "Auto-Renewable Subscription")

        init(_ type: MockStore.ProductType) {
            switch type {
            case .consumable: self = .consumable
            case .nonConsumable: self = .nonConsumable
            case .nonRenewable: self = .nonRenewable
            case .autoRenewable: self = .autoRenewable
            default: self = ProductType(rawValue: type.rawValue)
            }
        }

        public var localizedDescription: String {
            switch self {
            case .consumable: "Consumable"
            case .nonConsumable: "Non-Consumable"
            case .nonRenewable: "Non-Renewing Subscription"
            case .autoRenewable: "Auto-Renewable Subscription"
            default: rawValue
            }
        }
    }
}
