import Foundation
import MockStore
import TestSupport
import Testing

/// Redeeming an offer code as in the App Store's redeem sheet: the code is an offer's reference
/// name or internal id in any case; the subscription arrives on `updates` with a `.code` offer.
@Suite("Lifecycle: redeeming offer codes")
struct OfferCodeRedemptionTests {
    typealias F = StoreFixtures

    /// Two offer codes, the second with an internal ID (`Life.redeemableCodes`).
    static var catalog: Catalog { Life.redeemableCodes }

    @Test("a code, in any case, arrives on updates on the redeeming device with its code offer")
    func redeem() async throws {
        let (store, _, _) = try F.device(catalog: Self.catalog)
        let updates = Collected(store.updates)
        let tx = try await store.admin { try $0.redeem(code: "spring", device: "iphone") }
        let received = try #require(await updates.wait(for: 1).first?.unsafePayloadValue)
        #expect(received.id == tx.id)
        #expect(received.offer?.type == .code && received.offer?.id == "SPRING")
        #expect(received.productID == "coded.yearly")
        #expect(received.price == Decimal(string: "9.99"))
    }

    @Test("an offer's internal id works as its code")
    func internalID() async throws {
        let (store, _, _) = try F.device(catalog: Self.catalog)
        let tx = try await store.admin { try $0.redeem(code: "6740000001") }
        #expect(tx.offer?.id == "TWO-MONTHS")
    }

    @Test("an unknown code names the catalog's codes; an ineligible one throws ineligibleForOffer")
    func refusals() async throws {
        let (store, _, _) = try F.device(catalog: Self.catalog)
        let error = await #expect(throws: StoreOperationError.self) {
            try await store.admin { try $0.redeem(code: "WINTER") }
        }
        #expect(error?.description.contains("SPRING, TWO-MONTHS") == true)
        _ = try await store.admin { try $0.buy("coded.yearly") }
        await #expect(throws: PurchaseError.ineligibleForOffer) {
            try await store.admin { try $0.redeem(code: "SPRING") }
        }
    }
}
