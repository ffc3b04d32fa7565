import Foundation
import MockStore

extension Transaction {
    /// Transactions made outside this call to `purchase()`: other devices, renewals, Ask to Buy
    /// approvals, refunds; and, to the first listener, the unfinished ones. Start it at launch.
    public static var updates: Transactions { Transactions(source: .updates) }

    /// The customer's whole history.
    public static var all: Transactions {
        Transactions(source: .list(call: "Transaction.all") { try await $0.all })
    }

    /// The latest transaction of every product the customer is entitled to now.
    public static var currentEntitlements: Transactions {
        Transactions(source: .list(call: "Transaction.currentEntitlements") { try await $0.currentEntitlements })
    }

    /// Transactions the app has not finished.
    public static var unfinished: Transactions {
        Transactions(source: .list(call: "Transaction.unfinished") { try await $0.unfinished })
    }

    /// The entitlements for one product.
    public static func currentEntitlements(for productID: String) -> Transactions {
        Transactions(source: .list(call: "Transaction.currentEntitlements(for:)") { try await $0.currentEntitlements(for: productID) })
    }

    /// The history of one product.
    public static func all(for productID: String) -> Transactions {
        Transactions(source: .list(call: "Transaction.all(for:)") { store in
            try await store.all.filter { $0.unsafePayloadValue.productID == productID }
        })
    }

    /// The most recent transaction for a product; nil if it was never bought.
    public static func latest(for productID: String) async -> VerificationResult<Transaction>? {
        guard let connection = AppStoreHost.reachable(during: "Transaction.latest(for:)") else { return nil }
        do {
            return try await connection.store.latest(for: productID).map(VerificationResult.init)
        } catch {
            StoreKitReport.failure(error, during: "Transaction.latest(for:)", connection: connection)
            return nil
        }
    }

    /// The entitlement for one product, if any.
    @available(*, deprecated, message: "Use Transaction.currentEntitlements(for:)")
    public static func currentEntitlement(for productID: String) async -> VerificationResult<Transaction>? {
        for await entitlement in currentEntitlements(for: productID) { return entitlement }
        return nil
    }
}
