import Foundation
import MockStore
import TestSupport
import Testing

/// Price increases that need consent (SKTestSession's request / consent / decline): status
/// changes heard on `Status.updates`, no transactions; a subscription without consent expires
/// at the period's end with `.didNotConsentToPriceIncrease`.
@Suite("Lifecycle: price increase consent")
struct PriceIncreaseTests {
    typealias F = StoreFixtures

    @Test("request then decline: auto-renew off, and the period's end expires it for not consenting")
    func decline() async throws {
        let (store, _, clock) = try F.device()
        let tx = try await Life.buy(store, F.monthly)
        let statuses = Collected(store.statusUpdates)
        let updates = Collected(store.updates)
        _ = try await store.admin { try $0.requestPriceIncreaseConsent(tx.id) }
        #expect(await statuses.wait(for: 1).last?.renewalInfo.priceIncreaseStatus == .pending)
        #expect(try await Life.status(store).renewalInfo.willAutoRenew, "asking alone does not cancel")
        _ = try await store.admin { try $0.declinePriceIncrease(tx.id) }
        let declined = try #require(await statuses.wait(for: 2).last)
        #expect(!declined.renewalInfo.willAutoRenew)
        #expect(declined.state == .subscribed, "access continues to the period's end")
        await Life.move(store, clock, to: tx.expirationDate!.addingTimeInterval(1))
        let status = try await Life.status(store)
        #expect(status.state == .expired)
        #expect(status.renewalInfo.expirationReason == .didNotConsentToPriceIncrease)
        #expect(try await Life.entitledIDs(store).isEmpty)
        #expect(await updates.settle().isEmpty, "no transaction for any of it")
    }

    @Test("request then consent: agreed, and it renews; the renewal clears the status")
    func consent() async throws {
        let (store, _, clock) = try F.device()
        let tx = try await Life.buy(store, F.monthly)
        let statuses = Collected(store.statusUpdates)
        _ = try await store.admin { try $0.requestPriceIncreaseConsent(tx.id) }
        _ = try await store.admin { try $0.consentToPriceIncrease(tx.id) }
        #expect(await statuses.wait(for: 2).last?.renewalInfo.priceIncreaseStatus == .agreed)
        await Life.move(store, clock, to: tx.expirationDate!.addingTimeInterval(1))
        let status = try await Life.status(store)
        #expect(status.state == .subscribed)
        #expect(status.transaction.id != tx.id && status.transaction.reason == .renewal)
        #expect(status.renewalInfo.priceIncreaseStatus == .noIncreasePending)
    }

    @Test("an unanswered request expires the subscription at the period's end")
    func unanswered() async throws {
        let (store, _, clock) = try F.device()
        let tx = try await Life.buy(store, F.monthly)
        _ = try await store.admin { try $0.requestPriceIncreaseConsent(tx.id) }
        await Life.move(store, clock, to: tx.expirationDate!.addingTimeInterval(1))
        #expect(try await Life.status(store).renewalInfo.expirationReason == .didNotConsentToPriceIncrease)
    }

    @Test("consent or decline without a request, or a request on a non-subscription, is refused")
    func refusals() async throws {
        let (store, _, _) = try F.device()
        let tx = try await Life.buy(store, F.monthly)
        let lifetime = try await Life.buy(store, F.lifetime)
        await #expect(throws: StoreOperationError.self) { try await store.admin { try $0.consentToPriceIncrease(tx.id) } }
        await #expect(throws: StoreOperationError.self) { try await store.admin { try $0.declinePriceIncrease(tx.id) } }
        await #expect(throws: StoreOperationError.self) { try await store.admin { try $0.requestPriceIncreaseConsent(lifetime.id) } }
        _ = try await store.admin { try $0.requestPriceIncreaseConsent(tx.id) }
        await #expect(throws: StoreOperationError.self) { try await store.admin { try $0.requestPriceIncreaseConsent(tx.id) } }
    }
}
