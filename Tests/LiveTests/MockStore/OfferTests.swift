import Foundation
import MockStore
import TestSupport
import Testing

/// B7 intro eligibility (both rules), pay-as-you-go promotional offers, win-back offers.
@Suite("Lifecycle: offers and eligibility")
struct OfferTests {
    typealias F = StoreFixtures

    /// Monthly Pro with a three-month pay-as-you-go promotional offer at 1.99.
    static var promoCatalog: Catalog {
        var catalog = F.catalog
        let index = catalog.products.firstIndex { $0.id == F.monthly }!
        catalog.products[index].subscription!.promotionalOffers = [
            CatalogOffer(id: "three-for-199", type: .promotional, paymentMode: .payAsYouGo, period: .monthly,
                         periodCount: 3, price: Decimal(string: "1.99")!),
        ]
        return catalog
    }

    @Test("default rule: any transaction in the group ends intro eligibility for the whole group")
    func anySubscriptionRule() async throws {
        let (store, _, clock) = try F.device()
        #expect(try await store.isEligibleForIntroOffer(groupID: F.group))
        #expect(try await store.snapshot().introEligibleGroupIDs == [F.group])
        let basic = try await Life.buy(store, F.basic) // no intro offer configured on Basic
        #expect(basic.offer == nil)
        #expect(try await store.isEligibleForIntroOffer(groupID: F.group) == false)
        _ = try await store.admin { try $0.cancel(basic.id) }
        await Life.move(store, clock, to: basic.expirationDate!.addingTimeInterval(1))
        let yearly = try await Life.buy(store, F.yearly)
        #expect(yearly.offer == nil)
        #expect(yearly.price == Decimal(string: "39.99"))
    }

    @Test("narrow rule: only a received intro offer ends eligibility")
    func receivedIntroOfferRule() async throws {
        let (store, _, clock) = try F.device()
        _ = try await store.admin { try $0.updateSettings { $0.introRule = .receivedIntroOffer } }
        let basic = try await Life.buy(store, F.basic)
        #expect(try await store.isEligibleForIntroOffer(groupID: F.group), "subscribed, but never had an intro offer")
        _ = try await store.admin { try $0.cancel(basic.id) }
        await Life.move(store, clock, to: basic.expirationDate!.addingTimeInterval(1))
        let yearly = try await Life.buy(store, F.yearly)
        #expect(yearly.offer == Transaction.Offer(id: nil, type: .introductory, paymentMode: .freeTrial))
        #expect(yearly.price == 0)
        #expect(yearly.expirationDate == yearly.purchaseDate.addingTimeInterval(7 * Life.day))
        #expect(try await store.isEligibleForIntroOffer(groupID: F.group) == false)
        // After the trial, the regular price (S2).
        let updates = Collected(store.updates)
        await Life.move(store, clock, to: yearly.expirationDate!.addingTimeInterval(1))
        let renewal = try #require(await updates.wait(for: 1).first?.unsafePayloadValue)
        #expect(renewal.offer == nil)
        #expect(renewal.price == Decimal(string: "39.99"))
        #expect(renewal.expirationDate == SubscriptionPeriod.yearly.advance(renewal.purchaseDate))
    }

    @Test("promotional pay-as-you-go: offer price for each offer period, then the regular price")
    func promotionalPayAsYouGo() async throws {
        let (store, _, clock) = try F.device(catalog: Self.promoCatalog)
        let first = try await Life.buy(store, F.monthly)
        _ = try await store.admin { try $0.cancel(first.id) }
        await Life.move(store, clock, to: first.expirationDate!.addingTimeInterval(1))
        #expect(try await Life.status(store).state == .expired)

        let promo = try await Life.buy(store, F.monthly, [try await F.promotionalOffer("three-for-199", for: F.monthly, store: store)])
        #expect(promo.offer == Transaction.Offer(id: "three-for-199", type: .promotional, paymentMode: .payAsYouGo))
        #expect(promo.price == Decimal(string: "1.99"))
        #expect(try await Life.status(store).renewalInfo.renewalPrice == Decimal(string: "1.99"))
        let updates = Collected(store.updates)
        var end = try #require(promo.expirationDate)
        var renewals: [Transaction] = []
        for _ in 0..<3 {
            await Life.move(store, clock, to: end.addingTimeInterval(1))
            let renewal = try #require(await updates.wait(for: renewals.count + 1).last?.unsafePayloadValue)
            #expect(renewal.purchaseDate == end)
            renewals.append(renewal)
            end = try #require(renewal.expirationDate)
        }
        #expect(renewals.map(\.price) == [Decimal(string: "1.99"), Decimal(string: "1.99"), Decimal(string: "4.99")])
        #expect(renewals.map { $0.offer?.type } == [.promotional, .promotional, nil])
        #expect(try await Life.status(store).renewalInfo.renewalPrice == Decimal(string: "4.99"))
    }

    @Test("pay-as-you-go periods last the offer's period, also at renewal (yearly plan, monthly offer)")
    func payAsYouGoOfferPeriod() async throws {
        let (store, _, clock) = try F.device()
        let first = try await Life.buy(store, F.yearly) // intro trial
        _ = try await store.admin { try $0.cancel(first.id) }
        await Life.move(store, clock, to: first.expirationDate!.addingTimeInterval(1))
        // Fixture: "comeback" is 3 × 1 month at 1.99 on the yearly plan.
        let promo = try await Life.buy(store, F.yearly, [try await F.promotionalOffer("comeback", for: F.yearly, store: store)])
        #expect(promo.expirationDate == SubscriptionPeriod.monthly.advance(promo.purchaseDate))
        let updates = Collected(store.updates)
        var end = promo.expirationDate!
        var renewals: [Transaction] = []
        for _ in 0..<3 {
            await Life.move(store, clock, to: end.addingTimeInterval(1))
            let renewal = try #require(await updates.wait(for: renewals.count + 1).last?.unsafePayloadValue)
            renewals.append(renewal)
            end = renewal.expirationDate!
        }
        #expect(renewals[0].expirationDate == SubscriptionPeriod.monthly.advance(renewals[0].purchaseDate))
        #expect(renewals[1].expirationDate == SubscriptionPeriod.monthly.advance(renewals[1].purchaseDate))
        #expect(renewals[2].expirationDate == SubscriptionPeriod.yearly.advance(renewals[2].purchaseDate))
        #expect(renewals.map(\.price) == [Decimal(string: "1.99"), Decimal(string: "1.99"), Decimal(string: "39.99")])
    }

    @Test("promotional offers: unknown id and never-subscribed customers are refused")
    func promotionalRefusals() async throws {
        let (store, _, _) = try F.device(catalog: Self.promoCatalog)
        let promo = try await F.promotionalOffer("three-for-199", for: F.monthly, store: store)
        await #expect(throws: PurchaseError.ineligibleForOffer) {
            try await store.purchase(productID: F.monthly, options: [promo])
        }
        let nope = try await F.promotionalOffer("nope", for: F.monthly, store: store)
        await #expect(throws: PurchaseError.invalidOfferIdentifier) {
            try await store.purchase(productID: F.monthly, options: [nope])
        }
        await #expect(throws: PurchaseError.invalidOfferIdentifier) {
            try await store.purchase(productID: F.lifetime, options: [promo])
        }
        #expect(try await store.all.isEmpty)
    }

    @Test("win-back only when expired: refused while subscribed or never subscribed, applied after expiry")
    func winBack() async throws {
        let (store, _, clock) = try F.device()
        await #expect(throws: PurchaseError.ineligibleForOffer) {
            try await store.purchase(productID: F.yearly, options: [.winBackOffer("winback")])
        }
        let first = try await Life.buy(store, F.yearly)
        await #expect(throws: PurchaseError.ineligibleForOffer) {
            try await store.purchase(productID: F.yearly, options: [.winBackOffer("winback")])
        }
        #expect(try await Life.status(store).renewalInfo.eligibleWinBackOfferIDs.isEmpty)
        _ = try await store.admin { try $0.cancel(first.id) }
        await Life.move(store, clock, to: first.expirationDate!.addingTimeInterval(1))
        let expired = try await Life.status(store)
        #expect(expired.state == .expired)
        #expect(expired.renewalInfo.eligibleWinBackOfferIDs == ["winback"])
        await #expect(throws: PurchaseError.invalidOfferIdentifier) {
            try await store.purchase(productID: F.yearly, options: [.winBackOffer("nope")])
        }
        let back = try await Life.buy(store, F.yearly, [.winBackOffer("winback")])
        #expect(back.offer == Transaction.Offer(id: "winback", type: .winBack, paymentMode: .payAsYouGo))
        #expect(back.price == Decimal(string: "2.49"))
        #expect(back.originalID == first.originalID)
        #expect(try await Life.entitledIDs(store) == [F.yearly])
    }

    /// The fixture's yearly plan with a second win-back offer the file marks `isEligible: false`.
    static var winBackCatalog: Catalog {
        var catalog = F.catalog
        let index = catalog.products.firstIndex { $0.id == F.yearly }!
        var closed = CatalogOffer(id: "closed", type: .winBack, paymentMode: .payAsYouGo, period: .monthly, periodCount: 2,
                                  price: Decimal(string: "0.99")!)
        closed.isEligible = false
        catalog.products[index].subscription!.winBackOffers.append(closed)
        return catalog
    }

    @Test("win-back: an offer the file marks isEligible false is neither listed nor redeemable")
    func winBackHonoursFileEligibility() async throws {
        let (store, _, clock) = try F.device(catalog: Self.winBackCatalog)
        let first = try await Life.buy(store, F.yearly)
        _ = try await store.admin { try $0.cancel(first.id) }
        await Life.move(store, clock, to: first.expirationDate!.addingTimeInterval(1))
        #expect(try await Life.status(store).renewalInfo.eligibleWinBackOfferIDs == ["winback"])
        await #expect(throws: PurchaseError.ineligibleForOffer) {
            try await store.purchase(productID: F.yearly, options: [.winBackOffer("closed")])
        }
        let back = try await Life.buy(store, F.yearly, [.winBackOffer("winback")])
        #expect(back.offer?.id == "winback")
    }

    @Test("win-back: none during grace or billing retry", arguments: [true, false])
    func noWinBackWhileBillingFails(grace: Bool) async throws {
        let (store, _, clock) = try F.device()
        try await Life.billingRetry(store, grace: grace)
        let first = try await Life.buy(store, F.yearly)
        await Life.move(store, clock, to: first.expirationDate!.addingTimeInterval(1))
        let status = try await Life.status(store)
        #expect(status.state == (grace ? .inGracePeriod : .inBillingRetryPeriod))
        #expect(status.renewalInfo.eligibleWinBackOfferIDs.isEmpty)
        await #expect(throws: PurchaseError.ineligibleForOffer) {
            try await store.purchase(productID: F.yearly, options: [.winBackOffer("winback")])
        }
    }
}
