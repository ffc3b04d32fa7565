import Foundation
import MockStore
import TestSupport
import Testing

/// Which App Store Server Notification each store event enqueues (Apple's `notificationType`
/// and `subtype`), in the same database transaction as the event.
@Suite("Notifications: store event to notificationType/subtype")
struct NotificationMappingTests {
    typealias F = StoreFixtures
    static let url = "http://127.0.0.1:9/notifications"

    /// A device whose ledger sends notifications to `url`.
    static func device(catalog: Catalog = F.catalog) async throws -> (Store, ManualWallClock) {
        let (store, _, clock) = try F.device(catalog: catalog)
        _ = try await store.admin { try $0.setNotificationURL(url) }
        return (store, clock)
    }

    /// "TYPE SUBTYPE" (or "TYPE") of every notification enqueued so far, oldest first.
    static func sent(_ store: Store) throws -> [String] {
        try store.notifications().map { n in [n.type.rawValue, n.subtype?.rawValue].compactMap { $0 }.joined(separator: " ") }
    }

    @Test("a first subscription is SUBSCRIBED INITIAL_BUY; buying after expiry is SUBSCRIBED RESUBSCRIBE")
    func subscribeAndResubscribe() async throws {
        let (store, _) = try await Self.device()
        let tx = try await Life.buy(store, F.monthly)
        let first = try #require(try store.notifications().first)
        #expect(try Self.sent(store) == ["SUBSCRIBED INITIAL_BUY"])
        #expect(first.transactionID == tx.id && first.originalTransactionID == tx.originalID && first.groupID == F.group)
        #expect(first.appleStatus == 1 && first.status == .pending && first.url == Self.url)
        _ = try await store.admin { try $0.expire(tx.id) }
        _ = try await Life.buy(store, F.monthly)
        #expect(try Self.sent(store) == ["SUBSCRIBED INITIAL_BUY", "EXPIRED VOLUNTARY", "SUBSCRIBED RESUBSCRIBE"])
    }

    @Test("a renewal is DID_RENEW, carrying the renewal's transaction")
    func renewal() async throws {
        let (store, clock) = try await Self.device()
        let tx = try await Life.buy(store, F.monthly)
        await Life.move(store, clock, to: tx.expirationDate!.addingTimeInterval(1))
        let renewal = try #require(try store.notifications().last)
        #expect(try Self.sent(store) == ["SUBSCRIBED INITIAL_BUY", "DID_RENEW"])
        #expect(renewal.transactionID != tx.id && renewal.originalTransactionID == tx.id)
        #expect(renewal.storeTime == tx.expirationDate!, "sent for when the renewal happened")
    }

    @Test("billing retry: DID_FAIL_TO_RENEW without subtype, then DID_RENEW BILLING_RECOVERY when resolved")
    func billingRecovery() async throws {
        let (store, clock) = try await Self.device()
        try await Life.billingRetry(store, grace: false)
        let tx = try await Life.buy(store, F.monthly)
        await Life.move(store, clock, to: tx.expirationDate!.addingTimeInterval(1))
        _ = try await store.admin { try $0.resolve(tx.id) }
        #expect(try Self.sent(store) == ["SUBSCRIBED INITIAL_BUY", "DID_FAIL_TO_RENEW", "DID_RENEW BILLING_RECOVERY"])
        #expect(try store.notifications()[1].appleStatus == 3)
    }

    @Test("grace: DID_FAIL_TO_RENEW GRACE_PERIOD, GRACE_PERIOD_EXPIRED, then EXPIRED BILLING_RETRY")
    func graceThenExpiry() async throws {
        let (store, clock) = try await Self.device()
        try await Life.billingRetry(store, grace: true)
        let tx = try await Life.buy(store, F.monthly)
        await Life.move(store, clock, to: tx.expirationDate!.addingTimeInterval(1))
        #expect(try store.notifications().last?.appleStatus == 4)
        await Life.move(store, clock, to: tx.expirationDate!.addingTimeInterval(17 * Life.day))
        await Life.move(store, clock, to: tx.expirationDate!.addingTimeInterval(61 * Life.day))
        #expect(try Self.sent(store) == ["SUBSCRIBED INITIAL_BUY", "DID_FAIL_TO_RENEW GRACE_PERIOD", "GRACE_PERIOD_EXPIRED",
                                     "EXPIRED BILLING_RETRY"])
    }

    @Test("auto-renew off and on: DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED / AUTO_RENEW_ENABLED; off at the end: EXPIRED VOLUNTARY")
    func autoRenew() async throws {
        let (store, clock) = try await Self.device()
        let tx = try await Life.buy(store, F.monthly)
        _ = try await store.admin { try $0.cancel(tx.id) }
        _ = try await store.admin { try $0.resume(tx.id) }
        _ = try await store.admin { try $0.cancel(tx.id) }
        await Life.move(store, clock, to: tx.expirationDate!.addingTimeInterval(1))
        #expect(try Self.sent(store) == ["SUBSCRIBED INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED",
                                     "DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_ENABLED", "DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED",
                                     "EXPIRED VOLUNTARY"])
        #expect(try store.notifications().last?.appleStatus == 2)
    }

    @Test("buying the plan again with auto-renew off turns it on: AUTO_RENEW_ENABLED")
    func rebuyTurnsAutoRenewOn() async throws {
        let (store, _) = try await Self.device()
        let tx = try await Life.buy(store, F.monthly)
        _ = try await store.admin { try $0.cancel(tx.id) }
        _ = try await Life.buy(store, F.monthly)
        #expect(try Self.sent(store).last == "DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_ENABLED")
    }

    @Test("plan changes: UPGRADE at once, DOWNGRADE for the next renewal, none when a downgrade is cancelled")
    func planChanges() async throws {
        let (store, _) = try await Self.device()
        _ = try await Life.buy(store, F.basic)
        let upgraded = try await Life.buy(store, F.monthly)
        #expect(try store.notifications().last?.transactionID == upgraded.id, "the upgrade's new transaction")
        _ = try await Life.buy(store, F.basic)
        _ = try await Life.buy(store, F.monthly)
        #expect(try Self.sent(store) == ["SUBSCRIBED INITIAL_BUY", "DID_CHANGE_RENEWAL_PREF UPGRADE", "DID_CHANGE_RENEWAL_PREF DOWNGRADE",
                                     "DID_CHANGE_RENEWAL_PREF"])
    }

    @Test("price increase: PENDING, ACCEPTED; declined: AUTO_RENEW_DISABLED, then EXPIRED PRICE_INCREASE")
    func priceIncrease() async throws {
        let (store, clock) = try await Self.device()
        let tx = try await Life.buy(store, F.monthly)
        _ = try await store.admin { try $0.requestPriceIncreaseConsent(tx.id) }
        _ = try await store.admin { try $0.consentToPriceIncrease(tx.id) }
        #expect(try Self.sent(store) == ["SUBSCRIBED INITIAL_BUY", "PRICE_INCREASE PENDING", "PRICE_INCREASE ACCEPTED"])

        let (other, otherClock) = try await Self.device()
        let second = try await Life.buy(other, F.monthly)
        _ = try await other.admin { try $0.requestPriceIncreaseConsent(second.id) }
        _ = try await other.admin { try $0.declinePriceIncrease(second.id) }
        await Life.move(other, otherClock, to: second.expirationDate!.addingTimeInterval(1))
        #expect(try Self.sent(other).suffix(2) == ["DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_DISABLED", "EXPIRED PRICE_INCREASE"])
        _ = clock
    }

    @Test("a product no longer for sale at renewal: EXPIRED PRODUCT_NOT_FOR_SALE")
    func productNotForSale() async throws {
        let ledger = Ledger.inMemory()
        let clock = ManualWallClock(F.start)
        let store = try Store(catalog: F.catalog, ledger: ledger, device: "iphone", wallClock: clock, polling: false)
        _ = try await store.admin { try $0.setNotificationURL(Self.url) }
        let tx = try await Life.buy(store, F.monthly)
        var withdrawn = F.catalog
        withdrawn.products.removeAll { $0.id == F.monthly }
        clock.set(tx.expirationDate!.addingTimeInterval(1))
        let later = try Store(catalog: withdrawn, ledger: ledger, device: "iphone", wallClock: clock, polling: false)
        #expect(try Self.sent(later).last == "EXPIRED PRODUCT_NOT_FOR_SALE")
    }

    @Test("a refund is REFUND; a family member's shared copy is also REVOKEd")
    func refund() async throws {
        let (store, _) = try await Self.device()
        let coins = try await Life.buy(store, F.coins)
        _ = try await store.admin { try $0.refund(coins.id) }
        #expect(try Self.sent(store) == ["ONE_TIME_CHARGE", "REFUND"])
        #expect(try store.notifications().last?.transactionID == coins.id)

        let ledger = Ledger.inMemory()
        let clock = ManualWallClock(F.start)
        let purchaser = try Store(catalog: Life.familyShareable, ledger: ledger, device: "iphone", wallClock: clock, polling: false)
        _ = try Store(catalog: Life.familyShareable, ledger: ledger, device: "kid", wallClock: clock, polling: false, familyMember: true)
        _ = try await purchaser.admin { try $0.setNotificationURL(Self.url) }
        let lifetime = try await Life.buy(purchaser, F.lifetime)
        _ = try await purchaser.admin { try $0.refund(lifetime.id) }
        #expect(try Self.sent(purchaser) == ["ONE_TIME_CHARGE", "REFUND", "REVOKE"])
        #expect(try purchaser.notifications().last?.isFamilyShared == true)
    }

    @Test("Family Sharing turned off for a product a member shares: REVOKE")
    func revokeWhenSharingStops() async throws {
        let ledger = Ledger.inMemory()
        let clock = ManualWallClock(F.start)
        let purchaser = try Store(catalog: Life.familyShareable, ledger: ledger, device: "iphone", wallClock: clock, polling: false)
        _ = try Store(catalog: Life.familyShareable, ledger: ledger, device: "kid", wallClock: clock, polling: false, familyMember: true)
        _ = try await purchaser.admin { try $0.setNotificationURL(Self.url) }
        let lifetime = try await Life.buy(purchaser, F.lifetime)
        _ = try await purchaser.admin { try $0.setFamilySharing(F.lifetime, shared: false) }
        let revoke = try #require(try purchaser.notifications().last)
        #expect(revoke.type == .revoke && revoke.transactionID == lifetime.id && revoke.isFamilyShared)
    }

    @Test("a refund request for a consumable or a subscription is CONSUMPTION_REQUEST with its reason; a non-consumable's sends none")
    func consumptionRequest() async throws {
        let (store, _) = try await Self.device()
        let coins = try await Life.buy(store, F.coins)
        let lifetime = try await Life.buy(store, F.lifetime)
        _ = try await store.admin { try $0.requestRefund(coins.id, reason: .fulfillmentIssue) }
        _ = try await store.admin { try $0.requestRefund(lifetime.id) }
        #expect(try Self.sent(store) == ["ONE_TIME_CHARGE", "ONE_TIME_CHARGE", "CONSUMPTION_REQUEST"])
        #expect(try store.notifications().last?.consumptionRequestReason == .fulfillmentIssue)
        #expect(try await Life.transaction(store, coins.id)?.revocationDate == nil, "a request refunds nothing")
    }

    @Test("consumables, non-consumables and non-renewing subscriptions: ONE_TIME_CHARGE")
    func oneTimeCharge() async throws {
        let (store, _) = try await Self.device()
        for id in [F.coins, F.lifetime, F.season] { _ = try await Life.buy(store, id) }
        #expect(try Self.sent(store) == ["ONE_TIME_CHARGE", "ONE_TIME_CHARGE", "ONE_TIME_CHARGE"])
        #expect(try store.notifications().allSatisfy { $0.groupID == nil && $0.appleStatus == nil })
    }

    @Test("an offer code: OFFER_REDEEMED INITIAL_BUY; an introductory offer is still SUBSCRIBED")
    func offerRedeemed() async throws {
        let (store, _) = try await Self.device(catalog: Life.redeemableCodes)
        _ = try await store.admin { try $0.redeem(code: "spring", device: "iphone") }
        #expect(try Self.sent(store) == ["OFFER_REDEEMED INITIAL_BUY"])

        let (trial, _) = try await Self.device()
        let tx = try await Life.buy(trial, F.yearly)
        #expect(tx.offer?.type == .introductory)
        #expect(try Self.sent(trial) == ["SUBSCRIBED INITIAL_BUY"])
    }

    @Test("Ask to Buy sends nothing until approved, then the purchase's notification; a decline sends nothing")
    func askToBuy() async throws {
        let (store, _) = try await Self.device()
        _ = try await store.admin { try $0.updateSettings { $0.switches.askToBuy = true } }
        for id in [F.lifetime, F.coins] {
            guard case .pending = try await store.purchase(productID: id) else { Issue.record("\(id) was not pending"); return }
        }
        #expect(try Self.sent(store).isEmpty)
        let pending = try await store.admin { try $0.pending() }
        _ = try await store.admin { try $0.approve(UInt64(pending[0].id)) }
        _ = try await store.admin { try $0.decline(UInt64(pending[1].id)) }
        #expect(try Self.sent(store) == ["ONE_TIME_CHARGE"])
    }

    @Test("TEST: enqueued on request, found by its token; refused with no URL")
    func test() async throws {
        let (store, _) = try await Self.device()
        let test = try await store.admin { try $0.requestTestNotification() }
        #expect(test.type == .test && test.transactionID == nil)
        #expect(try store.testNotification(token: test.notificationUUID.uppercased())?.notification.id == test.id)
        let (silent, _, _) = try F.device()
        await #expect(throws: StoreOperationError.self) { try await silent.admin { try $0.requestTestNotification() } }
    }

    @Test("nothing is enqueued while no URL is set, nor after notify off")
    func nothingWithoutURL() async throws {
        let (store, _, clock) = try F.device()
        let tx = try await Life.buy(store, F.monthly)
        _ = try await Life.buy(store, F.coins)
        await Life.move(store, clock, to: tx.expirationDate!.addingTimeInterval(1))
        #expect(try store.notifications().isEmpty)
        _ = try await store.admin { try $0.setNotificationURL(Self.url) }
        _ = try await store.admin { try $0.setNotificationURL(nil) }
        _ = try await Life.buy(store, F.lifetime)
        #expect(try store.notifications().isEmpty)
        #expect(try store.notificationURL() == nil)
    }

    @Test("a URL that is not http(s) is refused with one sentence")
    func badURL() async throws {
        let (store, _, _) = try F.device()
        for bad in ["ftp://example.com/x", "not a url", "http://", "mailto:me@example.com"] {
            let error = await #expect(throws: StoreOperationError.self) { try await store.admin { try $0.setNotificationURL(bad) } }
            #expect(error?.description.contains("\n") == false)
        }
        #expect(try store.notificationURL() == nil)
    }
}
