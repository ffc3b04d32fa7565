import Chrome
import Foundation
import MockStore

/// What a row of the Transactions panel is, worked out from the transaction, the account's
/// subscription statuses in the latest snapshot, and store time when the ledger was read.
public enum TransactionRowState: Hashable, Sendable {
    /// Entitled: a purchase, or a subscription's latest period that will renew.
    case active
    /// A consumable: used up when bought, never an entitlement (the word `txn list` uses).
    case consumed
    /// A subscription's latest period, auto-renew turned off: access until it ends.
    case autoRenewOff
    case gracePeriod
    case billingRetry
    /// The period this transaction paid for is over (or the subscription expired).
    case expired
    /// Refunded or revoked (B8, B9), with the reason when the store gave one.
    case revoked(RevocationReason?)
    /// Refunded in part (REFUND_PRORATED): the share in millipercent (40% is 40000).
    case revokedProrated(Int)
    /// A refund request the App Store has not decided; access continues meanwhile.
    case refundRequested
    /// The App Store declined the refund request (REFUND_DECLINED).
    case refundDeclined
    /// A refund reversed (REFUND_REVERSED): the entitlement is back.
    case refundReversed
    /// Superseded by an upgrade (B6).
    case upgraded
    case askToBuy
    case interrupted
    /// Handed out as `.unverified`.
    case unverified

    /// The English word a text filter finds it by (whatever the UI language).
    var keyword: String {
        switch self {
        case .active: "active"
        case .consumed: "consumed"
        case .autoRenewOff: "active renew off"
        case .gracePeriod: "grace period billing"
        case .billingRetry: "billing retry"
        case .expired: "expired"
        case .revoked(let reason): "revoked refunded \(reason?.rawValue ?? "")"
        case .revokedProrated: "revoked refunded prorated"
        case .refundRequested: "active refund requested"
        case .refundDeclined: "active refund declined"
        case .refundReversed: "active refund reversed"
        case .upgraded: "upgraded"
        case .askToBuy: "pending ask to buy"
        case .interrupted: "pending interrupted"
        case .unverified: "unverified"
        }
    }

    /// Refunded or revoked, in full or in part.
    var isRevoked: Bool {
        switch self {
        case .revoked, .revokedProrated: true
        default: false
        }
    }

    /// The theme role of the state cell.
    var role: ThemeRole {
        switch self {
        case .active: .success
        case .autoRenewOff, .gracePeriod, .askToBuy, .interrupted, .refundRequested: .warning
        case .refundDeclined, .refundReversed: .success
        case .billingRetry, .revoked, .revokedProrated, .unverified: .error
        case .expired, .upgraded, .consumed: .muted
        }
    }
}

/// The state filter, cycled with `s`.
public enum TransactionStateFilter: String, CaseIterable, Sendable, Hashable {
    case all, active, pending, unfinished, billing, expired, revoked, upgraded, unverified

    func admits(_ row: TransactionRow) -> Bool {
        switch self {
        case .all: true
        case .active: [.active, .autoRenewOff, .gracePeriod, .refundRequested, .refundDeclined, .refundReversed].contains(row.state)
        case .pending: row.state == .askToBuy || row.state == .interrupted
        case .unfinished: row.isFinished == false
        case .billing: row.state == .billingRetry || row.state == .gracePeriod
        case .expired: row.state == .expired
        case .revoked: row.state.isRevoked
        case .upgraded: row.state == .upgraded
        case .unverified: row.state == .unverified
        }
    }
}

/// One row of the table: a transaction or a pending purchase (they share the id space).
/// Small on purpose: the text of a row is made only when the row is on screen.
public struct TransactionRow: Hashable, Sendable {
    public enum Source: Hashable, Sendable {
        /// Index into `LedgerContents.transactions`.
        case transaction(Int)
        /// Index into `LedgerContents.pending`.
        case pending(Int)
    }

    public var source: Source
    public var id: UInt64
    public var state: TransactionRowState
    /// nil for a pending purchase (nothing to finish yet).
    public var isFinished: Bool?
    /// Set on the latest transaction of a subscription that is still live (subscribed, in grace
    /// or in billing retry): expire, renew, auto-renew and resolve apply to it. Its
    /// `willAutoRenew`.
    public var liveWillAutoRenew: Bool?
    /// The live subscription is in grace or billing retry: resolve applies.
    public var hasBillingIssue: Bool = false

}

/// The rows of a ledger, newest first, and a lower-cased text per row for the text filter,
/// built once per ledger read and then merged (`TransactionsMerge`).
struct TransactionTable: Hashable, Sendable {
    /// The rows and their text, in chunks (`TableChunk`) that frames share; `rows` reads them
    /// as one list.
    var chunks: [TableChunk] = []
    /// `ends[k]`: the rows in chunks 0...k.
    var ends: [Int] = []
    /// Digits of the largest id: the id columns keep their width while scrolling.
    var idWidth = 2
    /// What the rows were worked out from besides the ledger; a merge of changes recomputes the
    /// rows these make stale (`TransactionsMerge`). Store time:
    var now = Date.distantPast
    /// The transactions the snapshot's subscription statuses name, ascending: only their rows
    /// take their state from a status.
    var statusIDs: [UInt64] = []
    /// Transactions whose expiry was still ahead at `now`, ascending: only their rows can
    /// expire as store time passes.
    var expiring: [UInt64] = []
    /// The language and products of the search text (a locale switch changes both).
    var language: Language?
    var products: [Product] = []

    init() {}

    /// The rows as of `now` (store time), with the subscription statuses of `snapshot`.
    init(contents: LedgerContents, snapshot: StoreSnapshot?, now: Date?, products: [Product], language: Language) {
        let now = now ?? .distantPast
        let statusByOriginal = Self.statusByOriginal(snapshot)
        let rows = Self.allRows(contents, statusByOriginal: statusByOriginal, now: now)
        var maker = SearchIndex.Maker(products: products, strings: Strings(language))
        for start in stride(from: 0, to: rows.count, by: TableChunk.size) {
            let part = Array(rows[start..<min(start + TableChunk.size, rows.count)])
            chunks.append(TableChunk(rows: part, search: SearchIndex(rows: part, contents: contents, maker: &maker)))
        }
        self.ends = TableChunk.ends(chunks.lazy.map(\.rows.count))
        self.idWidth = max(2, String(rows.first?.id ?? 0).count)
        self.now = now
        self.statusIDs = Self.statusIDs(snapshot)
        self.expiring = contents.transactions.compactMap { tx in tx.expirationDate.flatMap { $0 > now ? tx.id : nil } }.sorted()
        self.language = language
        self.products = products
    }

    /// Each original transaction's subscription status (the first one the snapshot lists).
    static func statusByOriginal(_ snapshot: StoreSnapshot?) -> [UInt64: SubscriptionStatus] {
        var statusByOriginal: [UInt64: SubscriptionStatus] = [:]
        for status in snapshot?.statuses ?? [] where statusByOriginal[status.transaction.originalID] == nil {
            statusByOriginal[status.transaction.originalID] = status
        }
        return statusByOriginal
    }

    static func statusIDs(_ snapshot: StoreSnapshot?) -> [UInt64] {
        Array(Set((snapshot?.statuses ?? []).map(\.transaction.id))).sorted()
    }

    /// Transactions and pending purchases, newest (highest id) first.
    static func allRows(_ contents: LedgerContents, statusByOriginal: [UInt64: SubscriptionStatus], now: Date) -> [TransactionRow] {
        let transactions = contents.transactions
        let pending = contents.pending
        let sorted = zip(transactions, transactions.dropFirst()).allSatisfy { $0.id < $1.id }
            && zip(pending, pending.dropFirst()).allSatisfy { $0.id < $1.id }
        guard sorted else {
            // Built by hand, not read from the store: sort instead of merging.
            var rows = transactions.indices.map { row(transactions[$0], index: $0, statusByOriginal: statusByOriginal, now: now) }
            rows += pending.indices.map { row(pending[$0], index: $0) }
            return rows.sorted { $0.id > $1.id }
        }
        // Both lists come oldest first (by id): merge them newest first.
        var rows: [TransactionRow] = []
        rows.reserveCapacity(transactions.count + pending.count)
        var t = transactions.count - 1, p = pending.count - 1
        while t >= 0 || p >= 0 {
            if p < 0 || (t >= 0 && transactions[t].id >= UInt64(max(0, pending[p].id))) {
                rows.append(row(transactions[t], index: t, statusByOriginal: statusByOriginal, now: now))
                t -= 1
            } else {
                rows.append(row(pending[p], index: p))
                p -= 1
            }
        }
        return rows
    }

    static func row(_ tx: Transaction, index: Int, statusByOriginal: [UInt64: SubscriptionStatus], now: Date) -> TransactionRow {
        var status = tx.subscriptionGroupID == nil ? nil : statusByOriginal[tx.originalID]
        if let found = status, found.subscriptionGroupID != tx.subscriptionGroupID { status = nil }
        var row = TransactionRow(source: .transaction(index), id: tx.id, state: state(of: tx, status: status, now: now),
                                 isFinished: tx.isFinished)
        if let status, status.transaction.id == tx.id,
           [RenewalState.subscribed, .inGracePeriod, .inBillingRetryPeriod].contains(status.state), tx.revocationDate == nil {
            row.liveWillAutoRenew = status.renewalInfo.willAutoRenew
            row.hasBillingIssue = status.state != .subscribed
        }
        return row
    }

    static func row(_ purchase: PendingPurchase, index: Int) -> TransactionRow {
        TransactionRow(source: .pending(index), id: UInt64(max(0, purchase.id)),
                       state: purchase.kind == .askToBuy ? .askToBuy : .interrupted, isFinished: nil)
    }

    /// A transaction's state: revoked and upgraded first (no access whatever the dates, B9),
    /// then what its subscription's status says if it is that subscription's latest
    /// transaction, else its own expiry against store time. A refund request's outcome shows
    /// in place of a state that gives access (active, consumed, auto-renew off).
    static func state(of tx: Transaction, status: SubscriptionStatus?, now: Date) -> TransactionRowState {
        let base = baseState(of: tx, status: status, now: now)
        guard [.active, .consumed, .autoRenewOff].contains(base) else { return base }
        switch tx.refundState {
        case .requested?: return .refundRequested
        case .declined?: return .refundDeclined
        case .reversed?: return .refundReversed
        default: return base
        }
    }

    static func baseState(of tx: Transaction, status: SubscriptionStatus?, now: Date) -> TransactionRowState {
        if tx.revocationDate != nil {
            if tx.revocationType == .proratedRefund { return .revokedProrated(tx.proratedRefundMillipercent ?? 0) }
            return .revoked(tx.revocationReason)
        }
        if tx.isUpgraded { return .upgraded }
        if tx.verificationError != nil { return .unverified }
        if tx.productType == .consumable { return .consumed }
        if let status, status.transaction.id == tx.id {
            switch status.state {
            case .subscribed: return status.renewalInfo.willAutoRenew ? .active : .autoRenewOff
            case .inGracePeriod: return .gracePeriod
            case .inBillingRetryPeriod: return .billingRetry
            case .revoked: return .revoked(tx.revocationReason)
            case .expired: return .expired
            default: break
            }
        }
        if let expiration = tx.expirationDate, expiration <= now { return .expired }
        return .active
    }
}
