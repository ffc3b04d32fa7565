import Foundation
import MockStore
import TestSupport
import Testing

/// §1.1 product types as an app sees them: consumables, non-consumables, non-renewing
/// subscriptions, and `products(for:)` with unknown identifiers.
@Suite("Lifecycle: product types")
struct ProductTypeTests {
    typealias F = StoreFixtures

    @Test("consumables are never entitlements; Transaction.all hides them once finished")
    func consumables() async throws {
        let (store, _, _) = try F.device()
        let one = try await Life.buy(store, F.coins)
        let three = try await Life.buy(store, F.coins, [.quantity(3)])
        #expect(three.purchasedQuantity == 3)
        #expect(three.price == Decimal(string: "2.97"))
        #expect(one.id != three.id, "bought many times")
        #expect(try await Life.entitledIDs(store).isEmpty, "never in currentEntitlements")
        #expect(try await store.all.map(\.unsafePayloadValue.id) == [one.id, three.id], "unfinished: visible")
        try await store.finish(one)
        #expect(try await store.all.map(\.unsafePayloadValue.id) == [three.id])
        try await store.finish(three)
        try await store.finish(three) // B3: harmless
        #expect(try await store.all.isEmpty)
        #expect(try await store.unfinished.isEmpty)
        #expect(try await store.latest(for: F.coins)?.unsafePayloadValue.id == three.id)
        #expect(try await store.admin { try $0.transactions() }.count == 2, "the ledger keeps them")
    }

    @Test("quantities: consumables take 1…10; other types only 1")
    func quantities() async throws {
        let (store, _, _) = try F.device()
        await #expect(throws: PurchaseError.invalidQuantity) { try await store.purchase(productID: F.coins, options: [.quantity(0)]) }
        await #expect(throws: PurchaseError.invalidQuantity) { try await store.purchase(productID: F.coins, options: [.quantity(11)]) }
        await #expect(throws: PurchaseError.invalidQuantity) { try await store.purchase(productID: F.lifetime, options: [.quantity(2)]) }
        #expect(try await store.all.isEmpty)
    }

    @Test("non-consumable: bought once, kept across time and relaunch")
    func nonConsumable() async throws {
        let ledger = Ledger.inMemory()
        let (store, _, clock) = try F.device(ledger: ledger)
        let tx = try await Life.buy(store, F.lifetime)
        try await store.finish(tx)
        #expect(try await Life.buy(store, F.lifetime).id == tx.id, "buying again does not charge again")
        clock.advance(by: 3 * 365 * Life.day)
        await store.close()
        let (relaunched, _, _) = try F.device(ledger: ledger, clock: clock)
        #expect(try await relaunched.currentEntitlements.map(\.unsafePayloadValue.id) == [tx.id])
        #expect(try await relaunched.all.map(\.unsafePayloadValue.id) == [tx.id])
    }

    @Test("non-renewing subscription stays entitled (the store never ends it); the latest one counts")
    func nonRenewing() async throws {
        let (store, _, clock) = try F.device()
        let first = try await Life.buy(store, F.season)
        #expect(first.expirationDate == nil, "StoreKit does not end it")
        try await store.finish(first)
        clock.advance(by: 2 * 365 * Life.day)
        await store.poll()
        #expect(try await store.currentEntitlements.map(\.unsafePayloadValue.id) == [first.id], "even when finished")
        let second = try await Life.buy(store, F.season)
        #expect(second.id != first.id, "bought many times")
        #expect(try await store.currentEntitlements.map(\.unsafePayloadValue.id) == [second.id])
        #expect(try await store.currentEntitlements(for: F.season).count == 1)
        #expect(try await store.all.count == 2, "restorable: both stay in the history")
    }

    @Test("products(for:) leaves unknown identifiers out, keeps the request order, drops duplicates")
    func unknownIdentifiers() async throws {
        let (store, _, _) = try F.device()
        let products = try await store.products(for: [F.yearly, "com.example.nope", F.coins, F.yearly, ""])
        #expect(products.map(\.id) == [F.yearly, F.coins])
        #expect(try await store.products(for: ["nope", "also.nope"]).isEmpty)
        let yearly = try #require(products.first)
        #expect(yearly.type == .autoRenewable)
        #expect(yearly.displayPrice == "$39.99")
        #expect(yearly.subscription?.subscriptionGroupID == F.group)
        #expect(yearly.subscription?.introductoryOffer?.paymentMode == .freeTrial)
        #expect(products.last?.subscription == nil)
        #expect(try await store.allProducts().count == F.catalog.products.count)
    }

    @Test("buying an unknown product id is refused with the known ids listed")
    func unknownPurchase() async throws {
        let (store, _, _) = try F.device()
        let error = await #expect(throws: StoreOperationError.self) { try await store.purchase(productID: "nope") }
        #expect(error?.description.contains(F.monthly) == true)
    }
}
