import Foundation
import TollboothStoreKit
import TollboothStoreKitTest
import XCTest

/// The same environment from XCTest, as Apple's StoreKit testing article sets it up: a session
/// per test in `setUp`, the dialogs off, the transactions cleared.
final class SKTestSessionXCTests: XCTestCase {
    var session: SKTestSession!

    override func setUpWithError() throws {
        session = try SKTestSession(configurationFileNamed: "Example")
        session.disableDialogs = true
        session.clearTransactions()
    }

    func testExpireSubscriptionEndsTheEntitlement() async throws {
        let bought = try await session.buyProduct(identifier: "dev.tollbooth.example.premium.monthly")
        var statuses = Product.SubscriptionInfo.Status.updates.makeAsyncIterator()
        try session.expireSubscription(productIdentifier: "dev.tollbooth.example.premium.monthly")
        let status = await statuses.next()
        XCTAssertEqual(status?.state, .expired)
        XCTAssertEqual(try status?.renewalInfo.payloadValue.expirationReason, .autoRenewDisabled)
        var entitled = 0
        for await _ in Transaction.currentEntitlements { entitled += 1 }
        XCTAssertEqual(entitled, 0)
        XCTAssertFalse(try XCTUnwrap(session.allTransactions().first { $0.identifier == Int(bought.id) }).autoRenewingEnabled)
    }

    func testForceRenewalDeliversARenewal() async throws {
        var updates = Transaction.updates.makeAsyncIterator()
        let bought = try await session.buyProduct(identifier: "dev.tollbooth.example.premium.monthly")
        let purchase = await updates.next()?.unsafePayloadValue
        XCTAssertEqual(purchase?.id, bought.id, "a purchase from outside the app arrives on updates")
        try session.forceRenewalOfSubscription(productIdentifier: "dev.tollbooth.example.premium.monthly")
        let renewal = await updates.next()?.unsafePayloadValue
        XCTAssertEqual(renewal?.reason, .renewal)
        XCTAssertEqual(renewal?.originalID, bought.id)
        XCTAssertEqual(session.allTransactions().map(\.originalTransactionIdentifier), [Int(bought.id), Int(bought.id)])
    }

    func testBackdatedPurchaseRenewsUntilNow() async throws {
        let threeMonthsAgo = Date().addingTimeInterval(-95 * 86_400)
        try await session.buyProduct(identifier: "dev.tollbooth.example.premium.monthly",
                                     options: [.purchaseDate(threeMonthsAgo, renewalBehavior: .renewUntilNow)])
        let transactions = session.allTransactions()
        XCTAssertEqual(transactions.count, 4, "the purchase and three monthly renewals")
        XCTAssertEqual(transactions.last?.autoRenewingEnabled, true)
        XCTAssertGreaterThan(try XCTUnwrap(transactions.last?.expirationDate), Date())
    }

    func testUnknownIdentifiersAndFilesAreNamed() async throws {
        XCTAssertThrowsError(try session.refundTransaction(identifier: 999)) { error in
            XCTAssertEqual((error as? SKTestError)?.code, .noTransactionFound)
        }
        XCTAssertThrowsError(try session.expireSubscription(productIdentifier: "dev.tollbooth.example.lifetime")) { error in
            XCTAssertEqual((error as? SKTestError)?.code, .invalidProductType)
        }
        XCTAssertThrowsError(try SKTestSession(configurationFileNamed: "Missing")) { error in
            guard case SKTestError.fileNotFound = error else { return XCTFail("got \(error)") }
            XCTAssertTrue("\(error)".contains("Missing.storekit"))
            XCTAssertTrue("\(error)".contains("working directory"))
        }
    }

    func testResetToDefaultStateRestoresTheFilesSettings() throws {
        session.askToBuyEnabled = true
        session.storefront = "JPN"
        session.timeRate = .monthlyRenewalEveryHour
        session.resetToDefaultState()
        XCTAssertFalse(session.askToBuyEnabled)
        XCTAssertEqual(session.storefront, "USA")
        XCTAssertEqual(session.timeRate, .realTime)
    }
}
