import Foundation
import MockStore
import TestSupport
import Testing
@testable import TollboothApp

/// The offer code sheet's effects, performed on a real store: the subscription a code redeems
/// arrives on `updates`.
@Suite struct OfferCodeEffectTests {
    /// The effects against a real store: the sheet's fault, an unknown code, and a good one,
    /// which reaches this device's `updates` with its code offer.
    @Test func effectsAgainstTheStore() async throws {
        var catalog = StoreFixtures.catalog
        let index = catalog.products.firstIndex { $0.id == StoreFixtures.yearly }!
        catalog.products[index].subscription!.codeOffers = [
            CatalogOffer(referenceName: "SPRING", type: .code, paymentMode: .payUpFront,
                         period: SubscriptionPeriod(value: 3, unit: .month), price: Decimal(string: "9.99")!),
        ]
        let (store, _, _) = try StoreFixtures.device(catalog: catalog)
        try await store.admin { try $0.setFault(FaultRule(api: .offerCodeRedeem, error: .storeKit(.systemError), mode: .times(remaining: 1))) }
        #expect(await EffectPerformer.perform(.presentRedeemSheet, on: store)
            == [.redeemSheetPresented(failure: .storeKit(.systemError))])
        #expect(await EffectPerformer.perform(.presentRedeemSheet, on: store) == [.redeemSheetPresented(failure: nil)])
        #expect(await EffectPerformer.perform(.redeem(code: "winter"), on: store) == [.redeemFinished(.unknownCode("winter"))])
        let updates = Collected(store.updates)
        let answer = await EffectPerformer.perform(.redeem(code: "spring"), on: store)
        guard case .redeemFinished(.redeemed(let tx))? = answer.first else { Issue.record("got \(answer)"); return }
        #expect(tx.offer?.type == .code && tx.offer?.id == "SPRING")
        let delivered = await updates.wait(for: 1).first?.unsafePayloadValue
        #expect(delivered?.id == tx.id && delivered?.device == store.device)
    }
}
