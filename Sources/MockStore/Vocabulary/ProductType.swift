/// The kind of an in-app purchase, as StoreKit 2's `Product.ProductType`.
///
/// Apple models these value sets as extensible structs, not closed enums, and adds members over
/// time; an unknown raw value is kept rather than rejected (docs/domain.md §1.1).
public struct ProductType: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let consumable = ProductType(rawValue: "Consumable")
    public static let nonConsumable = ProductType(rawValue: "NonConsumable")
    public static let nonRenewable = ProductType(rawValue: "NonRenewingSubscription")
    public static let autoRenewable = ProductType(rawValue: "RecurringSubscription")

    public static let known: [ProductType] = [.consumable, .nonConsumable, .nonRenewable, .autoRenewable]

    /// The camel-case name StoreKit prints (`autoRenewable`), used in CLI and JSON output.
    public var description: String {
        switch self {
        case .consumable: "consumable"
        case .nonConsumable: "nonConsumable"
        case .nonRenewable: "nonRenewable"
        case .autoRenewable: "autoRenewable"
        default: rawValue
        }
    }

    /// Parses either the `.storekit` spelling (`RecurringSubscription`) or StoreKit's (`autoRenewable`).
    public init?(name: String) {
        if let hit = Self.known.first(where: { $0.rawValue == name || $0.description == name }) {
            self = hit
        } else {
            return nil
        }
    }
}
