/// Where a transaction stands, as StoreKit 1's `SKPaymentTransactionState`: the type of
/// `SKTestTransaction.state`. Tollbooth uses `.purchased`, `.deferred` (Ask to Buy waiting for
/// approval) and `.failed` (an interrupted purchase waiting to be resolved).
public enum SKPaymentTransactionState: Int, Hashable, Sendable {
    case purchasing = 0
    case purchased = 1
    case failed = 2
    case restored = 3
    case deferred = 4
}
