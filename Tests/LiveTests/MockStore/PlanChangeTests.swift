import Foundation
import MockStore
import TestSupport
import Testing

/// B5/B6: one subscription per group; upgrade now, downgrade at renewal, crossgrade by duration.
@Suite("Lifecycle: upgrade, downgrade, crossgrade")
struct PlanChangeTests {
    typealias F = StoreFixtures

    /// A second level-1 monthly plan, so a same-duration crossgrade exists.
    static let family = "premium.family.monthly"
    static var catalog: Catalog {
        Life.catalog(adding: [Life.subscription(family, level: 1, period: .monthly, price: "6.99")],
                     groups: [SubscriptionGroup(id: F.group, name: "Premium", productIDs: [family])])
    }

    @Test("downgrade waits for renewal: same transaction back, autoRenewPreference names the lower plan")
    func downgrade() async throws {
        let (store, _, clock) = try F.device()
        let pro = try await Life.buy(store, F.monthly)
        let statuses = Collected(store.statusUpdates)
        let updates = Collected(store.updates)
        let back = try await Life.buy(store, F.basic)
        #expect(back.id == pro.id, "B6: .success with the current transaction")
        let status = try await Life.status(store)
        #expect(status.renewalInfo.currentProductID == F.monthly)
        #expect(status.renewalInfo.autoRenewPreference == F.basic)
        #expect(status.renewalInfo.willAutoRenew)
        #expect(await statuses.wait(for: 1).last?.renewalInfo.autoRenewPreference == F.basic, "status update for the preference")
        #expect(try await Life.entitledIDs(store) == [F.monthly], "unchanged until renewal")
        #expect(try await store.all.count == 1)

        await Life.move(store, clock, to: pro.expirationDate!.addingTimeInterval(1))
        let renewal = try #require(await updates.wait(for: 1).first?.unsafePayloadValue)
        #expect(renewal.productID == F.basic)
        #expect(renewal.reason == .renewal)
        #expect(renewal.originalID == pro.originalID)
        #expect(renewal.purchaseDate == pro.expirationDate)
        #expect(renewal.price == Decimal(string: "1.99"))
        #expect(!renewal.isUpgraded)
        #expect(try await Life.entitledIDs(store) == [F.basic])
        let after = try await Life.status(store)
        #expect(after.renewalInfo.currentProductID == F.basic)
        #expect(after.renewalInfo.autoRenewPreference == F.basic)
    }

    @Test("buying the current plan again cancels a pending downgrade")
    func downgradeUndone() async throws {
        let (store, _, clock) = try F.device()
        let pro = try await Life.buy(store, F.monthly)
        _ = try await Life.buy(store, F.basic)
        _ = try await Life.buy(store, F.monthly)
        #expect(try await Life.status(store).renewalInfo.autoRenewPreference == F.monthly)
        await Life.move(store, clock, to: pro.expirationDate!.addingTimeInterval(1))
        #expect(try await Life.entitledIDs(store) == [F.monthly])
    }

    @Test("crossgrade to another duration takes effect at the next renewal")
    func crossgradeDifferentDuration() async throws {
        let (store, _, clock) = try F.device()
        let monthly = try await Life.buy(store, F.monthly)
        let back = try await Life.buy(store, F.yearly)
        #expect(back.id == monthly.id)
        #expect(try await Life.status(store).renewalInfo.autoRenewPreference == F.yearly)
        #expect(try await Life.entitledIDs(store) == [F.monthly])
        let events = try await store.admin { try $0.events() }
        #expect(events.contains { $0.kind == .crossgrade })
        await Life.move(store, clock, to: monthly.expirationDate!.addingTimeInterval(1))
        let yearly = try #require(try await store.currentEntitlements.first?.unsafePayloadValue)
        #expect(yearly.productID == F.yearly)
        #expect(yearly.purchaseDate == monthly.expirationDate)
        #expect(yearly.expirationDate == SubscriptionPeriod.yearly.advance(monthly.expirationDate!))
        #expect(yearly.offer == nil, "no intro offer on a plan change")
        #expect(yearly.price == Decimal(string: "39.99"))
    }

    @Test("crossgrade with the same duration is immediate, like an upgrade")
    func crossgradeSameDuration() async throws {
        let (store, _, clock) = try F.device(catalog: Self.catalog)
        let updates = Collected(store.updates)
        let monthly = try await Life.buy(store, F.monthly)
        clock.advance(by: 5 * Life.day)
        let family = try await Life.buy(store, Self.family)
        #expect(family.id != monthly.id)
        #expect(family.productID == Self.family)
        #expect(family.originalID == monthly.originalID)
        #expect(family.purchaseDate == F.start.addingTimeInterval(5 * Life.day))
        #expect(family.expirationDate == SubscriptionPeriod.monthly.advance(family.purchaseDate))
        #expect(try await Life.entitledIDs(store) == [Self.family])
        let old = try #require(try await Life.transaction(store, monthly.id))
        #expect(old.isUpgraded)
        #expect(old.revocationDate == nil, "B6: no revocationDate on the superseded transaction")
        let status = try await Life.status(store)
        #expect(status.renewalInfo.currentProductID == Self.family)
        #expect(status.transaction.id == family.id)
        await store.poll()
        #expect(await updates.settle().isEmpty, "B1: the in-app change comes back in purchase(), not updates")
    }

    /// A level-3 monthly plan priced in cents divisible by 4, so a quarter, a half and three
    /// quarters of it are whole cents and the expected refunds below need no rounding rule.
    static let lite = "lite.monthly"
    static var liteCatalog: Catalog {
        Life.catalog(adding: [Life.subscription(lite, level: 3, period: .monthly, price: "9.96")],
                     groups: [SubscriptionGroup(id: F.group, name: "Premium", productIDs: [lite])])
    }

    /// On an upgrade the customer is refunded the unused part of the old plan's price. Bought on
    /// 2026-01-31 the old monthly period is 28 days (it ends on 2026-02-28); the refunds are
    /// 9.96 × (days left / 28), worked out by hand.
    @Test("upgrade refunds the unused part of the old plan's price, pro rata",
          arguments: zip([0, 7, 14, 27, 27 + 23.0 / 24] as [Double],
                         ["9.96",  // at the start: nothing used, all of it back
                          "7.47",  // a quarter used: 9.96 × 21/28
                          "4.98",  // half used: 9.96 × 14/28
                          "0.36",  // one day left: 9.96 × 1/28 = 0.3557
                          "0.01"]))  // one hour left: 9.96 / 672 = 0.0148
    func upgradeRefund(elapsedDays: Double, refund: String) async throws {
        let (store, _, clock) = try F.device(catalog: Self.liteCatalog)
        let old = try await Life.buy(store, Self.lite)
        #expect(old.expirationDate == F.start.addingTimeInterval(28 * Life.day), "the old period is 28 days")
        clock.advance(by: elapsedDays * Life.day)
        let upgraded = try await Life.buy(store, F.monthly)
        #expect(upgraded.productID == F.monthly)
        let event = try #require(try await store.admin { try $0.events() }.last { $0.kind == .upgrade })
        #expect(event.detail.hasSuffix("prorated refund \(refund) USD"), "\(event.detail)")
    }

    @Test("upgrade from another device reaches this device's updates; one entitlement per group")
    func upgradeElsewhere() async throws {
        let ledger = Ledger.inMemory()
        let (phone, _, clock) = try F.device("iphone", ledger: ledger)
        let (pad, _, _) = try F.device("ipad", ledger: ledger, clock: clock)
        let padUpdates = Collected(pad.updates)
        let basic = try await Life.buy(phone, F.basic)
        let pro = try await Life.buy(phone, F.yearly)
        #expect(pro.offer == nil, "intro offers are for new subscribers in the group (B7)")
        await pad.poll()
        #expect(await padUpdates.wait(for: 2).map(\.unsafePayloadValue.id) == [basic.id, pro.id])
        #expect(try await Life.entitledIDs(pad) == [F.yearly])
        #expect(try await pad.currentEntitlements.filter { $0.unsafePayloadValue.subscriptionGroupID == F.group }.count == 1)
    }
}
