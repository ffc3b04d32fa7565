import Foundation
import MockStore
import TestSupport
import Testing

/// docs/domain.md §2.6: a refund request is pending until the App Store decides it (grant,
/// prorated grant or decline, by Tollbooth's rule or as told); a refund can be reversed, which
/// gives the entitlement back. Store time is stepped by hand.
@Suite("Lifecycle: refund requests, decisions and reversals")
struct RefundLifecycleTests {
    typealias F = StoreFixtures

    func transaction(_ store: Store, _ id: UInt64) async throws -> Transaction {
        try #require(try await store.admin { try $0.transactions() }.first { $0.id == id })
    }

    @Test("a request is pending and changes nothing; a second is refused; declining revokes nothing")
    func requestThenDecline() async throws {
        let (store, _, clock) = try F.device()
        let tx = try await Life.buy(store, F.lifetime)
        _ = try await store.admin { try $0.requestRefund(tx.id, reason: .unsatisfiedWithPurchase) }
        #expect(try await transaction(store, tx.id).refundState == .requested)
        #expect(try await Life.entitledIDs(store) == [F.lifetime])
        let twice = await #expect(throws: StoreOperationError.self) { try await store.admin { try $0.requestRefund(tx.id) } }
        #expect(twice?.description.contains("already has a refund request open") == true)
        clock.advance(by: 12 * 3600)
        let text = try await store.admin { try $0.decideRefund(tx.id, .decline) }
        #expect(text.contains("declined"))
        let after = try await transaction(store, tx.id)
        #expect(after.refundState == .declined && after.revocationDate == nil)
        #expect(try await Life.entitledIDs(store) == [F.lifetime])
        let again = await #expect(throws: StoreOperationError.self) { try await store.admin { try $0.decideRefund(tx.id) } }
        #expect(again?.description.contains("no refund request is open") == true)
    }

    @Test("Tollbooth's rule follows the developer's refundPreference, else grants in full")
    func ruling() async throws {
        let (store, _, _) = try F.device()
        let plain = try await Life.buy(store, F.coins)
        _ = try await store.admin { try $0.requestRefund(plain.id) }
        _ = try await store.admin { try $0.decideRefund(plain.id) }
        let full = try await transaction(store, plain.id)
        #expect(full.revocationType == .fullRefund && full.revocationPercentage == 100 && full.refundState == nil)

        let answered = try await Life.buy(store, F.coins)
        _ = try await store.admin { try $0.requestRefund(answered.id) }
        let info = ConsumptionInformation(version: 2, preference: .grantProrated, delivered: true, consumedMillipercent: 25_000, body: "{}")
        _ = try await store.admin { try $0.recordConsumption(answered.id, info) }
        _ = try await store.admin { try $0.decideRefund(answered.id) }
        let prorated = try await transaction(store, answered.id)
        #expect(prorated.revocationType == .proratedRefund)
        #expect(prorated.revocationPercentage == 75, "100% less the 25% consumed")
    }

    @Test("a prorated subscription refund: the share is the time left, the subscription is revoked; reversal restores it")
    func proratedThenReversed() async throws {
        let (store, _, clock) = try F.device()
        let updates = Collected(store.updates)
        let tx = try await Life.buy(store, F.monthly)
        let period = tx.expirationDate!.timeIntervalSince(tx.purchaseDate)
        clock.advance(by: period / 4)
        await store.poll()
        _ = try await store.admin { try $0.requestRefund(tx.id, reason: .fulfillmentIssue) }
        _ = try await store.admin { try $0.decideRefund(tx.id, .grantProrated) }
        let refunded = try #require(await updates.wait(for: 1).last?.unsafePayloadValue)
        #expect(refunded.revocationType == .proratedRefund)
        #expect(refunded.revocationPercentage == 75, "three quarters of the period were left")
        #expect(refunded.revocationReason == .developerIssue, "a fulfillment issue is an issue in the app")
        #expect(try await Life.entitledIDs(store).isEmpty)
        #expect(try await Life.status(store).state == .revoked)

        clock.advance(by: 3600)
        _ = try await store.admin { try $0.reverseRefund(tx.id) }
        let reversed = try #require(await updates.wait(for: 2).last?.unsafePayloadValue)
        #expect(reversed.id == tx.id)
        #expect(reversed.revocationDate == nil && reversed.revocationType == nil && reversed.revocationPercentage == nil)
        #expect(reversed.refundState == .reversed)
        #expect(try await Life.entitledIDs(store) == [F.monthly])
        #expect(try await Life.status(store).state == .subscribed)
        let twice = await #expect(throws: StoreOperationError.self) { try await store.admin { try $0.reverseRefund(tx.id) } }
        #expect(twice?.description.contains("not refunded") == true)
    }

    @Test("a plain refund settles an open request; Send Consumption Information needs one open")
    func plainRefundSettles() async throws {
        let (store, _, _) = try F.device()
        let tx = try await Life.buy(store, F.coins)
        _ = try await store.admin { try $0.requestRefund(tx.id) }
        _ = try await store.admin { try $0.refund(tx.id) }
        #expect(try await transaction(store, tx.id).refundState == nil)
        let info = ConsumptionInformation(version: 2, preference: nil, delivered: true, consumedMillipercent: nil, body: "{}")
        await #expect(throws: ConsumptionRefusal.noOpenRequest(tx.id, nil)) { try await store.admin { try $0.recordConsumption(tx.id, info) } }
    }
}
