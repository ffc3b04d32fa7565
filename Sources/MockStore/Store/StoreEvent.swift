import Foundation

/// One entry of the store's event log: everything that happened, with store and wall time.
///
/// The log is the spine of multi-process delivery: every change appends an event in the same
/// database transaction, and each running device reads the events after its cursor.
public struct StoreEvent: Sendable, Hashable, Identifiable, Codable {
    /// Monotonic sequence number in the ledger.
    public var id: Int64
    public var kind: Kind
    public var storeTime: Date
    public var wallTime: Date
    public var transactionID: UInt64?
    public var productID: String?
    /// The device whose action caused it (nil: the CLI, the store clock, another process's admin action).
    public var device: String?
    /// Whether the transaction is delivered on `Transaction.updates` (to devices other than `device`
    /// when the device bought it in-app, B1).
    public var deliversTransaction: Bool
    /// The purchase was made on `device` but not through its app's `purchase()` (the App Store
    /// on that device, `txn buy --device`), so that device receives it on `updates` too.
    public var isOutsideApp: Bool
    /// The subscription group whose status changed, if any (feeds `Status.updates`).
    public var statusGroupID: String?
    /// Human-readable detail (`refund: developerIssue`, `fault fired: purchase.networkError`).
    public var detail: String

    public init(id: Int64, kind: Kind, storeTime: Date, wallTime: Date, transactionID: UInt64? = nil,
                productID: String? = nil, device: String? = nil, deliversTransaction: Bool = false,
                isOutsideApp: Bool = false, statusGroupID: String? = nil, detail: String = "") {
        self.id = id
        self.kind = kind
        self.storeTime = storeTime
        self.wallTime = wallTime
        self.transactionID = transactionID
        self.productID = productID
        self.device = device
        self.deliversTransaction = deliversTransaction
        self.isOutsideApp = isOutsideApp
        self.statusGroupID = statusGroupID
        self.detail = detail
    }

    /// The device whose own `purchase()` returned this transaction: its `updates` skip it (B1).
    public var purchaseResultDevice: String? {
        deliversTransaction && !isOutsideApp ? device : nil
    }

    /// What happened.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        case purchase, renewal, upgrade, downgrade, crossgrade
        case billingFailure, gracePeriod, billingRetry, billingRecovered, expiry
        case autoRenewOff, autoRenewOn, priceIncrease, refund, revoke
        /// The App Store Server API's Extend a Subscription Renewal Date moved an expiry later.
        case renewalExtended
        /// The customer asked the App Store for a refund, which it has not decided yet.
        case refundRequest
        /// The App Store declined a refund request (REFUND_DECLINED), or reversed a refund it
        /// granted (REFUND_REVERSED: the transaction is delivered again, unrevoked).
        case refundDeclined, refundReversed
        case askToBuyRequest, approve, decline
        case interrupted, resolve
        case finish, sync, delete, clear
        case faultFired, faultChanged, clockChanged, settingsChanged, launch
        /// An app's StoreKit call failed in a way its API cannot return (TollboothStoreKit).
        case appError
        /// An attempt to send an App Store Server Notification (`notificationAttempt`).
        case notification
    }
}
