/// Everything on the account at one moment: what Xcode's Transaction Manager lists.
public struct LedgerContents: Sendable, Hashable {
    /// Every transaction, oldest first: expired, revoked, upgraded and unfinished ones included.
    public var transactions: [Transaction]
    /// Ask to Buy requests and interrupted purchases still waiting.
    public var pending: [PendingPurchase]
    /// Devices that have opened the account, first seen first.
    public var devices: [String]
    /// The account's app transaction as of the newest launch; nil before any app launched.
    public var appTransaction: AppTransactionRecord?
    /// Where the ledger's change log stood when this was read: `Store.ledgerChanges(since:)`
    /// gives what changed after it. nil: the ledger keeps no change log (opened read-only
    /// before it had one), or the contents were not read from a ledger.
    public var changeCursor: Int64?

    public init(transactions: [Transaction] = [], pending: [PendingPurchase] = [], devices: [String] = [],
                appTransaction: AppTransactionRecord? = nil, changeCursor: Int64? = nil) {
        self.transactions = transactions
        self.pending = pending
        self.devices = devices
        self.appTransaction = appTransaction
        self.changeCursor = changeCursor
    }
}
