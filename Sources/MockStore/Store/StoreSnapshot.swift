import Foundation

/// Everything a paywall shows about the account at one moment, read in one database read so
/// the parts agree with each other.
public struct StoreSnapshot: Sendable, Hashable {
    public var storeTime: Date
    public var timeRate: TimeRate
    public var isClockPaused: Bool
    /// `currentEntitlements`: the latest transaction per entitled product.
    public var entitlements: [Transaction]
    /// One status per subscription the customer has had, newest first.
    public var statuses: [SubscriptionStatus]
    /// Ask to Buy requests waiting for a parent.
    public var pendingPurchases: [PendingPurchase]
    /// Transactions not yet finished, on any device.
    public var unfinished: [Transaction]
    /// Subscription groups in which the customer may still get an introductory offer.
    public var introEligibleGroupIDs: Set<String>
    public var faults: [FaultRule]
    public var switches: StoreSwitches
    public var lastEvent: StoreEvent?
    public var locale: String
    public var storefront: String

    public init(storeTime: Date, timeRate: TimeRate = .realTime, isClockPaused: Bool = false,
                entitlements: [Transaction] = [], statuses: [SubscriptionStatus] = [],
                pendingPurchases: [PendingPurchase] = [], unfinished: [Transaction] = [],
                introEligibleGroupIDs: Set<String> = [], faults: [FaultRule] = [],
                switches: StoreSwitches = .init(), lastEvent: StoreEvent? = nil,
                locale: String = "en_US", storefront: String = "USA") {
        self.storeTime = storeTime
        self.timeRate = timeRate
        self.isClockPaused = isClockPaused
        self.entitlements = entitlements
        self.statuses = statuses
        self.pendingPurchases = pendingPurchases
        self.unfinished = unfinished
        self.introEligibleGroupIDs = introEligibleGroupIDs
        self.faults = faults
        self.switches = switches
        self.lastEvent = lastEvent
        self.locale = locale
        self.storefront = storefront
    }

    /// The entitlement for a product, if the customer has one.
    public func entitlement(for productID: String) -> Transaction? {
        entitlements.first { $0.productID == productID }
    }

    /// The status of the subscription in a group, if the customer has or had one.
    public func status(forGroup groupID: String) -> SubscriptionStatus? {
        statuses.first { $0.subscriptionGroupID == groupID }
    }
}

/// A purchase waiting for someone: an Ask to Buy request or an interrupted purchase.
public struct PendingPurchase: Sendable, Hashable, Identifiable, Codable {
    public var id: Int64
    public var productID: String
    public var device: String?
    public var requestedAt: Date
    public var kind: Kind
    /// What the purchase asked for, applied when it completes.
    public var quantity: Int
    public var appAccountToken: UUID?
    /// The billing plan asked for (`.monthly`); nil for up front.
    public var billingPlanType: BillingPlanType?

    /// Why it waits.
    public enum Kind: String, Sendable, Hashable, Codable {
        case askToBuy
        case interrupted
    }

    public init(id: Int64, productID: String, device: String?, requestedAt: Date, kind: Kind, quantity: Int = 1,
                appAccountToken: UUID? = nil, billingPlanType: BillingPlanType? = nil) {
        self.id = id
        self.productID = productID
        self.device = device
        self.requestedAt = requestedAt
        self.kind = kind
        self.quantity = quantity
        self.appAccountToken = appAccountToken
        self.billingPlanType = billingPlanType
    }

    /// The purchase options it completes with.
    var options: Set<PurchaseOption> {
        var options: Set<PurchaseOption> = [.quantity(quantity)]
        if let appAccountToken { options.insert(.appAccountToken(appAccountToken)) }
        if let billingPlanType { options.insert(.billingPlanType(billingPlanType)) }
        return options
    }
}
