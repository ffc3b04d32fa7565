import Foundation
import MockStore
import TestSupport
import Testing

/// Monthly billing plans with a 12-month commitment (docs/domain.md §1.12): twelve monthly
/// payments, each its own transaction; the commitment owed after auto-renew is turned off; a
/// new commitment when it renews. Time is stepped by hand, one payment at a time.
@Suite("Lifecycle: monthly billing plan with a 12-month commitment")
struct BillingPlanTests {
    typealias F = StoreFixtures
    static let committed = "premium.committed"
    static let url = "http://127.0.0.1:9/notifications"

    /// The fixture plus a yearly plan (11.88 up front) that can also be paid 0.50 a month over a
    /// 12-month commitment of 6.00, as `revenuecat-unittests-v5.0-billingplans.storekit` has it.
    static var catalog: Catalog {
        var product = Life.subscription(committed, level: 1, period: .yearly, price: "11.88")
        product.subscription?.billingPlans = [
            CatalogBillingPlan(type: CatalogBillingPlan.billedUpfront, price: Decimal(string: "11.88")!),
            CatalogBillingPlan(type: CatalogBillingPlan.monthly, price: Decimal(string: "0.5")!,
                               commitmentPrice: Decimal(string: "6.00")!),
        ]
        return Life.catalog(adding: [product], groups: [SubscriptionGroup(id: F.group, name: "Premium", productIDs: [committed])])
    }

    static func device() async throws -> (Store, ManualWallClock) {
        let (store, _, clock) = try F.device(catalog: catalog)
        _ = try await store.admin { try $0.setNotificationURL(url) }
        return (store, clock)
    }

    static func months(_ n: Int, from date: Date) -> Date {
        Calendar(identifier: .gregorian).date(byAdding: .month, value: n, to: date)!
    }

    static func sent(_ store: Store) throws -> [String] {
        try store.notifications().map { n in [n.type.rawValue, n.subtype?.rawValue].compactMap { $0 }.joined(separator: " ") }
    }

    @Test("twelve monthly payments of the monthly price, numbered 1 to 12, each a DID_RENEW transaction")
    func twelvePayments() async throws {
        let (store, clock) = try await Self.device()
        let first = try await Life.buy(store, Self.committed, [.billingPlanType(.monthly)])
        let end = Self.months(12, from: F.start)
        #expect(first.price == Decimal(string: "0.5"), "the monthly price, not the yearly one")
        #expect(first.expirationDate == Self.months(1, from: F.start), "one month on")
        #expect(first.billingPlanType == .monthly)
        #expect(first.commitmentInfo == .init(billingPeriodNumber: 1, totalBillingPeriods: 12,
                                              price: Decimal(string: "6.00")!, expirationDate: end))
        var latest = first
        for number in 2...12 {
            await Life.move(store, clock, to: try #require(latest.expirationDate))
            latest = try await Life.status(store).transaction
            #expect(latest.id != first.id && latest.originalID == first.id && latest.reason == .renewal)
            #expect(latest.price == Decimal(string: "0.5"))
            #expect(latest.billingPlanType == .monthly)
            #expect(latest.commitmentInfo?.billingPeriodNumber == number)
            #expect(latest.commitmentInfo?.totalBillingPeriods == 12)
            #expect(latest.commitmentInfo?.expirationDate == end, "the same commitment end on every payment")
            // Months are counted from the commitment's start: Jan 31 → Feb 28, Mar 31, Apr 30 …
            #expect(latest.expirationDate == Self.months(number, from: F.start), "payment \(number)")
        }
        #expect(latest.expirationDate == end, "the 12th payment's period ends with the commitment")
        #expect(try Self.sent(store) == ["SUBSCRIBED INITIAL_BUY"] + Array(repeating: "DID_RENEW", count: 11))
        let info = try await Life.status(store).renewalInfo
        #expect(info.willAutoRenew && info.renewalBillingPlanType == .monthly)
        #expect(info.renewalPrice == Decimal(string: "0.5"))
        #expect(info.commitmentInfo == .init(renewalDate: end, renewalPrice: Decimal(string: "6.00"), willAutoRenew: true,
                                             autoRenewPreference: Self.committed, renewalBillingPlanType: .monthly))
    }

    @Test("after the 12th payment a new commitment begins: payment 1 of 12 again, ending 12 months later")
    func commitmentRenews() async throws {
        let (store, clock) = try await Self.device()
        _ = try await Life.buy(store, Self.committed, [.billingPlanType(.monthly)])
        let end = Self.months(12, from: F.start)
        await Life.move(store, clock, to: end)
        let renewed = try await Life.status(store)
        #expect(renewed.state == .subscribed)
        #expect(renewed.transaction.purchaseDate == end)
        #expect(renewed.transaction.commitmentInfo?.billingPeriodNumber == 1)
        #expect(renewed.transaction.commitmentInfo?.expirationDate == Self.months(24, from: F.start))
        #expect(renewed.transaction.expirationDate == Self.months(13, from: F.start))
        #expect(renewed.renewalInfo.commitmentInfo?.renewalDate == Self.months(24, from: F.start))
        #expect(try store.notifications().count == 13, "SUBSCRIBED and twelve DID_RENEW")
    }

    @Test("auto-renew off inside a commitment: payments continue to its end, then it expires without renewing")
    func cancelInsideCommitment() async throws {
        let (store, clock) = try await Self.device()
        let first = try await Life.buy(store, Self.committed, [.billingPlanType(.monthly)])
        let end = Self.months(12, from: F.start)
        await Life.move(store, clock, to: Self.months(2, from: F.start))
        _ = try await store.admin { try $0.cancel(first.id) }
        let off = try await Life.status(store).renewalInfo
        #expect(off.willAutoRenew, "the next payment of the commitment is still due")
        #expect(off.autoRenewPreference == Self.committed)
        #expect(off.commitmentInfo?.willAutoRenew == false, "the commitment will not renew")
        await Life.move(store, clock, to: end.addingTimeInterval(-1))
        let last = try await Life.status(store)
        #expect(last.state == .subscribed)
        #expect(last.transaction.commitmentInfo?.billingPeriodNumber == 12, "every payment was still billed")
        #expect(!last.renewalInfo.willAutoRenew, "nothing is due after the last payment")
        await Life.move(store, clock, to: end.addingTimeInterval(1))
        let over = try await Life.status(store)
        #expect(over.state == .expired && over.renewalInfo.expirationReason == .autoRenewDisabled)
        #expect(over.transaction.id == last.transaction.id, "no 13th payment")
        #expect(try await store.admin { try $0.transactions() }.count == 12)
    }

    @Test("without the option, or billed up front, the yearly price is charged once for a year")
    func upfrontUnchanged() async throws {
        for options: Set<PurchaseOption> in [[], [.billingPlanType(.billedUpfront)]] {
            let (store, _) = try await Self.device()
            let tx = try await Life.buy(store, Self.committed, options)
            #expect(tx.price == Decimal(string: "11.88"))
            #expect(tx.expirationDate == Self.months(12, from: F.start))
            #expect(tx.billingPlanType == nil && tx.commitmentInfo == nil)
            let info = try await Life.status(store).renewalInfo
            #expect(info.renewalBillingPlanType == nil && info.commitmentInfo == nil)
        }
    }

    @Test("a plan the product does not offer is refused with productUnavailable, and nothing is bought")
    func planNotOffered() async throws {
        let (store, _) = try await Self.device()
        await #expect(throws: PurchaseError.productUnavailable) {
            try await store.purchase(productID: F.yearly, options: [.billingPlanType(.monthly)])
        }
        await #expect(throws: PurchaseError.productUnavailable) {
            try await store.purchase(productID: Self.committed, options: [.billingPlanType(BillingPlanType(rawValue: "WEEKLY"))])
        }
        #expect(try await store.admin { try $0.transactions() }.isEmpty)
    }
}
