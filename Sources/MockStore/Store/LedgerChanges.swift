/// What changed on the account since a ledger read: the rows written since its change cursor,
/// as they are now, and the ids no longer on the account. The Transactions panel merges this
/// into what it holds instead of reading every transaction again.
public struct LedgerChanges: Sendable, Hashable {
    /// The cursor the changes are counted from (`LedgerContents.changeCursor` of an earlier read).
    public var since: Int64
    /// The cursor of this read: pass it to the next `Store.ledgerChanges(since:)`.
    public var cursor: Int64
    /// Transactions added or changed since `since`, as they are now, oldest (lowest id) first.
    public var transactions: [Transaction]
    /// Pending purchases added or changed since `since`, as they are now, oldest first.
    public var pending: [PendingPurchase]
    /// Ids of transactions and pending purchases deleted since `since` (approved, declined,
    /// resolved, deleted, cleared), ascending. They share one id space.
    public var removed: [UInt64]
    /// Devices that have opened the account, first seen first (a short list, always read whole).
    public var devices: [String]
    /// The account's app transaction as of the newest launch (always read whole).
    public var appTransaction: AppTransactionRecord?

    public init(since: Int64, cursor: Int64, transactions: [Transaction] = [], pending: [PendingPurchase] = [],
                removed: [UInt64] = [], devices: [String] = [], appTransaction: AppTransactionRecord? = nil) {
        self.since = since
        self.cursor = cursor
        self.transactions = transactions
        self.pending = pending
        self.removed = removed
        self.devices = devices
        self.appTransaction = appTransaction
    }
}
