import Foundation
import MockStore
import TestSupport
import Testing

/// B8/B9: refunds set revocationDate/reason, remove the entitlement, reach every device's
/// `updates`, and turn a subscription's status to `.revoked`.
@Suite("Lifecycle: refunds")
struct RefundTests {
    typealias F = StoreFixtures

    /// Two devices on one ledger, each with an `updates` listener.
    func twoDevices() throws -> (Store, Store, ManualWallClock, Collected<VerificationResult<Transaction>>, Collected<VerificationResult<Transaction>>) {
        let ledger = Ledger.inMemory()
        let (phone, _, clock) = try F.device("iphone", ledger: ledger)
        let (pad, _, _) = try F.device("ipad", ledger: ledger, clock: clock)
        return (phone, pad, clock, Collected(phone.updates), Collected(pad.updates))
    }

    @Test("subscription refund: revoked status, no entitlement, revoked transaction on both devices")
    func subscription() async throws {
        let (phone, pad, clock, phoneUpdates, padUpdates) = try twoDevices()
        let tx = try await Life.buy(phone, F.monthly)
        await pad.poll()
        _ = await padUpdates.wait(for: 1) // the purchase itself
        let statuses = Collected(pad.statusUpdates)
        clock.advance(by: 3 * Life.day)
        _ = try await phone.admin { try $0.refund(tx.id, reason: .developerIssue) }
        await pad.poll()
        for updates in [phoneUpdates, padUpdates] {
            let revoked = try #require(await updates.wait(for: phoneUpdates === updates ? 1 : 2).last?.unsafePayloadValue)
            #expect(revoked.id == tx.id)
            #expect(revoked.revocationDate == F.start.addingTimeInterval(3 * Life.day))
            #expect(revoked.revocationReason == .developerIssue)
        }
        #expect(try await Life.entitledIDs(phone).isEmpty)
        #expect(try await Life.entitledIDs(pad).isEmpty)
        let status = try await Life.status(pad)
        #expect(status.state == .revoked)
        #expect(!status.renewalInfo.willAutoRenew)
        #expect(status.renewalInfo.renewalDate == tx.expirationDate, "Apple: present even once revoked")
        #expect(status.renewalInfo.autoRenewPreference == nil, "it will not renew")
        #expect(await statuses.wait(for: 1).last?.state == .revoked)
        // B9: revoked means no access whatever the expiry date; nothing renews afterwards.
        await Life.move(phone, clock, to: tx.expirationDate!.addingTimeInterval(40 * Life.day))
        #expect(try await phone.all.count == 1)
        #expect(try await Life.status(phone).state == .revoked)
    }

    @Test("refunding an older renewal keeps the current period")
    func olderRenewal() async throws {
        let (store, _, clock) = try F.device()
        let first = try await Life.buy(store, F.monthly)
        await Life.move(store, clock, to: first.expirationDate!.addingTimeInterval(1))
        _ = try await store.admin { try $0.refund(first.id) }
        #expect(try await Life.status(store).state == .subscribed)
        #expect(try await Life.entitledIDs(store) == [F.monthly])
    }

    @Test("non-consumable refund: entitlement gone on both devices; buying again charges again")
    func nonConsumable() async throws {
        let (phone, pad, _, phoneUpdates, padUpdates) = try twoDevices()
        let tx = try await Life.buy(phone, F.lifetime)
        try await phone.finish(tx)
        _ = try await phone.admin { try $0.refund(tx.id) }
        await pad.poll()
        #expect(await phoneUpdates.wait(for: 1).last?.unsafePayloadValue.revocationReason == .other)
        #expect(await padUpdates.wait(for: 2).last?.unsafePayloadValue.revocationDate != nil)
        #expect(try await Life.entitledIDs(pad).isEmpty)
        #expect(try await pad.latest(for: F.lifetime)?.unsafePayloadValue.revocationDate != nil)
        let again = try await Life.buy(pad, F.lifetime)
        #expect(again.id != tx.id)
        #expect(try await Life.entitledIDs(phone) == [F.lifetime])
    }

    @Test("consumable refund: back in Transaction.all with its revocation, delivered everywhere")
    func consumable() async throws {
        let (phone, pad, _, phoneUpdates, padUpdates) = try twoDevices()
        let tx = try await Life.buy(phone, F.coins)
        try await phone.finish(tx)
        #expect(try await phone.all.isEmpty, "a finished consumable leaves Transaction.all")
        _ = try await phone.admin { try $0.refund(tx.id) }
        await pad.poll()
        #expect(await phoneUpdates.wait(for: 1).map(\.unsafePayloadValue.id) == [tx.id])
        #expect(await padUpdates.wait(for: 2).last?.unsafePayloadValue.revocationDate != nil)
        let all = try await pad.all.map(\.unsafePayloadValue)
        #expect(all.map(\.id) == [tx.id], "refunded finished consumables stay in the history")
        #expect(all.first?.revocationDate != nil)
        #expect(try await Life.entitledIDs(pad).isEmpty)
    }

    @Test("refunding twice is refused with a sentence")
    func twice() async throws {
        let (store, _, _) = try F.device()
        let tx = try await Life.buy(store, F.lifetime)
        _ = try await store.admin { try $0.refund(tx.id) }
        let error = await #expect(throws: StoreOperationError.self) { try await store.admin { try $0.refund(tx.id) } }
        #expect(error?.description.contains("already refunded") == true)
    }
}
