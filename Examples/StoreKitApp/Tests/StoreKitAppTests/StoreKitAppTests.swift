#if canImport(StoreKitTest)
import StoreKit
import StoreKitTest
#else
import TollboothStoreKit
import TollboothStoreKitTest
#endif
import Foundation
import StoreKitApp
import XCTest

/// The app's store code against the local test environment, driven as Xcode's StoreKit
/// Testing guide shows. Each test asserts what the customer would see.
///
/// Nothing waits for time to pass: a change made through the session is awaited either on the
/// app's own notices (what the `Transaction.updates` listener told the customer) or by reading
/// the entitlements again, as the app does when it comes to the foreground.
@MainActor
final class StoreKitAppTests: XCTestCase {
    /// A fresh account on `Products.storekit`: no purchases, no dialogs, nothing injected.
    private func makeSession() throws -> SKTestSession {
        let session = try SKTestSession(configurationFileNamed: "Products")
        session.resetToDefaultState()
        session.disableDialogs = true
        session.clearTransactions()
        return session
    }

    /// The manager at launch: listening, with products and entitlements read.
    private func launchApp() async -> EntitlementManager {
        let manager = EntitlementManager()
        await manager.loadProducts()
        await manager.updatePurchasedProducts()
        return manager
    }

    func testThePaywallListsTheCatalogCheapestFirst() async throws {
        _ = try makeSession()
        let manager = await launchApp()

        XCTAssertEqual(manager.products.map(\.id), [ProductIDs.monthly, ProductIDs.yearly, ProductIDs.lifetime])
        XCTAssertEqual(manager.products.map(ProductText.line(for:)), [
            "Premium Monthly: $4.99 / 1 month",
            "Premium Yearly: $39.99 / 1 year",
            "Lifetime Unlock: $79.99",
        ])
        XCTAssertNil(manager.productsMessage)
        XCTAssertFalse(manager.hasPremium)
    }

    func testBuyingTheLifetimeUnlockUnlocksPremium() async throws {
        _ = try makeSession()
        let manager = await launchApp()
        let lifetime = try XCTUnwrap(manager.product(ProductIDs.lifetime))

        let outcome = try await manager.purchase(lifetime)

        XCTAssertEqual(outcome, .purchased)
        XCTAssertEqual(manager.purchasedProductIDs, [ProductIDs.lifetime])
        XCTAssertTrue(manager.hasPremium)
    }

    func testARefundReachesTheListenerAndLocksPremium() async throws {
        let session = try makeSession()
        let manager = await launchApp()
        _ = try await manager.purchase(try XCTUnwrap(manager.product(ProductIDs.lifetime)))
        let bought = try XCTUnwrap(session.allTransactions().first { $0.productIdentifier == ProductIDs.lifetime })

        try session.refundTransaction(identifier: bought.identifier)

        let notice = await nextNotice(of: manager)
        XCTAssertEqual(notice, .refunded(ProductIDs.lifetime))
        XCTAssertFalse(manager.hasPremium)
    }

    func testAPurchaseOutsideTheAppUnlocksPremium() async throws {
        let session = try makeSession()
        let manager = await launchApp()

        let transaction = try await session.buyProduct(identifier: ProductIDs.yearly)

        XCTAssertEqual(transaction.productID, ProductIDs.yearly)
        let notice = await nextNotice(of: manager)
        XCTAssertEqual(notice, .unlocked(ProductIDs.yearly))
        XCTAssertTrue(manager.hasPremium)
        XCTAssertEqual(manager.plan?.productID, ProductIDs.yearly)
        XCTAssertEqual(manager.plan?.state, .subscribed)
    }

    func testAPurchaseThatFailsVerificationUnlocksNothing() async throws {
        let session = try makeSession()
        try await session.setSimulatedError(.verification(.invalidSignature), forAPI: .verification)
        let manager = await launchApp()

        let outcome = try await manager.purchase(try XCTUnwrap(manager.product(ProductIDs.lifetime)))

        XCTAssertEqual(outcome, .withheld)
        XCTAssertFalse(manager.hasPremium)
        // Nor later: the entitlement stays unverified when the app reads it again.
        await manager.updatePurchasedProducts()
        XCTAssertFalse(manager.hasPremium)
        try await session.setSimulatedError(nil, forAPI: .verification)
    }

    func testAskToBuyWaitsThenUnlocksWhenTheParentApproves() async throws {
        let session = try makeSession()
        session.askToBuyEnabled = true
        let manager = await launchApp()

        let outcome = try await manager.purchase(try XCTUnwrap(manager.product(ProductIDs.lifetime)))

        XCTAssertEqual(outcome, .pending)
        XCTAssertEqual(manager.pendingProductIDs, [ProductIDs.lifetime])
        XCTAssertFalse(manager.hasPremium)

        let request = try XCTUnwrap(session.allTransactions().first { $0.pendingAskToBuyConfirmation })
        try session.approveAskToBuyTransaction(identifier: request.identifier)

        let notice = await nextNotice(of: manager)
        XCTAssertEqual(notice, .unlocked(ProductIDs.lifetime))
        XCTAssertTrue(manager.hasPremium)
        XCTAssertTrue(manager.pendingProductIDs.isEmpty)
    }

    func testNoNetworkWhileLoadingProductsIsShownThenRetrySucceeds() async throws {
        let session = try makeSession()
        try await session.setSimulatedError(
            .generic(.networkError(URLError(.notConnectedToInternet))), forAPI: .loadProducts)
        let manager = await launchApp()

        XCTAssertTrue(manager.products.isEmpty)
        XCTAssertEqual(manager.productsMessage, "You're offline. Check your connection and try again.")

        try await session.setSimulatedError(nil, forAPI: .loadProducts)
        await manager.loadProducts()

        XCTAssertEqual(manager.products.count, 3)
        XCTAssertNil(manager.productsMessage)
    }

    func testAFailedPurchaseUnlocksNothing() async throws {
        let session = try makeSession()
        try await session.setSimulatedError(.purchase(.purchaseNotAllowed), forAPI: .purchase)
        let manager = await launchApp()
        let monthly = try XCTUnwrap(manager.product(ProductIDs.monthly))

        do {
            _ = try await manager.purchase(monthly)
            XCTFail("the purchase should have failed")
        } catch {
            XCTAssertEqual(StoreMessage.text(for: error), "Purchases are turned off on this device (Screen Time).")
        }
        XCTAssertFalse(manager.hasPremium)
        try await session.setSimulatedError(nil, forAPI: .purchase)
    }

    func testARenewalReachesTheListenerAndExtendsThePlan() async throws {
        let session = try makeSession()
        let manager = await launchApp()
        _ = try await manager.purchase(try XCTUnwrap(manager.product(ProductIDs.monthly)))
        let firstPeriodEnd = try XCTUnwrap(manager.plan?.expirationDate)

        try session.forceRenewalOfSubscription(productIdentifier: ProductIDs.monthly)

        let notice = await nextNotice(of: manager)
        XCTAssertEqual(notice, .renewed(ProductIDs.monthly))
        XCTAssertTrue(manager.hasPremium)
        let secondPeriodEnd = try XCTUnwrap(manager.plan?.expirationDate)
        XCTAssertGreaterThan(secondPeriodEnd, firstPeriodEnd)
    }

    func testAnExpiredSubscriptionLocksPremium() async throws {
        let session = try makeSession()
        let manager = await launchApp()
        _ = try await manager.purchase(try XCTUnwrap(manager.product(ProductIDs.monthly)))
        XCTAssertTrue(manager.hasPremium)

        try session.expireSubscription(productIdentifier: ProductIDs.monthly)
        // A plain expiry sends no transaction, only a new status: the app reads its
        // entitlements again (on returning to the foreground, say).
        await manager.updatePurchasedProducts()

        XCTAssertFalse(manager.hasPremium)
        XCTAssertEqual(manager.plan?.state, .expired)
        XCTAssertEqual(manager.plan?.stateDescription, "expired")
    }

    func testTheFreeTrialIsOfferedOnlyUntilTheFirstSubscription() async throws {
        _ = try makeSession()
        let manager = await launchApp()

        let offer = try XCTUnwrap(manager.introductoryOffer)
        XCTAssertEqual(ProductText.offer(offer), "3-day free trial")

        _ = try await manager.purchase(try XCTUnwrap(manager.product(ProductIDs.yearly)))

        XCTAssertNil(manager.introductoryOffer)
        XCTAssertEqual(manager.plan?.productID, ProductIDs.yearly)
    }

    func testAtThirtySecondMonthsThePlanEndsThirtySecondsAfterPurchase() async throws {
        let session = try makeSession()
        session.timeRate = .monthlyRenewalEveryThirtySeconds
        let manager = await launchApp()
        let before = Date()

        _ = try await manager.purchase(try XCTUnwrap(manager.product(ProductIDs.monthly)))

        let after = Date()
        let periodEnd = try XCTUnwrap(manager.plan?.expirationDate)
        // Bought between `before` and `after`; the store keeps dates to the millisecond.
        XCTAssertGreaterThanOrEqual(periodEnd, before.addingTimeInterval(30 - 0.001))
        XCTAssertLessThanOrEqual(periodEnd, after.addingTimeInterval(30 + 0.001))
        session.timeRate = .realTime
    }

    func testRestorePurchasesFindsAPurchaseMadeBeforeLaunch() async throws {
        let session = try makeSession()
        try await session.buyProduct(identifier: ProductIDs.lifetime)
        let manager = EntitlementManager()
        await manager.loadProducts()

        try await manager.restorePurchases()

        XCTAssertTrue(manager.hasPremium)
    }

    func testAFailedRestoreSaysWhy() async throws {
        let session = try makeSession()
        try await session.setSimulatedError(.generic(.networkError(URLError(.notConnectedToInternet))), forAPI: .appStoreSync)
        let manager = await launchApp()

        do {
            try await manager.restorePurchases()
            XCTFail("Restore Purchases should have failed")
        } catch {
            XCTAssertEqual(StoreMessage.text(for: error), "You're offline. Check your connection and try again.")
        }
        try await session.setSimulatedError(nil, forAPI: .appStoreSync)
    }

    /// The next thing the app's `Transaction.updates` listener told the customer; nil (and a
    /// failure) when nothing came within `seconds`, so a listener that never hears of the
    /// change fails the test instead of hanging it.
    private func nextNotice(of manager: EntitlementManager, within seconds: Int = 30) async -> Notice? {
        let notices = manager.notices
        let notice = await withTaskGroup(of: Notice?.self) { group in
            group.addTask {
                for await notice in notices { return notice }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        if notice == nil { XCTFail("the app's Transaction.updates listener told the customer nothing within \(seconds) s") }
        return notice
    }
}
