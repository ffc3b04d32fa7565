import Foundation
import MockStore
import TestSupport

/// A small reference model of the account, written from docs/domain.md (§1.1, §1.8, B4–B10,
/// B15) and Apple's `RenewalInfo` documentation rather than from the engine: what each operation should create, and the state each
/// subscription group should be in. `ModelBasedTests` runs random operation sequences against
/// a real `Store` and this model side by side.
struct StoreModel {
    typealias F = StoreFixtures

    // MARK: Catalog

    static let extraGroup = "EXTRA02"
    static let extraWeekly = "extra.weekly"
    static let extraLite = "extra.lite"

    /// The fixture plus a second group (weekly plans at two levels), so groups bill separately.
    static var catalog: Catalog {
        var catalog = F.catalog
        catalog.products += [
            CatalogProduct(id: extraWeekly, type: .autoRenewable, price: Decimal(string: "0.99")!,
                           subscription: CatalogSubscription(groupID: extraGroup, level: 1, period: .weekly)),
            CatalogProduct(id: extraLite, type: .autoRenewable, price: Decimal(string: "0.49")!,
                           subscription: CatalogSubscription(groupID: extraGroup, level: 2, period: .weekly)),
        ]
        catalog.groups.append(SubscriptionGroup(id: extraGroup, name: "Extra", productIDs: [extraWeekly, extraLite]))
        // Family Sharing: the coins are marked too, but Apple shares no consumable (§1.11).
        for index in catalog.products.indices where familyShareable.contains(catalog.products[index].id) {
            catalog.products[index].isFamilyShareable = true
        }
        return catalog
    }

    static let familyShareable: Set<String> = [F.monthly, F.lifetime, F.coins, extraWeekly]
    /// What reaches a family member: shareable non-consumables and auto-renewable subscriptions.
    static let familyShared: Set<String> = [F.monthly, F.lifetime, extraWeekly]

    static let products = [F.monthly, F.yearly, F.basic, F.lifetime, F.coins, F.season, extraWeekly, extraLite]
    static let groupIDs = [F.group, extraGroup]
    static let day: TimeInterval = 86400

    let catalog = StoreModel.catalog

    // MARK: State

    struct Group: Equatable {
        var originalID: UInt64?
        var product: String
        var preference: String
        var willAutoRenew = true
        var state: RenewalState = .subscribed
        var expiration: Date
        var graceUntil: Date?
        var retryUntil: Date?
        var expirationReason: ExpirationReason?
        var latestID: UInt64?
        /// `recentSubscriptionStartDate`: the start of this run, across lapses under 60 days.
        var start: Date
        /// When the latest transaction was refunded (paid service ended then).
        var revokedAt: Date?

        var nextDue: Date? {
            switch state {
            case .subscribed: expiration
            case .inGracePeriod: graceUntil
            case .inBillingRetryPeriod: retryUntil
            default: nil
            }
        }
        var isActive: Bool { [.subscribed, .inGracePeriod, .inBillingRetryPeriod].contains(state) }
        /// Apple: nil when the subscription won't renew.
        var autoRenewPreference: String? { willAutoRenew ? preference : nil }
        /// When paid service ended, for a lapsed subscription.
        var serviceEnd: Date { min(expiration, revokedAt ?? expiration) }
    }

    /// What a new transaction should look like; the engine's id is learned afterwards.
    struct Expected: CustomStringConvertible {
        enum Role { case lifetime, season, consumable, subscription(group: String), resolve(group: String) }
        var role: Role
        var productID: String
        var purchaseDate: Date
        var expiration: Date?
        var reason: TransactionReason
        var price: Decimal
        var offerType: OfferType?
        /// nil: the transaction is its own original.
        var originalID: UInt64?
        /// The device that bought it in-app (B1: not sent back on that device's updates).
        var inAppDevice: String?
        var description: String {
            "\(productID) \(reason) at \(purchaseDate.timeIntervalSince(StoreFixtures.start) / 86400)d"
        }
    }

    enum Outcome: Equatable {
        /// The purchase returns this existing transaction (already owned / plan change later).
        case existing(UInt64)
        /// A new transaction is created (it is the last of `expected`).
        case new
    }

    var now = F.start
    var groups: [String: Group] = [:]
    var lifetimeOwned: UInt64?
    var seasonLatest: UInt64?
    var revoked: Set<UInt64> = []
    var upgraded: Set<UInt64> = []
    var finished: Set<UInt64> = []
    var resolveIDs: Set<UInt64> = []
    var known: [UInt64: Expected] = [:]
    var askToBuy = false
    var billingRetry = false
    var grace = false
    /// Ask to Buy requests by product (merged, B10) and who asked.
    var pending: [String: String] = [:]
    /// Transactions not yet matched with the engine's, oldest first.
    var expected: [Expected] = []

    // MARK: Catalog facts

    func product(_ id: String) -> CatalogProduct { catalog.product(id: id)! }
    func info(_ id: String) -> CatalogSubscription { product(id).subscription! }

    static func graceLength(_ period: SubscriptionPeriod) -> TimeInterval { period.unit == .week ? 6 * day : 16 * day }
    static let retryLength: TimeInterval = 60 * day
    /// Lapses shorter than this keep `recentSubscriptionStartDate` (Apple: 60 days).
    static let ignoredLapse: TimeInterval = 60 * day

    /// `eligibleWinBackOfferIDs`: only for a churned (expired) subscription, the lapsed
    /// product's offers the file marks eligible.
    func eligibleWinBackOfferIDs(_ group: Group) -> [String] {
        guard group.state == .expired else { return [] }
        return info(group.product).winBackOffers.filter(\.isEligible).compactMap(\.id)
    }

    // MARK: Operations

    /// A completed purchase (in-app, approved, or from outside): §1.1, B5, B6, B7.
    mutating func complete(_ productID: String, inAppDevice: String?) -> Outcome {
        let item = product(productID)
        func new(_ role: Expected.Role, expiration: Date? = nil, price: Decimal? = nil, offer: OfferType? = nil,
                 original: UInt64? = nil) -> Outcome {
            expected.append(Expected(role: role, productID: productID, purchaseDate: now, expiration: expiration,
                                     reason: .purchase, price: price ?? item.price, offerType: offer,
                                     originalID: original, inAppDevice: inAppDevice))
            return .new
        }
        switch item.type {
        case .nonConsumable:
            if let owned = lifetimeOwned { return .existing(owned) }
            return new(.lifetime)
        case .nonRenewable:
            return new(.season)
        case .consumable:
            return new(.consumable)
        default:
            let info = item.subscription!
            if var group = groups[info.groupID], group.isActive {
                defer { groups[info.groupID] = group }
                if group.product == productID {
                    group.willAutoRenew = true
                    group.preference = productID
                    return .existing(group.latestID!)
                }
                let current = self.info(group.product)
                let immediate = info.level < current.level || (info.level == current.level && info.period == current.period)
                if !immediate {
                    group.preference = productID
                    group.willAutoRenew = true
                    return .existing(group.latestID!)
                }
                upgraded.insert(group.latestID!)
                let end = info.period.advance(now)
                group = Group(originalID: group.originalID, product: productID, preference: productID, expiration: end,
                              start: group.start)
                return new(.subscription(group: info.groupID), expiration: end, original: group.originalID)
            }
            let previous = groups[info.groupID]
            var end = info.period.advance(now)
            var price = item.price
            var offer: OfferType?
            if previous == nil, let intro = info.introductoryOffer {
                // B7: eligible only with no transaction in the group (the default rule).
                end = SubscriptionPeriod(value: intro.period.value * intro.periodCount, unit: intro.period.unit).advance(now)
                price = intro.price
                offer = .introductory
            }
            let start = previous.map { now.timeIntervalSince($0.serviceEnd) < Self.ignoredLapse ? $0.start : now } ?? now
            groups[info.groupID] = Group(originalID: previous?.originalID, product: productID, preference: productID, expiration: end,
                                         start: start)
            return new(.subscription(group: info.groupID), expiration: end, price: price, offer: offer,
                       original: previous?.originalID)
        }
    }

    /// An in-app purchase: `.pending` under Ask to Buy (merged per product), else completed.
    mutating func purchase(_ productID: String, device: String) -> Outcome? {
        if askToBuy {
            if pending[productID] == nil { pending[productID] = device }
            return nil
        }
        return complete(productID, inAppDevice: device)
    }

    /// B8: refunds revoke; a subscription's latest transaction turns the group `.revoked`.
    mutating func refund(_ id: UInt64) {
        revoked.insert(id)
        if lifetimeOwned == id { lifetimeOwned = nil }
        for (key, var group) in groups where group.latestID == id {
            group.state = .revoked
            group.revokedAt = now
            group.willAutoRenew = false
            group.graceUntil = nil
            group.retryUntil = nil
            groups[key] = group
        }
    }

    /// Billing recovered (`resolve`), with the preferred product: within grace the billing date
    /// stays (the period starts at the old expiry); in billing retry a new period starts now.
    mutating func resolve(_ groupID: String) -> Bool {
        guard var group = groups[groupID], group.state == .inGracePeriod || group.state == .inBillingRetryPeriod else { return false }
        let next = group.preference
        let start = group.state == .inGracePeriod ? group.expiration : now
        let end = info(next).period.advance(start)
        expected.append(Expected(role: .resolve(group: groupID), productID: next, purchaseDate: start, expiration: end,
                                 reason: .renewal, price: product(next).price, originalID: group.originalID))
        group.product = next
        group.state = .subscribed
        group.expiration = end
        group.graceUntil = nil
        group.retryUntil = nil
        group.expirationReason = nil
        groups[groupID] = group
        return true
    }

    /// Moves store time to `target`, stepping every group through the §1.8 state machine in
    /// time order (ties: group id order), renewing one period at a time (S3).
    mutating func advance(to target: Date) {
        while true {
            var earliest: (key: String, at: Date)?
            for key in groups.keys.sorted() {
                guard let due = groups[key]!.nextDue, due <= target else { continue }
                if earliest == nil || due < earliest!.at { earliest = (key, due) }
            }
            guard let (key, at) = earliest else { break }
            var group = groups[key]!
            switch group.state {
            case .subscribed:
                if !group.willAutoRenew {
                    expire(&group, .autoRenewDisabled)
                } else if billingRetry {
                    if grace {
                        group.state = .inGracePeriod
                        group.graceUntil = at.addingTimeInterval(Self.graceLength(info(group.product).period))
                    } else {
                        group.state = .inBillingRetryPeriod
                        group.retryUntil = at.addingTimeInterval(Self.retryLength)
                    }
                } else {
                    let next = group.preference
                    let end = info(next).period.advance(at)
                    expected.append(Expected(role: .subscription(group: key), productID: next, purchaseDate: at,
                                             expiration: end, reason: .renewal, price: product(next).price,
                                             originalID: group.originalID))
                    group.product = next
                    group.expiration = end
                }
            case .inGracePeriod:
                group.state = .inBillingRetryPeriod
                group.retryUntil = max(group.expiration.addingTimeInterval(Self.retryLength), at.addingTimeInterval(1))
                group.graceUntil = nil
            case .inBillingRetryPeriod:
                expire(&group, .billingError)
            default:
                break
            }
            groups[key] = group
        }
        now = max(now, target)
    }

    private func expire(_ group: inout Group, _ reason: ExpirationReason) {
        group.state = .expired
        group.expirationReason = reason
        group.willAutoRenew = false
        group.graceUntil = nil
        group.retryUntil = nil
    }

    /// Records the engine id of the oldest expected transaction.
    mutating func learn(_ id: UInt64, for expectation: Expected) {
        known[id] = expectation
        switch expectation.role {
        case .lifetime: lifetimeOwned = id
        case .season: seasonLatest = id
        case .consumable: break
        case .subscription(let group), .resolve(let group):
            if case .resolve = expectation.role { resolveIDs.insert(id) }
            groups[group]!.latestID = id
            if groups[group]!.originalID == nil { groups[group]!.originalID = id }
        }
    }

    /// What `currentEntitlements` should list, by product.
    var entitledProducts: [String] {
        var ids: [String] = []
        if lifetimeOwned != nil { ids.append(F.lifetime) }
        if let season = seasonLatest, !revoked.contains(season) { ids.append(F.season) }
        for group in groups.values where group.state.isEntitled { ids.append(group.product) }
        return ids.sorted()
    }

    /// What a family member's `currentEntitlements` should list (docs/domain.md §1.11).
    var familyEntitledProducts: [String] { entitledProducts.filter(Self.familyShared.contains) }
}
