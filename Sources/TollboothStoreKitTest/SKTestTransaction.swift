import Foundation

/// A transaction of the test environment as `SKTestSession.allTransactions()` lists it, as
/// StoreKitTest's `SKTestTransaction`: a purchase, a renewal, or a purchase still waiting (Ask to
/// Buy, an interrupted purchase). Pass `identifier` to the session's methods.
public final class SKTestTransaction: Sendable, CustomStringConvertible {
    /// The transaction's id (`Transaction.id`), or the waiting purchase's; the two never
    /// coincide, as the store takes both from one sequence.
    public let identifier: Int
    public let originalTransactionIdentifier: Int
    public let productIdentifier: String
    public let state: SKPaymentTransactionState
    public let purchaseDate: Date
    /// When the transaction was refunded (`Transaction.revocationDate`); nil otherwise.
    public let cancelDate: Date?
    public let expirationDate: Date?
    /// Whether the subscription this is the latest transaction of will renew.
    public let autoRenewingEnabled: Bool
    /// An interrupted purchase, or a subscription in billing retry or grace.
    public let hasPurchaseIssue: Bool
    public let isPendingPriceIncreaseConsent: Bool
    public let pendingAskToBuyConfirmation: Bool

    init(identifier: Int, originalTransactionIdentifier: Int, productIdentifier: String, state: SKPaymentTransactionState,
         purchaseDate: Date, cancelDate: Date? = nil, expirationDate: Date? = nil, autoRenewingEnabled: Bool = false,
         hasPurchaseIssue: Bool = false, isPendingPriceIncreaseConsent: Bool = false, pendingAskToBuyConfirmation: Bool = false) {
        self.identifier = identifier
        self.originalTransactionIdentifier = originalTransactionIdentifier
        self.productIdentifier = productIdentifier
        self.state = state
        self.purchaseDate = purchaseDate
        self.cancelDate = cancelDate
        self.expirationDate = expirationDate
        self.autoRenewingEnabled = autoRenewingEnabled
        self.hasPurchaseIssue = hasPurchaseIssue
        self.isPendingPriceIncreaseConsent = isPendingPriceIncreaseConsent
        self.pendingAskToBuyConfirmation = pendingAskToBuyConfirmation
    }

    public var description: String {
        "SKTestTransaction(\(identifier), \(productIdentifier), \(state)\(cancelDate == nil ? "" : ", refunded"))"
    }
}
