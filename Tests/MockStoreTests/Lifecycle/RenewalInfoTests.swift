import Foundation
import MockStore
import TestSupport
import Testing

/// `RenewalInfo` fields as Apple documents them (docs/domain.md §1.8): `renewalDate` in every
/// state, `autoRenewPreference` nil when nothing will renew, `recentSubscriptionStartDate`
/// across short lapses.
@Suite("Lifecycle: renewal info")
struct RenewalInfoTests {
    typealias F = StoreFixtures

    @Test("renewalDate is present with auto-renew off, in grace, in billing retry and once expired")
    func renewalDateAlwaysPresent() async throws {
        let (store, _, clock) = try F.device()
        let tx = try await Life.buy(store, F.monthly)
        let expiry = try #require(tx.expirationDate)
        _ = try await store.admin { try $0.cancel(tx.id) }
        #expect(try await Life.status(store).renewalInfo.renewalDate == expiry, "auto-renew off")
        await Life.move(store, clock, to: expiry.addingTimeInterval(1))
        let expired = try await Life.status(store)
        #expect(expired.state == .expired)
        #expect(expired.renewalInfo.renewalDate == expiry, "expired: the last period's end, in the past")

        let (other, _, otherClock) = try F.device()
        try await Life.billingRetry(other, grace: true)
        let paid = try await Life.buy(other, F.monthly)
        let end = try #require(paid.expirationDate)
        await Life.move(other, otherClock, to: end.addingTimeInterval(Life.day))
        #expect(try await Life.status(other).state == .inGracePeriod)
        #expect(try await Life.status(other).renewalInfo.renewalDate == end, "grace")
        await Life.move(other, otherClock, to: end.addingTimeInterval(20 * Life.day))
        #expect(try await Life.status(other).state == .inBillingRetryPeriod)
        #expect(try await Life.status(other).renewalInfo.renewalDate == end, "billing retry")
    }

    @Test("autoRenewPreference is nil once the customer turns auto-renew off, and back on resume")
    func autoRenewPreferenceNilWhenOff() async throws {
        let (store, _, clock) = try F.device()
        let tx = try await Life.buy(store, F.monthly)
        _ = try await store.admin { try $0.cancel(tx.id) }
        let off = try await Life.status(store).renewalInfo
        #expect(!off.willAutoRenew)
        #expect(off.autoRenewPreference == nil, "Apple: nil when the subscription won't renew")
        #expect(off.currentProductID == F.monthly)
        _ = try await store.admin { try $0.resume(tx.id) }
        #expect(try await Life.status(store).renewalInfo.autoRenewPreference == F.monthly)
        _ = try await store.admin { try $0.cancel(tx.id) }
        await Life.move(store, clock, to: tx.expirationDate!.addingTimeInterval(1))
        #expect(try await Life.status(store).renewalInfo.autoRenewPreference == nil, "expired")
    }

    @Test("recentSubscriptionStartDate ignores a lapse shorter than 60 days, and resets after a longer one")
    func recentStartAcrossLapses() async throws {
        let (store, _, clock) = try F.device()
        let first = try await Life.buy(store, F.monthly)
        _ = try await store.admin { try $0.cancel(first.id) }
        let end = try #require(first.expirationDate)
        await Life.move(store, clock, to: end.addingTimeInterval(Life.day))
        #expect(try await Life.status(store).state == .expired)

        let back = try await Life.buy(store, F.monthly)
        #expect(back.purchaseDate == end.addingTimeInterval(Life.day))
        #expect(try await Life.status(store).renewalInfo.recentSubscriptionStartDate == first.purchaseDate,
                "a 1-day lapse does not start a new run")

        _ = try await store.admin { try $0.cancel(back.id) }
        let secondEnd = try #require(back.expirationDate)
        await Life.move(store, clock, to: secondEnd.addingTimeInterval(61 * Life.day))
        let again = try await Life.buy(store, F.monthly)
        #expect(try await Life.status(store).renewalInfo.recentSubscriptionStartDate == again.purchaseDate,
                "a 61-day lapse starts a new run")
    }
}
