@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import TestSupport
import Testing
@testable import TollboothApp

/// `p` buys the focused plan with its promotional offer, which the app signs with the catalog's
/// subscription offers key as its server would; a customer who never subscribed gets none.
@Suite struct PromotionalOfferFlowTests {
    let directory = goldenDirectory()

    /// The example's products, the monthly plan with a 3-month offer at $1.99.
    static func withOffer(_ language: Language, snapshot: StoreSnapshot) -> PaywallState {
        var state = Fixture.state(language, snapshot: snapshot)
        var products = Fixture.products(language)
        let offer = Product.SubscriptionOffer(id: "comeback", type: .promotional, displayPrice: language == .ja ? "¥200" : "$1.99",
                                              price: language == .ja ? 200 : Decimal(string: "1.99")!, paymentMode: .payAsYouGo,
                                              period: .monthly, periodCount: 3)
        products[1].subscription?.promotionalOffers = [offer]
        send(&state, .productsLoaded(products))
        state.focus = .plan(Fixture.monthly)
        return state
    }

    @Test(arguments: spelledOutLanguages)
    func aSubscriberChoosesTheOfferAndConfirms(language: Language) {
        var state = Self.withOffer(language, snapshot: Fixture.subscribed(Fixture.yearly, state: .expired, willAutoRenew: false))
        #expect(send(&state, char("p")).isEmpty)
        #expect(state.overlay == .promoConfirm(productID: Fixture.monthly, offerID: "comeback", focus: .confirm))
        assertGolden(view(state, size: state.size), named: "sheet-\(language)-promotional-offer", in: directory)
        #expect(send(&state, key(.enter)) == [.purchaseWithOffer(productID: Fixture.monthly, offerID: "comeback")])
        #expect(state.overlay == nil)
    }

    @Test func aNewCustomerHasNoPromotionalOffer() {
        var state = Self.withOffer(.en, snapshot: Fixture.snapshot())
        send(&state, char("p"))
        #expect(state.overlay == nil)
        #expect(state.message == .noPromotionalOffer(productID: Fixture.monthly))
    }

    /// The effect against a real store: the app signs with the catalog's key and the purchase
    /// carries the offer; with no key in the catalog StoreKit's `missingOfferParameters` comes back.
    @Test func theAppSignsWithTheCatalogsKey() async throws {
        for hasKey in [true, false] {
            var catalog = StoreFixtures.catalog
            if !hasKey { catalog.subscriptionOffersKey = nil }
            let (store, _, clock) = try StoreFixtures.device(catalog: catalog)
            let first = try await store.admin { try $0.buy(StoreFixtures.yearly) }
            _ = try await store.admin { try $0.cancel(first.id) }
            clock.set(first.expirationDate!.addingTimeInterval(1))
            await store.poll()
            let answer = await EffectPerformer.perform(.purchaseWithOffer(productID: StoreFixtures.yearly, offerID: "comeback"),
                                                       on: store)
            guard case .purchaseFinished(_, let result)? = answer.first else { Issue.record("got \(answer)"); return }
            if hasKey {
                guard case .success(let tx) = result else { Issue.record("got \(result)"); return }
                #expect(tx.offer?.type == .promotional && tx.offer?.id == "comeback")
            } else {
                #expect(result == .failed(.purchase(.missingOfferParameters)))
            }
        }
    }
}
