import Foundation
import Testing
import TollboothStoreKit
import TollboothStoreKitTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `SKTestSession` used as Apple's documentation shows it, checking what an app's developer
/// would notice. One environment per process, as with Apple's: the suite runs one test at a time.
@Suite("TollboothStoreKitTest: SKTestSession", .serialized, .timeLimit(.minutes(1)))
struct SKTestSessionTests {
    static let lifetime = "dev.tollbooth.example.lifetime"
    static let monthly = "dev.tollbooth.example.premium.monthly"

    /// Everything a sequence yields until it ends: a new session closes the previous store,
    /// which ends its sequences.
    static func drain(_ iterator: inout Transaction.Transactions.AsyncIterator) async -> [Transaction] {
        var received: [Transaction] = []
        while let next = await iterator.next() { received.append(next.unsafePayloadValue) }
        return received
    }

    @Test("a refund has reached Transaction.updates when refundTransaction returns")
    func refund() async throws {
        let session = try SKTestSession(configurationFileNamed: "Example")
        session.disableDialogs = true
        var updates = Transaction.updates.makeAsyncIterator()
        let bought = try await session.buyProduct(identifier: Self.lifetime)
        try session.refundTransaction(identifier: Int(bought.id))
        // Both are in the sequence already: neither `next()` has anything to wait for (were the
        // refund not handed out yet, the second would wait, and the time limit fail the test).
        let purchase = await updates.next()?.unsafePayloadValue
        let refund = await updates.next()?.unsafePayloadValue
        #expect(purchase?.id == bought.id)
        #expect(refund?.id == bought.id)
        #expect(refund?.revocationDate != nil)
    }

    @Test("a new session starts with no transactions from the previous one")
    func clean() async throws {
        let first = try SKTestSession(configurationFileNamed: "Example")
        try await first.buyProduct(identifier: Self.lifetime)
        #expect(first.allTransactions().count == 1)
        let second = try SKTestSession(configurationFileNamed: "Example")
        #expect(second.allTransactions().isEmpty)
        var entitled: [String] = []
        for await entitlement in Transaction.currentEntitlements { entitled.append(entitlement.unsafePayloadValue.productID) }
        #expect(entitled.isEmpty)
    }

    @Test("Ask to Buy: the purchase is pending; approval delivers it on Transaction.updates")
    func askToBuyApproved() async throws {
        let session = try SKTestSession(configurationFileNamed: "Example")
        session.askToBuyEnabled = true
        let product = try #require(try await Product.products(for: [Self.lifetime]).first)
        var updates = Transaction.updates.makeAsyncIterator()
        guard case .pending = try await product.purchase() else { Issue.record("expected .pending"); return }
        let request = try #require(session.allTransactions().first)
        #expect(request.pendingAskToBuyConfirmation)
        #expect(request.state == .deferred)
        try session.approveAskToBuyTransaction(identifier: request.identifier)
        let approved = try #require(await updates.next()).unsafePayloadValue
        #expect(approved.productID == Self.lifetime)
        #expect(await Transaction.currentEntitlements(for: Self.lifetime).contains { _ in true })
    }

    @Test("Ask to Buy: a declined request delivers nothing and unlocks nothing")
    func askToBuyDeclined() async throws {
        let session = try SKTestSession(configurationFileNamed: "Example")
        session.askToBuyEnabled = true
        let product = try #require(try await Product.products(for: [Self.lifetime]).first)
        var updates = Transaction.updates.makeAsyncIterator()
        guard case .pending = try await product.purchase() else { Issue.record("expected .pending"); return }
        let request = try #require(session.allTransactions().first)
        try session.declineAskToBuyTransaction(identifier: request.identifier)
        #expect(session.allTransactions().isEmpty)
        _ = try SKTestSession(configurationFileNamed: "Example")
        #expect(await Self.drain(&updates).isEmpty)
    }

    @Test("simulated errors surface as StoreKit's errors, exactly as set, until cleared")
    func simulatedErrors() async throws {
        let session = try SKTestSession(configurationFileNamed: "Example")
        try await session.setSimulatedError(.generic(.networkError(URLError(.notConnectedToInternet))), forAPI: .loadProducts)
        #expect(await session.simulatedError(forAPI: .loadProducts) == .generic(.networkError(URLError(.notConnectedToInternet))))
        do {
            _ = try await Product.products(for: [Self.lifetime])
            Issue.record("expected a network error")
        } catch StoreKitError.networkError(let error) {
            #expect(error.code == .notConnectedToInternet)
        }
        try await session.setSimulatedError(nil, forAPI: .loadProducts)
        #expect(await session.simulatedError(forAPI: .loadProducts) == nil)
        let product = try #require(try await Product.products(for: [Self.lifetime]).first)

        try await session.setSimulatedError(.purchase(.productUnavailable), forAPI: .purchase)
        await #expect(throws: Product.PurchaseError.productUnavailable) { _ = try await product.purchase() }
        try await session.setSimulatedError(.generic(.notEntitled), forAPI: .purchase)
        do {
            _ = try await product.purchase()
            Issue.record("expected notEntitled")
        } catch StoreKitError.notEntitled {}
    }

    @Test("a declined price increase expires the subscription at renewal, for not consenting")
    func priceIncreaseDeclined() async throws {
        let session = try SKTestSession(configurationFileNamed: "Example")
        session.timeRate = .oneRenewalEveryTwoSeconds
        var statuses = Product.SubscriptionInfo.Status.updates.makeAsyncIterator()
        let bought = try await session.buyProduct(identifier: Self.monthly)
        try session.requestPriceIncreaseConsentForTransaction(identifier: Int(bought.id))
        #expect(session.allTransactions().first?.isPendingPriceIncreaseConsent == true)
        try session.declinePriceIncreaseForTransaction(identifier: Int(bought.id))
        while let status = await statuses.next(), status.state != .expired {}
        let status = try #require(try await Product.SubscriptionInfo.status(for: bought.subscriptionGroupID!).first)
        #expect(status.state == .expired)
        #expect(try status.renewalInfo.payloadValue.expirationReason == .didNotConsentToPriceIncrease)
        #expect(session.allTransactions().count == 1, "no renewal")
    }

    @Test("an accelerated time rate renews a monthly subscription within seconds")
    func timeRate() async throws {
        let session = try SKTestSession(configurationFileNamed: "Example")
        session.timeRate = .oneRenewalEveryTwoSeconds
        #expect(session.timeRate == .oneRenewalEveryTwoSeconds)
        var updates = Transaction.updates.makeAsyncIterator()
        let bought = try await session.buyProduct(identifier: Self.monthly)
        var renewal: Transaction?
        while renewal == nil, let next = await updates.next() {
            let transaction = next.unsafePayloadValue
            if transaction.reason == .renewal { renewal = transaction }
        }
        #expect(renewal?.originalID == bought.id)
        #expect(renewal.map { $0.purchaseDate.timeIntervalSince(bought.purchaseDate) < 60 } == true)
    }
}
