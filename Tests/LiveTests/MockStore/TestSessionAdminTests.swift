import Foundation
import MockStore
import TestSupport
import Testing

/// The transaction manager's operations in the forms SKTestSession needs: subscriptions named
/// by product, pending purchases deleted by id, the catalog's settings restored, and Ask to Buy
/// approvals that keep what the purchase asked for.
@Suite("Lifecycle: SKTestSession's admin operations")
struct TestSessionAdminTests {
    typealias F = StoreFixtures

    @Test("expire by product: expired now, entitlement gone, status only (B4)")
    func expireByProduct() async throws {
        let (store, _, _) = try F.device()
        _ = try await Life.buy(store, F.monthly)
        let statuses = Collected(store.statusUpdates)
        let updates = Collected(store.updates)
        _ = try await store.admin { try $0.expire(productID: F.monthly) }
        let status = try #require(await statuses.wait(for: 1).last)
        #expect(status.state == .expired)
        #expect(status.renewalInfo.expirationReason == .autoRenewDisabled)
        #expect(!status.renewalInfo.willAutoRenew)
        #expect(status.transaction.expirationDate == F.start)
        #expect(try await Life.entitledIDs(store).isEmpty)
        #expect(await updates.settle().isEmpty)
    }

    @Test("renew by product: a renewal transaction on updates, same original id")
    func renewByProduct() async throws {
        let (store, _, _) = try F.device()
        let tx = try await Life.buy(store, F.monthly)
        let updates = Collected(store.updates)
        _ = try await store.admin { try $0.renew(productID: F.monthly) }
        let renewal = try #require(await updates.wait(for: 1).last?.unsafePayloadValue)
        #expect(renewal.reason == .renewal)
        #expect(renewal.originalID == tx.id && renewal.id != tx.id)
    }

    @Test("by product: another product of the group, or a product never bought, is refused clearly")
    func byProductRefusals() async throws {
        let (store, _, _) = try F.device()
        await #expect(throws: StoreOperationError.self) { try await store.admin { try $0.expire(productID: F.monthly) } }
        _ = try await Life.buy(store, F.monthly)
        let error = await #expect(throws: StoreOperationError.self) { try await store.admin { try $0.renew(productID: F.yearly) } }
        #expect(error?.description.contains(F.monthly) == true)
        await #expect(throws: StoreOperationError.self) { try await store.admin { try $0.expire(productID: F.lifetime) } }
    }

    @Test("a pending purchase is deleted by its id, which no transaction shares")
    func deletePending() async throws {
        let (store, _, _) = try F.device()
        let owned = try await Life.buy(store, F.coins)
        _ = try await store.admin { try $0.updateSettings { $0.switches.askToBuy = true } }
        guard case .pending = try await store.purchase(productID: F.lifetime) else { Issue.record("expected .pending"); return }
        let request = try #require(try await store.admin { try $0.pending() }.first)
        #expect(UInt64(request.id) != owned.id)
        _ = try await store.admin { try $0.delete(UInt64(request.id)) }
        #expect(try await store.admin { try $0.pending() }.isEmpty)
        await #expect(throws: StoreOperationError.self) { try await store.admin { try $0.approve(UInt64(request.id)) } }
    }

    @Test("an approved Ask to Buy keeps the quantity and account token it was asked with")
    func approveKeepsOptions() async throws {
        let (store, _, _) = try F.device()
        _ = try await store.admin { try $0.updateSettings { $0.switches.askToBuy = true } }
        let token = UUID()
        guard case .pending = try await store.purchase(productID: F.coins, options: [.quantity(3), .appAccountToken(token)]) else {
            Issue.record("expected .pending"); return
        }
        let updates = Collected(store.updates)
        let request = try #require(try await store.admin { try $0.pending() }.first)
        _ = try await store.admin { try $0.approve(UInt64(request.id)) }
        let approved = try #require(await updates.wait(for: 1).last?.unsafePayloadValue)
        #expect(approved.purchasedQuantity == 3)
        #expect(approved.appAccountToken == token)
    }

    @Test("restoring the catalog's settings undoes switches, storefront, locale, rate and faults")
    func restoreSettings() async throws {
        let (store, _, _) = try F.device()
        let original = try await store.admin { $0.settings }
        _ = try await store.admin { session in
            _ = try session.updateSettings {
                $0.switches.askToBuy = true
                $0.storefront = "JPN"
                $0.locale = "ja_JP"
            }
            _ = try session.setRate(.monthlyRenewalEveryHour)
            try session.setFault(FaultRule(api: .purchase, error: .purchase(.productUnavailable)))
        }
        _ = try await store.admin { try $0.restoreCatalogSettings() }
        #expect(try await store.admin { $0.settings } == original)
        #expect(try await store.admin { $0.clock.rate } == .realTime)
        #expect(try await store.admin { try $0.faults() }.isEmpty)
    }
}
