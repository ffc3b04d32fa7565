import Foundation
import MockStore
import TestSupport
import Testing

/// A storefront keeps the catalog's number and changes only the currency: what the customer is
/// charged is what the paywall showed, in that storefront's currency (docs/domain.md §1.8).
@Suite("Lifecycle: prices across storefronts")
struct StorefrontPriceTests {
    typealias F = StoreFixtures

    @Test("after USA → JPN, the renewal records ¥5 in JPY, as displayPrice shows, not 4.99")
    func renewalAfterStorefrontChange() async throws {
        let (store, _, clock) = try F.device()
        let first = try await Life.buy(store, F.monthly)
        #expect(first.price == Decimal(string: "4.99"))
        #expect(first.currencyCode == "USD")
        _ = try await store.admin { try $0.updateSettings { $0.storefront = "JPN" } }

        let product = try #require(try await store.products(for: [F.monthly]).first)
        #expect(product.displayPrice == "¥5")
        #expect(product.price == 5, "Product.price is the number displayPrice shows")
        #expect(try await Life.status(store).renewalInfo.renewalPrice == 5)
        #expect(try await Life.status(store).renewalInfo.currencyCode == "JPY")

        await Life.move(store, clock, to: first.expirationDate!)
        let renewal = try #require(try await store.all.map(\.unsafePayloadValue).last)
        #expect(renewal.reason == .renewal)
        #expect(renewal.price == 5, "charged what the paywall showed")
        #expect(renewal.currencyCode == "JPY")
        #expect(renewal.storefrontCountryCode == "JPN")

        let coins = try await Life.buy(store, F.coins, [.quantity(3)])
        #expect(coins.price == 3, "three × ¥1 (0.99 shown as ¥1)")
    }
}
