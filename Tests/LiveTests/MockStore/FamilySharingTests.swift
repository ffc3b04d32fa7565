import Foundation
import MockStore
import TestSupport
import Testing

/// Family Sharing: shareable non-consumables and auto-renewable subscriptions reach a family
/// member's device as `familyShared`, and leave it when the purchaser loses them or stops
/// sharing (Apple's "Supporting Family Sharing in your app"; docs/domain.md §1.11).
@Suite("Lifecycle: Family Sharing")
struct FamilySharingTests {
    typealias F = StoreFixtures

    /// The fixture catalog with some products family-shareable (`Life.familyShareable`).
    static var catalog: Catalog { Life.familyShareable }

    /// The purchaser's phone and a family member's phone on one account.
    func family() throws -> (purchaser: Store, member: Store, clock: ManualWallClock) {
        let ledger = Ledger.inMemory()
        let clock = ManualWallClock(F.start)
        let purchaser = try Store(catalog: Self.catalog, ledger: ledger, device: "iphone", wallClock: clock, polling: false)
        let member = try Store(catalog: Self.catalog, ledger: ledger, device: "kid", wallClock: clock, polling: false, familyMember: true)
        return (purchaser, member, clock)
    }

    @Test("a shared subscription reaches the member as familyShared; a refund takes it away, with the revoked transaction on updates")
    func purchaseThenRefund() async throws {
        let (purchaser, member, clock) = try family()
        let updates = Collected(member.updates)
        let tx = try await Life.buy(purchaser, F.monthly)
        await member.poll()
        let shared = try await member.currentEntitlements.map(\.unsafePayloadValue)
        #expect(shared.map(\.productID) == [F.monthly])
        #expect(shared.map(\.ownershipType) == [.familyShared])
        #expect(try await purchaser.currentEntitlements.map(\.unsafePayloadValue.ownershipType) == [.purchased])
        #expect(try await member.snapshot().entitlements.map(\.ownershipType) == [.familyShared])
        #expect(try await member.status(forGroup: F.group).first?.transaction.ownershipType == .familyShared)
        #expect(await updates.wait(for: 1).first?.unsafePayloadValue.ownershipType == .familyShared)

        clock.advance(by: 3600)
        _ = try await purchaser.admin { try $0.refund(tx.id) }
        await member.poll()
        #expect(try await member.currentEntitlements.isEmpty)
        let revoked = try #require(await updates.wait(for: 2).last?.unsafePayloadValue)
        #expect(revoked.revocationDate != nil)
        #expect(revoked.ownershipType == .familyShared)
    }

    @Test("when the purchaser's subscription expires, the member's goes too")
    func expiry() async throws {
        let (purchaser, member, clock) = try family()
        let tx = try await Life.buy(purchaser, F.monthly)
        _ = try await purchaser.admin { try $0.cancel(tx.id) }
        #expect(try await member.currentEntitlements.count == 1)
        await Life.move(purchaser, clock, to: tx.expirationDate!.addingTimeInterval(1))
        #expect(try await member.currentEntitlements.isEmpty)
        #expect(try await member.status(forGroup: F.group).first?.state == .expired)
    }

    @Test("products that are not shareable never reach the member, whatever the catalog's flag says for their type")
    func notShared() async throws {
        let (purchaser, member, _) = try family()
        _ = try await Life.buy(purchaser, F.yearly)
        _ = try await Life.buy(purchaser, F.season)
        _ = try await Life.buy(purchaser, F.coins)
        let lifetime = try await Life.buy(purchaser, F.lifetime)
        #expect(try await purchaser.currentEntitlements.count == 3)
        #expect(try await member.currentEntitlements.map(\.unsafePayloadValue.id) == [lifetime.id])
        #expect(try await member.all.map(\.unsafePayloadValue.productID) == [F.lifetime])
        #expect(try await member.latest(for: F.yearly) == nil)
        #expect(try await member.snapshot().statuses.isEmpty)
    }

    @Test("stopping sharing takes the product from the member and leaves the purchaser's")
    func stopSharing() async throws {
        let (purchaser, member, _) = try family()
        _ = try await Life.buy(purchaser, F.lifetime)
        #expect(try await member.currentEntitlements.count == 1)
        _ = try await purchaser.admin { try $0.setFamilySharing(F.lifetime, shared: false) }
        #expect(try await member.currentEntitlements.isEmpty)
        #expect(try await purchaser.currentEntitlements.count == 1)
        _ = try await purchaser.admin { try $0.setFamilySharing(F.lifetime, shared: true) }
        #expect(try await member.currentEntitlements.count == 1)
        await #expect(throws: StoreOperationError.self) { try await purchaser.admin { try $0.setFamilySharing(F.yearly, shared: false) } }
    }

    @Test("the member flag stays with the device in the ledger, and an admin reads the member's view")
    func flagPersists() async throws {
        let ledger = Ledger.inMemory()
        let clock = ManualWallClock(F.start)
        let purchaser = try Store(catalog: Self.catalog, ledger: ledger, device: "iphone", wallClock: clock, polling: false)
        _ = try Store(catalog: Self.catalog, ledger: ledger, device: "kid", wallClock: clock, polling: false, familyMember: true)
        let again = try Store(catalog: Self.catalog, ledger: ledger, device: "kid", wallClock: clock, polling: false)
        #expect(again.isFamilyMember)
        #expect(!purchaser.isFamilyMember)
        _ = try await Life.buy(purchaser, F.yearly)
        _ = try await Life.buy(purchaser, F.lifetime)
        let seen = try await purchaser.admin { s in (try s.currentEntitlements(device: "kid"), try s.currentEntitlements(device: "iphone")) }
        #expect(seen.0.map(\.productID) == [F.lifetime])
        #expect(seen.0.map(\.ownershipType) == [.familyShared])
        #expect(seen.1.count == 2)
    }
}
