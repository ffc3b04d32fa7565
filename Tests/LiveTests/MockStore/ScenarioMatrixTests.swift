import Foundation
import MockStore
import TestSupport
import Testing

/// One test per row of the scenario matrix (docs/domain.md §4, S1–S17).
@Suite("Scenario matrix")
struct ScenarioMatrixTests {
    typealias F = StoreFixtures

    func buy(_ store: Store, _ id: String, _ options: Set<PurchaseOption> = []) async throws -> Transaction {
        let result = try await store.purchase(productID: id, options: options)
        guard case .success(let verification) = result else {
            Issue.record("expected success, got \(result)")
            throw CancellationError()
        }
        return try verification.payloadValue
    }

    func entitledIDs(_ store: Store) async throws -> [String] {
        try await store.currentEntitlements.map { $0.unsafePayloadValue.productID }.sorted()
    }

    @Test("S1 first subscription purchase")
    func s1() async throws {
        let (store, _, _) = try F.device()
        let updates = Collected(store.updates)
        #expect(try await store.isEligibleForIntroOffer(groupID: F.group))
        let tx = try await buy(store, F.yearly)
        #expect(tx.reason == .purchase)
        #expect(tx.offer?.type == .introductory)
        #expect(tx.offer?.paymentMode == .freeTrial)
        #expect(tx.price == 0)
        #expect(tx.expirationDate == tx.purchaseDate.addingTimeInterval(7 * 86400))
        #expect(!tx.isFinished)
        #expect(try await store.unfinished.map(\.unsafePayloadValue.id) == [tx.id])
        #expect(try await entitledIDs(store) == [F.yearly])
        let status = try #require(try await store.status(forGroup: F.group).first)
        #expect(status.state == .subscribed)
        #expect(status.renewalInfo.willAutoRenew)
        #expect(try await store.isEligibleForIntroOffer(groupID: F.group) == false)
        await store.poll()
        #expect(await updates.settle().isEmpty, "B1: an in-app purchase is not re-sent on updates")
        try await store.finish(tx)
        #expect(try await store.unfinished.isEmpty)
    }

    @Test("S2 auto-renewal while the app is in the foreground")
    func s2() async throws {
        let (store, _, clock) = try F.device()
        let updates = Collected(store.updates)
        let first = try await buy(store, F.monthly)
        clock.set(first.expirationDate!.addingTimeInterval(1))
        await store.poll()
        let delivered = await updates.wait(for: 1).map(\.unsafePayloadValue)
        let renewal = try #require(delivered.first)
        #expect(renewal.reason == .renewal)
        #expect(renewal.id != first.id)
        #expect(renewal.originalID == first.originalID)
        #expect(renewal.purchaseDate == first.expirationDate)
        #expect(renewal.price == Decimal(string: "4.99"))
        // 31 January + 1 month = 28 February (calendar arithmetic, as the App Store does).
        #expect(Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: first.expirationDate!).day == 28)
        #expect(try await store.currentEntitlements.map(\.unsafePayloadValue.id) == [renewal.id])
        #expect(try await store.status(forGroup: F.group).first?.state == .subscribed)
    }

    @Test("S3 renewals while the app is not running arrive once at next launch")
    func s3() async throws {
        let ledger = Ledger.inMemory()
        let clock = ManualWallClock(F.start)
        var (store, _, _) = try F.device(ledger: ledger, clock: clock)
        let first = try await buy(store, F.monthly)
        try await store.finish(first)
        await store.close()
        clock.advance(by: 95 * 86400) // three periods pass with no app running
        (store, _, _) = try F.device(ledger: ledger, clock: clock)
        let updates = Collected(store.updates)
        let replayed = await updates.wait(for: 3).map(\.unsafePayloadValue)
        #expect(replayed.count == 3)
        #expect(replayed.allSatisfy { $0.reason == .renewal && $0.originalID == first.originalID })
        #expect(Set(replayed.map(\.id)).count == 3)
        // No gap: each period starts where the previous ended.
        #expect(replayed[1].purchaseDate == replayed[0].expirationDate)
        #expect(try await store.currentEntitlements.map(\.unsafePayloadValue.id) == [replayed[2].id])
        // Delivered once: a second listener does not get them again.
        let second = Collected(store.updates)
        #expect(await second.settle().isEmpty)
    }

    @Test("S4 cancel, then the period runs out: no transaction, status expired")
    func s4() async throws {
        let (store, _, clock) = try F.device()
        let tx = try await buy(store, F.monthly)
        let updates = Collected(store.updates)
        let statuses = Collected(store.statusUpdates)
        _ = try await store.admin { try $0.cancel(tx.id) }
        #expect(try await store.status(forGroup: F.group).first?.renewalInfo.willAutoRenew == false)
        #expect(try await entitledIDs(store) == [F.monthly], "access continues until expiry")
        clock.set(tx.expirationDate!.addingTimeInterval(1))
        await store.poll()
        #expect(await updates.settle().isEmpty, "B4: a plain expiry emits no transaction")
        let lastStatus = try #require(await statuses.wait(for: 2).last)
        #expect(lastStatus.state == .expired)
        #expect(lastStatus.renewalInfo.expirationReason == .autoRenewDisabled)
        #expect(try await entitledIDs(store).isEmpty)
    }

    @Test("S5 resubscribe from outside the app after expiry arrives on updates")
    func s5() async throws {
        let (store, _, clock) = try F.device()
        let tx = try await buy(store, F.monthly)
        _ = try await store.admin { try $0.cancel(tx.id) }
        clock.set(tx.expirationDate!.addingTimeInterval(60))
        await store.poll()
        let updates = Collected(store.updates)
        let outside = try await store.admin { try $0.buy(F.monthly) }
        await store.poll()
        let got = await updates.wait(for: 1).map(\.unsafePayloadValue)
        #expect(got.map(\.id) == [outside.id])
        #expect(outside.originalID == tx.originalID, "originalID kept per group")
        #expect(outside.offer == nil, "intro not eligible again")
    }

    @Test("S6 resubscribe from the app before and after expiry")
    func s6() async throws {
        let (store, _, clock) = try F.device()
        let tx = try await buy(store, F.monthly)
        _ = try await store.admin { try $0.cancel(tx.id) }
        let again = try await buy(store, F.monthly)
        #expect(again.id == tx.id, "before expiry: the current transaction comes back")
        #expect(try await store.status(forGroup: F.group).first?.renewalInfo.willAutoRenew == true)
        _ = try await store.admin { try $0.cancel(tx.id) }
        clock.set(tx.expirationDate!.addingTimeInterval(5))
        let updates = Collected(store.updates)
        let fresh = try await buy(store, F.yearly)
        #expect(fresh.id != tx.id)
        #expect(fresh.reason == .purchase)
        #expect(fresh.offer == nil, "no intro offer after a subscription in the group")
        await store.poll()
        #expect(await updates.settle().isEmpty)
    }

    @Test("S7 payments disabled")
    func s7() async throws {
        let (store, _, _) = try F.device()
        _ = try await store.admin { try $0.updateSettings { $0.switches.paymentsDisabled = true } }
        #expect(try store.canMakePayments == false)
        await #expect(throws: PurchaseError.purchaseNotAllowed) { try await store.purchase(productID: F.lifetime) }
        #expect(try await store.all.isEmpty)
    }

    @Test("S8/S9 interrupted purchase: no entitlement until resolved, then it arrives on updates")
    func s8() async throws {
        let (store, _, _) = try F.device()
        _ = try await store.admin { try $0.updateSettings { $0.switches.interruptedPurchases = true } }
        let updates = Collected(store.updates)
        let result = try await store.purchase(productID: F.lifetime)
        guard case .userCancelled = result else { Issue.record("expected userCancelled, got \(result)"); return }
        #expect(try await entitledIDs(store).isEmpty)
        let pending = try #require(try await store.snapshot().pendingPurchases.first)
        #expect(pending.kind == .interrupted)
        _ = try await store.admin { try $0.resolve(UInt64(pending.id)) }
        let got = await updates.wait(for: 1).map(\.unsafePayloadValue.productID)
        #expect(got == [F.lifetime])
        #expect(try await entitledIDs(store) == [F.lifetime])
    }

    @Test("S10 Ask to Buy: pending, merged, approve delivers, decline delivers nothing")
    func s10() async throws {
        let (store, _, _) = try F.device()
        _ = try await store.admin { try $0.updateSettings { $0.switches.askToBuy = true } }
        let updates = Collected(store.updates)
        guard case .pending = try await store.purchase(productID: F.lifetime) else { Issue.record("not pending"); return }
        guard case .pending = try await store.purchase(productID: F.lifetime) else { Issue.record("not pending"); return }
        let pendings = try await store.snapshot().pendingPurchases
        #expect(pendings.count == 1, "a second request while pending does not create a second purchase")
        #expect(try await entitledIDs(store).isEmpty)
        _ = try await store.admin { try $0.approve(UInt64(pendings[0].id)) }
        #expect(await updates.wait(for: 1).map(\.unsafePayloadValue.productID) == [F.lifetime])
        #expect(try await entitledIDs(store) == [F.lifetime])
        // Decline
        guard case .pending = try await store.purchase(productID: F.coins) else { Issue.record("not pending"); return }
        let request = try #require(try await store.snapshot().pendingPurchases.first)
        _ = try await store.admin { try $0.decline(UInt64(request.id)) }
        await store.poll()
        #expect(await updates.settle().count == 1)
        #expect(try await store.snapshot().pendingPurchases.isEmpty)
    }

    @Test("S11 granting fails: the unfinished transaction comes back once at next launch")
    func s11() async throws {
        let ledger = Ledger.inMemory()
        var (store, _, clock) = try F.device(ledger: ledger)
        let tx = try await buy(store, F.lifetime) // the app never calls finish()
        await store.close()
        (store, _, _) = try F.device(ledger: ledger, clock: clock)
        #expect(try await entitledIDs(store) == [F.lifetime], "already listed in currentEntitlements")
        let updates = Collected(store.updates)
        #expect(await updates.wait(for: 1).map(\.unsafePayloadValue.id) == [tx.id])
        try await store.finish(tx)
        await store.close()
        (store, _, _) = try F.device(ledger: ledger, clock: clock)
        #expect(await Collected(store.updates).settle().isEmpty, "finished: not delivered again")
    }

    @Test("S12 quit mid-purchase after confirmation: the purchase completes and arrives at relaunch")
    func s12() async throws {
        let ledger = Ledger.inMemory()
        var (store, _, clock) = try F.device(ledger: ledger)
        let purchase = Task { [store] in try await store.purchase(productID: F.coins) }
        _ = try await purchase.value // the store completed it; the app "died" before handling it
        await store.close()
        (store, _, _) = try F.device(ledger: ledger, clock: clock)
        let replay = await Collected(store.updates).wait(for: 1)
        #expect(replay.map(\.unsafePayloadValue.productID) == [F.coins])
    }

    @Test("S13 reinstall: entitlements come back from the account; restore succeeds")
    func s13() async throws {
        let ledger = Ledger.inMemory()
        let (first, _, clock) = try F.device(ledger: ledger)
        let tx = try await buy(first, F.yearly)
        try await first.finish(tx)
        await first.close()
        let (reinstalled, _, _) = try F.device(ledger: ledger, clock: clock)
        #expect(try await entitledIDs(reinstalled) == [F.yearly])
        try await reinstalled.sync()
        #expect(try await entitledIDs(reinstalled) == [F.yearly])
        _ = try await reinstalled.admin { try $0.setFault(FaultRule(api: .appStoreSync, error: .storeKit(.userCancelled), mode: .times(remaining: 1))) }
        await #expect(throws: StoreKitError.userCancelled) { try await reinstalled.sync() }
        try await reinstalled.sync() // spent
    }

    @Test("S14 second device: sees entitlements at launch and purchases made on the other")
    func s14() async throws {
        let ledger = Ledger.inMemory()
        let (phone, _, clock) = try F.device("iphone", ledger: ledger)
        let (pad, _, _) = try F.device("ipad", ledger: ledger, clock: clock)
        let padUpdates = Collected(pad.updates)
        let phoneUpdates = Collected(phone.updates)
        let tx = try await buy(phone, F.lifetime)
        await pad.poll()
        await phone.poll()
        #expect(await padUpdates.wait(for: 1).map(\.unsafePayloadValue.id) == [tx.id])
        #expect(await phoneUpdates.settle().isEmpty)
        #expect(try await entitledIDs(pad) == [F.lifetime])
        #expect(tx.device == "iphone")
    }

    @Test("S15/S16 buying what you already have: no new transaction, no charge, on either device")
    func s15() async throws {
        let ledger = Ledger.inMemory()
        let (phone, _, clock) = try F.device("iphone", ledger: ledger)
        let (pad, _, _) = try F.device("ipad", ledger: ledger, clock: clock)
        let tx = try await buy(phone, F.monthly)
        let again = try await buy(phone, F.monthly)
        let onPad = try await buy(pad, F.monthly)
        #expect(again.id == tx.id)
        #expect(onPad.id == tx.id)
        #expect(try await phone.all.count == 1)
        let life = try await buy(phone, F.lifetime)
        #expect(try await buy(pad, F.lifetime).id == life.id)
    }

    @Test("S17 upgrade: immediate, old transaction isUpgraded, only the higher product entitled")
    func s17() async throws {
        let (store, _, clock) = try F.device()
        let basic = try await buy(store, F.basic)
        clock.advance(by: 10 * 86400)
        let pro = try await buy(store, F.monthly)
        #expect(pro.productID == F.monthly)
        #expect(pro.originalID == basic.originalID)
        #expect(try await store.currentEntitlements.map(\.unsafePayloadValue.productID) == [F.monthly])
        let old = try #require(try await store.all.map(\.unsafePayloadValue).first { $0.id == basic.id })
        #expect(old.isUpgraded)
        let events = try await store.admin { try $0.events() }
        #expect(events.contains { $0.kind == .upgrade && $0.detail.contains("prorated refund") })
    }
}
