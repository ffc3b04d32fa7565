import Foundation
import TollboothStoreKit
import TollboothStoreKitTest

/// An app's own StoreKit test, as a developer writes it with `SKTestSession`: a fresh session
/// on `Examples/Example.storekit`, buy the lifetime unlock with `purchase()`, finish it, refund
/// it with `refundTransaction(identifier:)`, and check `Transaction.currentEntitlements` is
/// empty again. Target: ≤ 20 ms each, after the first.
enum StoreKitTestBench {
    static let benchmark = Benchmark(
        name: "storekittest",
        summary: "SKTestSession: new session, buy, refund, check entitlements",
        targets: [(.median, 20), (.p99, 20)],
        run: run)

    static let lifetime = "dev.tollbooth.example.lifetime"

    static func run() async throws -> Measurement {
        let file = URL(fileURLWithPath: "Examples/Example.storekit")
        var first = 0.0
        var samples: [Double] = []
        for round in 0..<201 {
            let elapsed = try await milliseconds { try await oneTest(file) }
            if round == 0 { first = elapsed } else { samples.append(elapsed) }
        }
        return Measurement(samples: samples, notes: ["the first test, which loads the catalog code and formatters: \(format(first))"])
    }

    static func oneTest(_ file: URL) async throws {
        let session = try SKTestSession(contentsOf: file)
        session.disableDialogs = true
        session.clearTransactions()
        guard let product = try await Product.products(for: [lifetime]).first,
              case .success(let verification) = try await product.purchase() else {
            throw BenchError("the lifetime unlock could not be bought")
        }
        let transaction = try verification.payloadValue
        await transaction.finish()
        try session.refundTransaction(identifier: Int(transaction.id))
        for await entitlement in Transaction.currentEntitlements {
            throw BenchError("still entitled to \(entitlement.unsafePayloadValue.productID) after the refund")
        }
    }

    struct BenchError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
