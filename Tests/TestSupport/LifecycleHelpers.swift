import Foundation
import MockStore
import Testing

/// Small helpers shared by the lifecycle tests: what an app would call, minus the ceremony.
public enum Life {
    public typealias F = StoreFixtures

    /// `purchase()` that must succeed; returns the transaction whatever its verification.
    public static func buy(_ store: Store, _ id: String, _ options: Set<PurchaseOption> = [],
                    sourceLocation: SourceLocation = #_sourceLocation) async throws -> Transaction {
        let result = try await store.purchase(productID: id, options: options)
        guard case .success(let verification) = result else {
            Issue.record("expected .success buying \(id), got \(result)", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        return verification.unsafePayloadValue
    }

    public static func entitledIDs(_ store: Store) async throws -> [String] {
        try await store.currentEntitlements.map { $0.unsafePayloadValue.productID }.sorted()
    }

    public static func status(_ store: Store, _ group: String = F.group,
                       sourceLocation: SourceLocation = #_sourceLocation) async throws -> SubscriptionStatus {
        try #require(try await store.status(forGroup: group).first, sourceLocation: sourceLocation)
    }

    /// Moves the shared wall clock to `date` and lets the device process what fell due.
    public static func move(_ store: Store, _ clock: ManualWallClock, to date: Date) async {
        clock.set(date)
        await store.poll()
    }

    public static func transaction(_ store: Store, _ id: UInt64) async throws -> Transaction? {
        try await store.admin { try $0.transactions() }.first { $0.id == id }
    }

    public static let day: TimeInterval = 86400

    /// A catalog built in code: the fixture plus whatever products and groups a test needs.
    public static func catalog(adding products: [CatalogProduct], groups: [SubscriptionGroup] = []) -> Catalog {
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

    public static func text(_ name: String) -> [LocalizedText] {
        [LocalizedText(locale: "en_US", displayName: name, description: "\(name) plan")]
    }

    /// A subscription product in the fixture's group (or another one).
    public static func subscription(_ id: String, group: String = F.group, level: Int, period: SubscriptionPeriod,
                             price: String, intro: CatalogOffer? = nil, promotional: [CatalogOffer] = [],
                             winBack: [CatalogOffer] = []) -> CatalogProduct {
        CatalogProduct(id: id, type: .autoRenewable, price: Decimal(string: price)!, localizations: text(id),
                       subscription: CatalogSubscription(groupID: group, level: level, period: period,
                                                         introductoryOffer: intro, promotionalOffers: promotional,
                                                         winBackOffers: winBack))
    }

    /// Turns on billing retry (and optionally grace) for the account.
    public static func billingRetry(_ store: Store, grace: Bool) async throws {
        _ = try await store.admin { session in
            try session.updateSettings {
                $0.switches.billingRetryOnRenewal = true
                $0.switches.billingGracePeriod = grace
            }
        }
    }

    public static func utcDay(_ date: Date) -> Int {
        Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date).day!
    }
}

/// Catalogs that suites of both test targets buy from (the store's rules, and the suites that
/// wait on its streams).
extension Life {
    /// The fixture catalog with Pro Monthly, Lifetime and (ineffectively) the coins and the
    /// season pass marked family-shareable; Pro Yearly and Basic are not.
    public static var familyShareable: Catalog {
        var catalog = F.catalog
        for index in catalog.products.indices where [F.monthly, F.lifetime, F.coins, F.season].contains(catalog.products[index].id) {
            catalog.products[index].isFamilyShareable = true
        }
        return catalog
    }

    /// The fixture plus a yearly plan with two offer codes: three months up front for new
    /// customers, and two monthly pay-as-you-go periods for anyone.
    public static let offerCodes: Catalog = {
        let spring = CatalogOffer(referenceName: "SPRING", type: .code, paymentMode: .payUpFront,
                                  period: SubscriptionPeriod(value: 3, unit: .month), price: Decimal(string: "9.99")!,
                                  eligibility: ["new"])
        let monthly = CatalogOffer(referenceName: "TWO-MONTHS", type: .code, paymentMode: .payAsYouGo,
                                   period: .monthly, periodCount: 2, price: Decimal(string: "0.99")!)
        var product = Life.subscription("coded.yearly", group: "CODED", level: 1, period: .yearly, price: "49.99")
        product.subscription?.codeOffers = [spring, monthly]
        return Life.catalog(adding: [product], groups: [SubscriptionGroup(id: "CODED", name: "Coded", productIDs: ["coded.yearly"])])
    }()

    /// `offerCodes` with an internal ID on the second code, so it can be redeemed by that too.
    public static var redeemableCodes: Catalog {
        var catalog = offerCodes
        let index = catalog.products.firstIndex { $0.id == "coded.yearly" }!
        catalog.products[index].subscription!.codeOffers[1].internalID = "6740000001"
        return catalog
    }
}
