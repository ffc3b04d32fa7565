import AppStoreServer
import Foundation
import MockStore
import TestSupport
import Testing

@Suite("Offers in the signed payloads and notifications")
struct OfferPayloadTests {
    static let context = SignedDataContext(environment: .sandbox, bundleID: StoreFixtures.bundleID)

    func json(_ data: Data) -> [String: Any] { (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:] }

    /// Basic, then Pro Yearly with its promotional offer "comeback" (pay as you go, 3 × 1 month).
    func upgradeWithOffer() async throws -> (APIFixture, MockStore.Transaction) {
        let fixture = try APIFixture()
        _ = try await fixture.store.admin { try $0.setNotificationURL("http://127.0.0.1:9/notifications") }
        _ = try await fixture.buy(StoreFixtures.basic)
        let offer = try await StoreFixtures.promotionalOffer("comeback", for: StoreFixtures.yearly, store: fixture.store)
        let upgraded = try await fixture.store.admin { try $0.buy(StoreFixtures.yearly, options: [offer]) }
        return (fixture, upgraded)
    }

    @Test("an upgrade bought with an offer sends OFFER_REDEEMED UPGRADE and carries the offer")
    func upgradeWithAnOffer() async throws {
        let (fixture, upgraded) = try await upgradeWithOffer()
        let last = try #require(try fixture.store.notifications().last)
        #expect([last.type.rawValue, last.subtype?.rawValue] == ["OFFER_REDEEMED", "UPGRADE"])
        #expect(upgraded.offer?.id == "comeback")
        let signed = json(SignedPayload.transaction(upgraded, context: Self.context))
        #expect(signed["offerType"] as? Int == 2)
        #expect(signed["offerIdentifier"] as? String == "comeback")
        #expect(signed["offerDiscountType"] as? String == "PAY_AS_YOU_GO")
        #expect(signed["offerPeriod"] as? String == "P3M")
    }

    @Test("an upgrade without an offer is still DID_CHANGE_RENEWAL_PREF UPGRADE, with no offer fields")
    func upgradeWithoutAnOffer() async throws {
        let fixture = try APIFixture()
        _ = try await fixture.store.admin { try $0.setNotificationURL("http://127.0.0.1:9/notifications") }
        _ = try await fixture.buy(StoreFixtures.basic)
        let upgraded = try await fixture.buy(StoreFixtures.monthly)
        let last = try #require(try fixture.store.notifications().last)
        #expect([last.type.rawValue, last.subtype?.rawValue] == ["DID_CHANGE_RENEWAL_PREF", "UPGRADE"])
        let signed = json(SignedPayload.transaction(upgraded, context: Self.context))
        #expect(signed["offerPeriod"] == nil)
        #expect(signed["offerType"] == nil)
    }

    @Test("the renewal info names the offer the next period has, while pay-as-you-go periods are left")
    func renewalInfoNamesTheNextOffer() async throws {
        let (fixture, _) = try await upgradeWithOffer()
        let status = try #require(try await fixture.store.admin { try $0.statuses() }.first)
        let info = json(SignedPayload.renewalInfo(status, context: Self.context))
        #expect(info["offerType"] as? Int == 2)
        #expect(info["offerIdentifier"] as? String == "comeback")
        #expect(info["offerDiscountType"] as? String == "PAY_AS_YOU_GO")
        #expect(info["offerPeriod"] as? String == "P3M")
        // Two more offer periods, then full price: the renewal info says so.
        for _ in 0..<2 { _ = try await fixture.store.admin { try $0.advanceToNextRenewal() } }
        let last = try #require(try await fixture.store.admin { try $0.statuses() }.first)
        #expect(last.transaction.offer?.id == "comeback")
        #expect(json(SignedPayload.transaction(last.transaction, context: Self.context))["offerPeriod"] as? String == "P3M")
        let fullPrice = json(SignedPayload.renewalInfo(last, context: Self.context))
        #expect(fullPrice["offerType"] == nil)
        #expect(fullPrice["offerPeriod"] == nil)
    }

    @Test("a transaction without an offer has no offer fields; a renewal info at full price neither")
    func noOffer() async throws {
        let fixture = try APIFixture()
        let bought = try await fixture.buy(StoreFixtures.monthly)
        #expect(json(SignedPayload.transaction(bought, context: Self.context))["offerPeriod"] == nil)
        let status = try #require(try await fixture.store.admin { try $0.statuses() }.first)
        let info = json(SignedPayload.renewalInfo(status, context: Self.context))
        #expect(info["offerType"] == nil)
        #expect(info["offerIdentifier"] == nil)
    }
}
