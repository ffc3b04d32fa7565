import Foundation
import MockStore
import Testing

/// A small, realistic catalog for store tests: one group with three tiers (yearly and monthly
/// Pro at level 1, Basic monthly at level 2), a lifetime unlock, coins, and a season pass.
public enum StoreFixtures {
    public static let group = "PREMIUM01"
    public static let monthly = "premium.monthly"
    public static let yearly = "premium.yearly"
    public static let basic = "basic.monthly"
    public static let lifetime = "premium.lifetime"
    public static let coins = "coins.100"
    public static let season = "season.pass"

    public static var catalog: Catalog {
        let texts = { (en: String, ja: String) in
            [LocalizedText(locale: "en_US", displayName: en, description: "\(en) plan"),
             LocalizedText(locale: "ja", displayName: ja, description: "\(ja)プラン")]
        }
        let trial = CatalogOffer(type: .introductory, paymentMode: .freeTrial, period: SubscriptionPeriod(value: 1, unit: .week))
        var catalog = Catalog(
            identifier: "FIXTURE", version: .init(major: 4, minor: 0),
            products: [
                CatalogProduct(id: lifetime, type: .nonConsumable, price: Decimal(string: "99.99")!, localizations: texts("Lifetime", "買い切り")),
                CatalogProduct(id: coins, type: .consumable, price: Decimal(string: "0.99")!, localizations: texts("100 coins", "100コイン")),
                CatalogProduct(id: season, type: .nonRenewable, price: Decimal(string: "2.99")!, localizations: texts("Season pass", "シーズンパス")),
                CatalogProduct(id: monthly, type: .autoRenewable, price: Decimal(string: "4.99")!, localizations: texts("Pro Monthly", "プロ月額"),
                               subscription: CatalogSubscription(groupID: group, level: 1, period: .monthly)),
                CatalogProduct(id: yearly, type: .autoRenewable, price: Decimal(string: "39.99")!, localizations: texts("Pro Yearly", "プロ年額"),
                               subscription: CatalogSubscription(groupID: group, level: 1, period: .yearly, introductoryOffer: trial,
                                                                 promotionalOffers: [CatalogOffer(id: "comeback", type: .promotional, paymentMode: .payAsYouGo, period: .monthly, periodCount: 3, price: Decimal(string: "1.99")!)],
                                                                 winBackOffers: [CatalogOffer(id: "winback", type: .winBack, paymentMode: .payAsYouGo, period: .monthly, periodCount: 2, price: Decimal(string: "2.49")!)])),
                CatalogProduct(id: basic, type: .autoRenewable, price: Decimal(string: "1.99")!, localizations: texts("Basic", "ベーシック"),
                               subscription: CatalogSubscription(groupID: group, level: 2, period: .monthly)),
            ],
            groups: [SubscriptionGroup(id: group, name: "Premium", productIDs: [monthly, yearly, basic])],
            settings: CatalogSettings(locale: "en_US", storefront: "USA"),
            source: "fixture.storekit")
        catalog.subscriptionOffersKey = offersKey
        catalog.appBundleID = bundleID
        return catalog
    }

    /// The fixture's subscription offers key (`subscriptionOffersKeyPair`), made once per run.
    public static let offersKey = SubscriptionOffersKey.generate(id: "FIXTUREKEY")
    /// The bundle ID promotional offer signatures are made for.
    public static let bundleID = "dev.tollbooth.test"

    /// A promotional offer signed with the fixture's key at the store's time, as an app's
    /// server would sign it.
    public static func promotionalOffer(_ offerID: String, for productID: String, store: Store,
                                        appAccountToken: UUID? = nil) async throws -> PurchaseOption {
        let now = try await store.admin { $0.now }
        let signature = try PromotionalOfferSigning.sign(offerID: offerID, productID: productID, appAccountToken: appAccountToken,
                                                         key: offersKey, appBundleID: bundleID, at: now)
        return .promotionalOffer(offerID, signature: signature)
    }

    /// A fixed wall time: 2026-01-31 09:00 UTC (month ends exercise calendar arithmetic).
    public static let start = Date(timeIntervalSince1970: 1_769_850_000)

    /// A device on an in-memory ledger with a manual clock, polling off (tests call `poll()`).
    public static func device(_ name: String = "iphone", ledger: Ledger? = nil, clock: ManualWallClock? = nil,
                              catalog: Catalog = StoreFixtures.catalog) throws -> (Store, Ledger, ManualWallClock) {
        let ledger = ledger ?? Ledger.inMemory()
        let clock = clock ?? ManualWallClock(start)
        let store = try Store(catalog: catalog, ledger: ledger, device: name, wallClock: clock, polling: false)
        return (store, ledger, clock)
    }
}

/// Collects what a store stream yields so tests can assert on it without timing.
public final class Collected<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Element] = []
    private var task: Task<Void, Never>?
    private let stream: StoreStream<Element>

    public init(_ stream: StoreStream<Element>) {
        self.stream = stream
        task = Task { [weak self] in
            for await item in stream { self?.append(item) }
        }
    }

    private func append(_ item: Element) { lock.lock(); items.append(item); lock.unlock() }

    public var values: [Element] { lock.lock(); defer { lock.unlock() }; return items }

    /// Waits (bounded, `Polling`) until at least `count` values arrived; returns what arrived.
    /// A miss is recorded as an issue naming the count. Tests that check nothing more arrives
    /// use `settle()`, never this.
    public func wait(for count: Int, sourceLocation: SourceLocation = #_sourceLocation) async -> [Element] {
        await Polling.wait(for: "\(count) value(s) from the stream", seen: { "\(self.values.count) value(s)" },
                           sourceLocation: sourceLocation) { self.values.count >= count }
        return values
    }

    /// Everything the store has handed this stream so far, once it has all been taken: waits for
    /// the store to finish the broadcasts it started (`Store.idle()`), then for this collector to
    /// take as many values as the store handed the stream. So "nothing more was delivered" is
    /// checked against the store's own count, however slow the machine; the bound is only
    /// reached when a delivery is lost between the store and this collector.
    public func settle(sourceLocation: SourceLocation = #_sourceLocation) async -> [Element] {
        await wait(for: await stream.deliveredCount(), sourceLocation: sourceLocation)
    }

    deinit { task?.cancel() }
}
