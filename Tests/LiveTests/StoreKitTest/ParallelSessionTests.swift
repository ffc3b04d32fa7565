import Foundation
import Testing
import TollboothStoreKit
import TollboothStoreKitTest

/// Tests running at the same time, each with its own `SKTestSession`: with the isolation trait,
/// none sees another's purchases (Apple's one environment would mix them).
@Suite("TollboothStoreKitTest: parallel tests", .isolatedStoreKitEnvironment)
struct ParallelSessionTests {
    static let products = ["dev.tollbooth.example.lifetime", "dev.tollbooth.example.premium.monthly",
                           "dev.tollbooth.example.premium.yearly"]

    @Test("each parallel test sees only what it bought", arguments: 0..<24)
    func ownPurchasesOnly(round: Int) async throws {
        let session = try SKTestSession(configurationFileNamed: "Example")
        session.disableDialogs = true
        let mine = Self.products[round % Self.products.count]
        let product = try #require(try await Product.products(for: [mine]).first)
        guard case .success(let verification) = try await product.purchase() else {
            Issue.record("the purchase of \(mine) did not succeed")
            return
        }
        await verification.unsafePayloadValue.finish()
        await Task.yield()  // let the other tests run in between
        var entitled: [String] = []
        for await entitlement in Transaction.currentEntitlements { entitled.append(entitlement.unsafePayloadValue.productID) }
        #expect(entitled == [mine])
        #expect(session.allTransactions().map(\.productIdentifier) == [mine])
    }
}
