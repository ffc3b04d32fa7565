import Foundation
import MockStore
import TestSupport
import Testing

/// Small helpers shared by the lifecycle tests: what an app would call, minus the ceremony.
enum Life {
    typealias F = StoreFixtures

    /// `purchase()` that must succeed; returns the transaction whatever its verification.
    static func buy(_ store: Store, _ id: String, _ options: Set<PurchaseOption> = [],
                    sourceLocation: SourceLocation = #_sourceLocation) async throws -> Transaction {
        let result = try await store.purchase(productID: id, options: options)
        guard case .success(let verification) = result else {
            Issue.record("expected .success buying \(id), got \(result)", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        return verification.unsafePayloadValue
    }

    static func entitledIDs(_ store: Store) async throws -> [String] {
        try await store.currentEntitlements.map { $0.unsafePayloadValue.productID }.sorted()
    }

    static func status(_ store: Store, _ group: String = F.group,
                       sourceLocation: SourceLocation = #_sourceLocation) async throws -> SubscriptionStatus {
        try #require(try await store.status(forGroup: group).first, sourceLocation: sourceLocation)
    }

    /// Moves the shared wall clock to `date` and lets the device process what fell due.
    static func move(_ store: Store, _ clock: ManualWallClock, to date: Date) async {
        clock.set(date)
        await store.poll()
    }

    static func transaction(_ store: Store, _ id: UInt64) async throws -> Transaction? {
        try await store.admin { try $0.transactions() }.first { $0.id == id }
    }

    static let day: TimeInterval = 86400

    /// A catalog built in code: the fixture plus whatever products and groups a test needs.
    static func catalog(adding products: [CatalogProduct], groups: [SubscriptionGroup] = []) -> Catalog {
        var catalog = F.catalog
        catalog.products += products
        for group in groups {
            if let index = catalog.groups.firstIndex(where: { $0.id == group.id }) {
                catalog.groups[index].productIDs += group.productIDs
            } else {
                catalog.groups.append(group)
            }
        }
        return catalog
    }

    static func text(_ name: String) -> [LocalizedText] {
        [LocalizedText(locale: "en_US", displayName: name, description: "\(name) plan")]
    }

    /// A subscription product in the fixture's group (or another one).
    static func subscription(_ id: String, group: String = F.group, level: Int, period: SubscriptionPeriod,
                             price: String, intro: CatalogOffer? = nil, promotional: [CatalogOffer] = [],
                             winBack: [CatalogOffer] = []) -> CatalogProduct {
        CatalogProduct(id: id, type: .autoRenewable, price: Decimal(string: price)!, localizations: text(id),
                       subscription: CatalogSubscription(groupID: group, level: level, period: period,
                                                         introductoryOffer: intro, promotionalOffers: promotional,
                                                         winBackOffers: winBack))
    }

    /// Turns on billing retry (and optionally grace) for the account.
    static func billingRetry(_ store: Store, grace: Bool) async throws {
        _ = try await store.admin { session in
            try session.updateSettings {
                $0.switches.billingRetryOnRenewal = true
                $0.switches.billingGracePeriod = grace
            }
        }
    }

    static func utcDay(_ date: Date) -> Int {
        Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date).day!
    }
}
