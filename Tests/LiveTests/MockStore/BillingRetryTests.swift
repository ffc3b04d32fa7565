import Foundation
import MockStore
import TestSupport
import Testing

/// §1.8 state machine, billing branch: payment fails at renewal, with and without a grace
/// period (`switches.billingRetryOnRenewal`, `billingGracePeriod`), B15, resolve.
@Suite("Lifecycle: billing retry and grace")
struct BillingRetryTests {
    typealias F = StoreFixtures

    @Test("retry without grace: no service, isInBillingRetry, no transaction, then expired .billingError")
    func retryWithoutGrace() async throws {
        let (store, _, clock) = try F.device()
        try await Life.billingRetry(store, grace: false)
        let tx = try await Life.buy(store, F.monthly)
        let expiry = try #require(tx.expirationDate)
        let updates = Collected(store.updates)
        let statuses = Collected(store.statusUpdates)

        await Life.move(store, clock, to: expiry.addingTimeInterval(1))
        let retry = try await Life.status(store)
        #expect(retry.state == .inBillingRetryPeriod)
        #expect(retry.renewalInfo.isInBillingRetry)
        #expect(retry.renewalInfo.gracePeriodExpirationDate == nil)
        #expect(retry.renewalInfo.expirationReason == nil)
        #expect(retry.renewalInfo.willAutoRenew, "the store keeps trying")
        #expect(retry.transaction.id == tx.id, "no new transaction while payment fails")
        #expect(try await Life.entitledIDs(store).isEmpty, "B15: billing retry has no service")
        #expect(await statuses.wait(for: 1).last?.state == .inBillingRetryPeriod)

        // Still retrying a day before the 60-day retry window closes.
        await Life.move(store, clock, to: expiry.addingTimeInterval(59 * Life.day))
        #expect(try await Life.status(store).state == .inBillingRetryPeriod)

        await Life.move(store, clock, to: expiry.addingTimeInterval(60 * Life.day + 1))
        let expired = try await Life.status(store)
        #expect(expired.state == .expired)
        #expect(expired.renewalInfo.expirationReason == .billingError)
        #expect(!expired.renewalInfo.isInBillingRetry)
        #expect(!expired.renewalInfo.willAutoRenew)
        #expect(try await Life.entitledIDs(store).isEmpty)
        #expect(await updates.settle().isEmpty, "a billing failure and its expiry emit no transaction")
        // Three status updates (billing failure, retry, expiry): the last one the store sent.
        #expect(await statuses.settle().last?.state == .expired)
    }

    @Test("grace: service kept, gracePeriodExpirationDate set; then retry without service; then expired")
    func graceThenRetry() async throws {
        let (store, _, clock) = try F.device()
        try await Life.billingRetry(store, grace: true)
        let tx = try await Life.buy(store, F.monthly)
        let expiry = try #require(tx.expirationDate)
        let updates = Collected(store.updates)

        await Life.move(store, clock, to: expiry.addingTimeInterval(1))
        let grace = try await Life.status(store)
        #expect(grace.state == .inGracePeriod)
        #expect(grace.renewalInfo.isInBillingRetry, "the store retries during grace too")
        #expect(grace.renewalInfo.gracePeriodExpirationDate == expiry.addingTimeInterval(16 * Life.day),
                "real time: 16 days for a monthly plan (§2.5)")
        #expect(try await Life.entitledIDs(store) == [F.monthly], "B15: grace keeps service")
        #expect(try await store.currentEntitlements.first?.unsafePayloadValue.id == tx.id)

        await Life.move(store, clock, to: expiry.addingTimeInterval(16 * Life.day + 1))
        let retry = try await Life.status(store)
        #expect(retry.state == .inBillingRetryPeriod)
        #expect(retry.renewalInfo.gracePeriodExpirationDate == nil, "non-nil only while in grace")
        #expect(retry.renewalInfo.isInBillingRetry)
        #expect(try await Life.entitledIDs(store).isEmpty, "B15: retry loses service")

        await Life.move(store, clock, to: expiry.addingTimeInterval(60 * Life.day + 1))
        let expired = try await Life.status(store)
        #expect(expired.state == .expired)
        #expect(expired.renewalInfo.expirationReason == .billingError)
        #expect(await updates.settle().isEmpty)
    }

    @Test("grace switch alone does nothing: renewals succeed")
    func graceWithoutRetry() async throws {
        let (store, _, clock) = try F.device()
        _ = try await store.admin { try $0.updateSettings { $0.switches.billingGracePeriod = true } }
        let tx = try await Life.buy(store, F.monthly)
        let updates = Collected(store.updates)
        await Life.move(store, clock, to: tx.expirationDate!.addingTimeInterval(1))
        #expect(try await Life.status(store).state == .subscribed)
        #expect(await updates.wait(for: 1).map(\.unsafePayloadValue.reason) == [.renewal])
    }

    @Test("resolve during retry: new transaction on updates, subscribed again", arguments: [false, true])
    func resolve(grace: Bool) async throws {
        let ledger = Ledger.inMemory()
        let (phone, _, clock) = try F.device("iphone", ledger: ledger)
        let (pad, _, _) = try F.device("ipad", ledger: ledger, clock: clock)
        try await Life.billingRetry(phone, grace: grace)
        let tx = try await Life.buy(phone, F.monthly)
        let expiry = try #require(tx.expirationDate)
        let phoneUpdates = Collected(phone.updates)
        let padUpdates = Collected(pad.updates)
        // Into retry (past grace when there is one).
        await Life.move(phone, clock, to: expiry.addingTimeInterval(20 * Life.day))
        #expect(try await Life.status(phone).state == .inBillingRetryPeriod)

        _ = try await phone.admin { try $0.updateSettings { $0.switches.billingRetryOnRenewal = false } }
        let text = try await phone.admin { try $0.resolve(tx.id) }
        #expect(text.contains("resolved the billing issue"))
        let recovered = try #require(await phoneUpdates.wait(for: 1).first?.unsafePayloadValue)
        #expect(recovered.id > tx.id)
        #expect(recovered.originalID == tx.originalID)
        #expect(recovered.productID == F.monthly)
        #expect(recovered.purchaseDate == expiry.addingTimeInterval(20 * Life.day), "the new period starts when billing recovers")
        #expect(recovered.expirationDate! > recovered.purchaseDate)
        await pad.poll()
        #expect(await padUpdates.wait(for: 2).map(\.unsafePayloadValue.id) == [tx.id, recovered.id], "every device hears of it")
        let status = try await Life.status(phone)
        #expect(status.state == .subscribed)
        #expect(!status.renewalInfo.isInBillingRetry)
        #expect(try await phone.currentEntitlements.map(\.unsafePayloadValue.id) == [recovered.id])
        // Resolving again is refused with a sentence.
        await #expect(throws: StoreOperationError.self) { try await phone.admin { try $0.resolve(tx.id) } }
    }

    @Test("resolve during grace keeps service throughout")
    func resolveInGrace() async throws {
        let (store, _, clock) = try F.device()
        try await Life.billingRetry(store, grace: true)
        let tx = try await Life.buy(store, F.monthly)
        await Life.move(store, clock, to: tx.expirationDate!.addingTimeInterval(Life.day))
        #expect(try await Life.status(store).state == .inGracePeriod)
        _ = try await store.admin { try $0.resolve(tx.id) }
        #expect(try await Life.status(store).state == .subscribed)
        #expect(try await Life.entitledIDs(store) == [F.monthly])
    }

    @Test("recovery during grace keeps the billing date: the next period starts at the original expiry")
    func resolveInGraceKeepsBillingDate() async throws {
        let (store, _, clock) = try F.device()
        try await Life.billingRetry(store, grace: true)
        let tx = try await Life.buy(store, F.monthly)
        let expiry = try #require(tx.expirationDate)
        let updates = Collected(store.updates)
        await Life.move(store, clock, to: expiry.addingTimeInterval(5 * Life.day))
        #expect(try await Life.status(store).state == .inGracePeriod)

        _ = try await store.admin { try $0.resolve(tx.id) }
        let recovered = try #require(await updates.wait(for: 1).first?.unsafePayloadValue)
        #expect(recovered.purchaseDate == expiry, "no interruption of paid service: the period starts at the old expiry")
        #expect(recovered.expirationDate == SubscriptionPeriod.monthly.advance(expiry), "the billing date is unchanged")
        #expect(recovered.signedDate == expiry.addingTimeInterval(5 * Life.day), "signed when the store charged")
        let status = try await Life.status(store)
        #expect(status.state == .subscribed)
        #expect(status.renewalInfo.renewalDate == SubscriptionPeriod.monthly.advance(expiry))
    }

    @Test("compressed rate: grace and retry follow the rate (30 s rate: 15 s grace, 60 s retry)")
    func compressedRate() async throws {
        let (store, _, clock) = try F.device()
        _ = try await store.admin { try $0.setRate(.monthlyRenewalEveryThirtySeconds) }
        try await Life.billingRetry(store, grace: true)
        let tx = try await Life.buy(store, F.monthly)
        let expiry = try #require(tx.expirationDate)
        #expect(expiry.timeIntervalSince(tx.purchaseDate) == 30)
        await Life.move(store, clock, to: expiry.addingTimeInterval(1))
        #expect(try await Life.status(store).renewalInfo.gracePeriodExpirationDate == expiry.addingTimeInterval(15))
        await Life.move(store, clock, to: expiry.addingTimeInterval(16))
        #expect(try await Life.status(store).state == .inBillingRetryPeriod)
        await Life.move(store, clock, to: expiry.addingTimeInterval(61))
        #expect(try await Life.status(store).state == .expired)
        #expect(try await Life.status(store).renewalInfo.expirationReason == .billingError)
    }
}
