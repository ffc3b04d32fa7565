import Foundation
import MockStore
import TestSupport
import Testing

/// Purchases from outside the app with SKTestSession's test-only options: an earlier purchase
/// date (renewing up to now, or cancelled at once), offer codes, promotional offers, quantity
/// and account token.
@Suite("Lifecycle: purchases from outside the app")
struct OutsidePurchaseTests {
    typealias F = StoreFixtures

    /// The fixture plus a yearly plan with two offer codes (`Life.offerCodes`).
    static let codes = Life.offerCodes

    @Test("bought outside the app on a named device: the event names it, and that device hears it on updates")
    func outsidePurchaseNamesItsDevice() async throws {
        let ledger = Ledger.inMemory()
        let (phone, _, clock) = try F.device("iphone", ledger: ledger)
        let (pad, _, _) = try F.device("ipad", ledger: ledger, clock: clock)
        let phoneUpdates = Collected(phone.updates)
        let padUpdates = Collected(pad.updates)
        for (product, device) in [(F.monthly, "ipad"), (F.coins, "iphone")] {
            let tx = try await phone.admin { try $0.buy(product, device: device) }
            let event = try #require(try await phone.admin { try $0.events() }.last { $0.transactionID == tx.id })
            #expect(event.device == device, "the Events panel and `events --json` show where it was bought")
            #expect(event.isOutsideApp)
            #expect(event.purchaseResultDevice == nil, "no purchase() returned it: every device hears it")
        }
        await pad.poll()
        #expect(await padUpdates.wait(for: 2).count == 2)
        #expect(await phoneUpdates.wait(for: 2).count == 2)
    }

    @Test("back-dated with renewUntilNow: one transaction per period up to now, each on updates")
    func renewUntilNow() async throws {
        let (store, _, _) = try F.device()
        let updates = Collected(store.updates)
        let bought = F.start.addingTimeInterval(-95 * Life.day) // 2025-10-28: renews Nov 28, Dec 28, Jan 28
        let tx = try await store.admin {
            try $0.buy(F.monthly, backdating: Backdating(purchaseDate: bought, renewal: .renewUntilNow))
        }
        #expect(tx.purchaseDate == bought)
        let received = await updates.wait(for: 4).map(\.unsafePayloadValue)
        #expect(received.count == 4)
        #expect(received.map(\.reason) == [.purchase, .renewal, .renewal, .renewal])
        #expect(Set(received.map(\.originalID)) == [tx.id])
        let status = try await Life.status(store)
        #expect(status.state == .subscribed)
        #expect(status.transaction.id == received.last?.id)
        #expect(status.transaction.expirationDate! > F.start)
    }

    @Test("back-dated with cancelImmediately: bought then, expired by now, no renewals")
    func cancelImmediately() async throws {
        let (store, _, _) = try F.device()
        let updates = Collected(store.updates)
        let bought = F.start.addingTimeInterval(-95 * Life.day)
        _ = try await store.admin {
            try $0.buy(F.monthly, backdating: Backdating(purchaseDate: bought, renewal: .cancelImmediately))
        }
        let status = try await Life.status(store)
        #expect(status.state == .expired)
        #expect(status.renewalInfo.expirationReason == .autoRenewDisabled)
        #expect(try await Life.entitledIDs(store).isEmpty)
        #expect(await updates.settle().map(\.unsafePayloadValue.reason) == [.purchase])
    }

    @Test("a purchase date in the future, or over a live subscription, is refused")
    func backdatingRefusals() async throws {
        let (store, _, _) = try F.device()
        await #expect(throws: StoreOperationError.self) {
            try await store.admin { try $0.buy(F.monthly, backdating: Backdating(purchaseDate: F.start.addingTimeInterval(60))) }
        }
        _ = try await Life.buy(store, F.monthly)
        await #expect(throws: StoreOperationError.self) {
            try await store.admin { try $0.buy(F.yearly, backdating: Backdating(purchaseDate: F.start.addingTimeInterval(-60))) }
        }
    }

    @Test("an offer code by reference name: offer type .code, its price and period")
    func codeOffer() async throws {
        let (store, _, _) = try F.device(catalog: Self.codes)
        let tx = try await store.admin { try $0.buy("coded.yearly", options: [.codeOffer(referenceName: "SPRING")]) }
        #expect(tx.offer?.type == .code)
        #expect(tx.offer?.id == "SPRING")
        #expect(tx.price == Decimal(string: "9.99"))
        #expect(Calendar(identifier: .gregorian).dateComponents([.month], from: tx.purchaseDate, to: tx.expirationDate!).month == 3)
    }

    @Test("an offer code applies to an in-app purchase too")
    func codeOfferInApp() async throws {
        let (store, _, _) = try F.device(catalog: Self.codes)
        let tx = try await Life.buy(store, "coded.yearly", [.codeOffer(referenceName: "SPRING")])
        #expect(tx.offer?.type == .code && tx.offer?.id == "SPRING")
        #expect(tx.price == Decimal(string: "9.99"))
    }

    @Test("a pay-as-you-go offer code renews at the offer's period and price, then the plan's")
    func codeOfferRenewals() async throws {
        let (store, _, clock) = try F.device(catalog: Self.codes)
        let tx = try await store.admin { try $0.buy("coded.yearly", options: [.codeOffer(referenceName: "TWO-MONTHS")]) }
        await Life.move(store, clock, to: tx.expirationDate!.addingTimeInterval(1))
        let second = try await Life.status(store, "CODED").transaction
        #expect(second.offer?.type == .code)
        #expect(second.price == Decimal(string: "0.99"))
        let month: TimeInterval = 32 * Life.day
        #expect(second.expirationDate!.timeIntervalSince(second.purchaseDate) < month, "the offer's period, not a year")
        await Life.move(store, clock, to: second.expirationDate!.addingTimeInterval(1))
        let third = try await Life.status(store, "CODED").transaction
        #expect(third.offer == nil)
        #expect(third.price == Decimal(string: "49.99"))
    }

    @Test("an unknown offer code, or one the customer may not redeem, throws its purchase error")
    func codeOfferRefusals() async throws {
        let (store, _, clock) = try F.device(catalog: Self.codes)
        await #expect(throws: PurchaseError.invalidOfferIdentifier) {
            try await store.admin { try $0.buy("coded.yearly", options: [.codeOffer(referenceName: "WINTER")]) }
        }
        let tx = try await store.admin { try $0.buy("coded.yearly") }
        _ = try await store.admin { try $0.cancel(tx.id) }
        await Life.move(store, clock, to: tx.expirationDate!.addingTimeInterval(1))
        await #expect(throws: PurchaseError.ineligibleForOffer) {
            try await store.admin { try $0.buy("coded.yearly", options: [.codeOffer(referenceName: "SPRING")]) }
        }
    }

    @Test("a promotional offer by id, quantity and account token are kept")
    func options() async throws {
        let (store, _, clock) = try F.device()
        let first = try await Life.buy(store, F.yearly)
        _ = try await store.admin { try $0.cancel(first.id) }
        await Life.move(store, clock, to: first.expirationDate!.addingTimeInterval(1))
        let promo = try await store.admin { try $0.buy(F.yearly, options: [.promotionalOffer("comeback", signature: nil)]) }
        #expect(promo.offer?.type == .promotional && promo.offer?.id == "comeback")
        let token = UUID()
        let coins = try await store.admin { try $0.buy(F.coins, options: [.quantity(3), .appAccountToken(token)]) }
        #expect(coins.purchasedQuantity == 3)
        #expect(coins.appAccountToken == token)
        await #expect(throws: StoreOperationError.self) { try await store.admin { try $0.buy(F.lifetime, options: [.quantity(2)]) } }
    }
}
