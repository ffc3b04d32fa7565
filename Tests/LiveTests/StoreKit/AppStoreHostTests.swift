import Foundation
import TestSupport
import Testing
@testable import TollboothStoreKit

/// The process-wide App Store as an app sees it through Apple's spellings: what a purchase, a
/// refund from outside and the listener show, and what an app without a store is told.
@Suite("TollboothStoreKit: the App Store an app talks to", .timeLimit(.minutes(1)))
struct AppStoreHostTests {
    typealias F = StoreFixtures

    /// Runs `body` against a fresh device store of its own (parallel tests do not share one).
    func withStore(_ body: (Outside.Device, AppStoreConnection) async throws -> Void) async throws {
        try await AppStoreHost.withIsolatedAppStore {
            let store = try Outside.device()
            let connection = AppStoreHost.install(store)
            try await body(store, connection)
        }
    }

    @Test("a purchase returns its transaction, unlocks the product and is not sent to updates")
    func purchase() async throws {
        try await withStore { _, connection in
            let products = try await Product.products(for: [F.lifetime, "no.such.product"])
            #expect(products.map { $0.id } == [F.lifetime], "unknown identifiers are left out")
            let listener = Listener()
            let result = try await products[0].purchase()
            guard case .success(let verification) = result else { Issue.record("expected success, got \(result)"); return }
            let transaction = try verification.payloadValue
            #expect(transaction.productID == F.lifetime)
            #expect(transaction.productType == .nonConsumable)
            #expect(transaction.environment == .xcode)
            await transaction.finish()
            var entitled: [String] = []
            for await entitlement in Transaction.currentEntitlements { entitled.append(try entitlement.payloadValue.productID) }
            #expect(entitled == [F.lifetime])
            await connection.waitForListeners()
            #expect(listener.received.isEmpty, "B1: the device's own purchase comes back from purchase(), not updates")
            listener.stop()
        }
    }

    @Test("a refund made outside the app has reached the listener when the admin call returns and the listener is done")
    func refundReachesTheListener() async throws {
        try await withStore { store, connection in
            let listener = Listener()
            await connection.listeners.waitUntilListening()
            let bought = try Outside.buy(F.lifetime, on: store)
            await connection.waitForListeners()
            #expect(listener.received.map(\.id) == [bought])
            try Outside.refund(bought, on: store)
            await connection.waitForListeners()
            #expect(listener.received.count == 2)
            #expect(listener.received.last?.revocationDate != nil)
            #expect(listener.received.last?.revocationType == .fullRefund)
            #expect(listener.received.last?.revocationPercentage == 100)
            #expect(listener.received.first?.revocationType == nil && listener.received.first?.revocationPercentage == nil)
            var entitled = 0
            for await _ in Transaction.currentEntitlements { entitled += 1 }
            #expect(entitled == 0)
            listener.stop()
        }
    }

    @Test("a prorated refund and its reversal both reach the listener; the entitlement goes and comes back")
    func refundAndReversalReachTheListener() async throws {
        try await withStore { store, connection in
            let listener = Listener()
            await connection.listeners.waitUntilListening()
            let bought = try Outside.buy(F.yearly, on: store)
            await connection.waitForListeners()
            try Outside.refundProrated(bought, percent: 40, on: store)
            await connection.waitForListeners()
            #expect(listener.received.count == 2)
            #expect(listener.received.last?.revocationType == .proratedRefund)
            #expect(listener.received.last?.revocationPercentage == 40)
            var entitled = 0
            for await _ in Transaction.currentEntitlements { entitled += 1 }
            #expect(entitled == 0, "a prorated refund revokes, as a full one does")
            try Outside.reverseRefund(bought, on: store)
            await connection.waitForListeners()
            #expect(listener.received.map(\.id) == [bought, bought, bought])
            let reversed = try #require(listener.received.last)
            #expect(reversed.revocationDate == nil && reversed.revocationType == nil && reversed.revocationPercentage == nil)
            var back: [String] = []
            for await entitlement in Transaction.currentEntitlements { back.append(try entitlement.payloadValue.productID) }
            #expect(back == [F.yearly])
            listener.stop()
        }
    }

    @Test("a listener whose task had not started when a purchase came from outside still gets it")
    func listenerStartingLate() async throws {
        try await withStore { store, connection in
            let listener = Listener()  // its task may not have run yet
            let bought = try Outside.buy(F.lifetime, on: store)
            await connection.waitForListeners()
            #expect(listener.received.map(\.id) == [bought])
            listener.stop()
        }
    }

    @Test("subscription periods read as a customer reads them")
    func periodText() async throws {
        try await withStore { _, _ in
            let products = try await Product.products(for: [F.monthly, F.yearly])
            let text = products.compactMap { product in
                product.subscription.map { $0.subscriptionPeriod.formatted(product.subscriptionPeriodFormatStyle) }
            }
            #expect(text == ["1 month", "1 year"])
            let unit = try #require(products.first?.subscription?.subscriptionPeriod.unit)
            #expect(unit.formatted(Product.SubscriptionPeriod.Unit.FormatStyle(locale: Locale(identifier: "ja_JP"))) == "か月")
        }
    }

    @Test("a promotional offer's signature parts and compact JWS reach the store and are checked")
    func promotionalOfferSignature() async throws {
        try await withStore { store, _ in
            try Outside.lapse(F.yearly, on: store)
            let product = try #require(try await Product.products(for: [F.yearly]).first)
            await #expect(throws: Product.PurchaseError.missingOfferParameters) {
                try await product.purchase(options: [.promotionalOffer(offerID: "comeback", keyID: "", nonce: UUID(), signature: Data(), timestamp: 0)])
            }
            let parts = try Outside.signedParts("comeback", for: F.yearly, on: store)
            await #expect(throws: Product.PurchaseError.invalidOfferSignature) {
                try await product.purchase(options: [.promotionalOffer(offerID: "comeback", keyID: parts.keyID, nonce: UUID(),
                                                                       signature: parts.signature, timestamp: parts.timestamp)])
            }
            let result = try await product.purchase(options: [.promotionalOffer(offerID: "comeback", keyID: parts.keyID, nonce: parts.nonce,
                                                                                signature: parts.signature, timestamp: parts.timestamp)])
            guard case .success(let verification) = result else { Issue.record("expected success, got \(result)"); return }
            #expect(try verification.payloadValue.offer?.type == .promotional)
            #expect(try verification.payloadValue.offer?.id == "comeback")
            let jws = try Outside.signedJWS("comeback", for: F.yearly, on: store)
            let again = try await product.purchase(options: Set(Product.PurchaseOption.promotionalOffer("comeback", compactJWS: jws)))
            guard case .success = again else { Issue.record("expected success with the JWS, got \(again)"); return }
        }
    }

    @Test("a fault on Load Products surfaces as StoreKit's error type")
    func loadProductsFault() async throws {
        try await withStore { store, _ in
            try Outside.failLoadProducts(with: .networkError, on: store)
            do {
                _ = try await Product.products(for: [F.lifetime])
                Issue.record("expected a network error")
            } catch let error as StoreKitError {
                guard case .networkError(let urlError) = error else { Issue.record("got \(error)"); return }
                #expect(urlError.code == .notConnectedToInternet)
            }
        }
    }

    @Test("a failure an API cannot return is written to the store's event log")
    func failuresAreLogged() async throws {
        try await withStore { store, connection in
            struct DiskFull: Error, CustomStringConvertible { var description: String { "disk full" } }
            StoreKitReport.failure(DiskFull(), during: "Transaction.finish() of transaction 7", connection: connection)
            let logged = try await Outside.waitForEvent(named: "appError", on: store)
            #expect(logged.contains("Transaction.finish() of transaction 7 failed"))
            #expect(logged.contains("disk full"))
        }
    }

    @Test("an app with no store configured is told how to configure one")
    func unconfigured() throws {
        #expect(throws: AppStoreHost.ConfigurationError.self) { try EnvironmentStore.open([:]) }
        do {
            _ = try EnvironmentStore.open([:])
        } catch {
            #expect(error.description.contains("TOLLBOOTH_CATALOG"))
        }
        #expect(throws: AppStoreHost.ConfigurationError.self) { try EnvironmentStore.open(["TOLLBOOTH_CATALOG": "/nonexistent.storekit"]) }
    }
}

/// An app's launch-time `Transaction.updates` listener.
final class Listener: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Transaction] = []
    private var task: Task<Void, Never>?

    init() {
        task = Task { [weak self] in
            for await update in Transaction.updates { self?.append(update.unsafePayloadValue) }
        }
    }

    var received: [Transaction] { lock.withLock { items } }
    private func append(_ transaction: Transaction) { lock.withLock { items.append(transaction) } }
    func stop() { task?.cancel() }
}
