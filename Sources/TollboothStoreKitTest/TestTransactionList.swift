import Foundation
import MockStore

/// `SKTestSession.allTransactions()`: every transaction of the ledger and every purchase still
/// waiting, as `SKTestTransaction`s in identifier order.
enum TestTransactionList {
    static func all(_ session: AdminSession) throws -> [SKTestTransaction] {
        let statuses = Dictionary(try session.statuses().map { ($0.transaction.id, $0) }, uniquingKeysWith: { a, _ in a })
        let bought = try session.transactions().map { transaction -> SKTestTransaction in
            // Only the latest transaction of a subscription carries its renewal state.
            let status = statuses[transaction.id]
            let live = status.map { $0.state != .expired && $0.state != .revoked } ?? false
            return SKTestTransaction(
                identifier: Int(transaction.id), originalTransactionIdentifier: Int(transaction.originalID),
                productIdentifier: transaction.productID, state: .purchased, purchaseDate: transaction.purchaseDate,
                cancelDate: transaction.revocationDate, expirationDate: transaction.expirationDate,
                autoRenewingEnabled: live && status?.renewalInfo.willAutoRenew == true,
                hasPurchaseIssue: status?.renewalInfo.isInBillingRetry == true,
                isPendingPriceIncreaseConsent: live && status?.renewalInfo.priceIncreaseStatus == .pending)
        }
        let waiting = try session.pending().map { request in
            SKTestTransaction(
                identifier: Int(request.id), originalTransactionIdentifier: Int(request.id),
                productIdentifier: request.productID, state: request.kind == .askToBuy ? .deferred : .failed,
                purchaseDate: request.requestedAt, hasPurchaseIssue: request.kind == .interrupted,
                pendingAskToBuyConfirmation: request.kind == .askToBuy)
        }
        return (bought + waiting).sorted { $0.identifier < $1.identifier }
    }

    /// Whether `identifier` names a transaction or a waiting purchase.
    static func exists(_ identifier: Int, in session: AdminSession) throws -> Bool {
        try all(session).contains { $0.identifier == identifier }
    }
}
