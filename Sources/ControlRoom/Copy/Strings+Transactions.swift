import Chrome
import MockStore

/// The Transactions panel (Xcode's Transaction Manager): columns, row states, filters, the
/// detail view, the choosers and the keys. Table cells are short: they share one row.
extension Strings {
    // MARK: Columns

    public var txnColumnID: String { text(.txnColumnID) }
    public var txnColumnOriginalID: String { text(.txnColumnOriginalID) }
    public var txnColumnProduct: String { text(.txnColumnProduct) }
    public var txnColumnType: String { text(.txnColumnType) }
    public var txnColumnPurchased: String { text(.txnColumnPurchased) }
    public var txnColumnExpires: String { text(.txnColumnExpires) }
    public var txnColumnState: String { text(.txnColumnState) }
    public var txnColumnDevice: String { text(.txnColumnDevice) }
    public var txnColumnFinished: String { text(.txnColumnFinished) }
    public var txnFinishedYes: String { text(.txnFinishedYes) }
    public var txnFinishedNo: String { text(.txnFinishedNo) }
    /// An empty cell: no expiry, no device (bought outside the app or renewed by the store).
    public var txnNone: String { "-" }

    public func txnType(_ type: ProductType) -> String {
        switch type {
        case .autoRenewable: text(.txnType_autoRenewable)
        case .nonConsumable: text(.txnType_nonConsumable)
        case .consumable: text(.txnType_consumable)
        case .nonRenewable: text(.txnType_nonRenewable)
        default: type.rawValue
        }
    }

    // MARK: Row states

    public func txnState(_ state: TransactionRowState) -> String {
        switch state {
        case .active: text(.txnState_active)
        case .consumed: text(.txnState_consumed)
        case .autoRenewOff: text(.txnState_autoRenewOff)
        case .gracePeriod: text(.txnState_gracePeriod)
        case .billingRetry: text(.txnState_billingRetry)
        case .expired: text(.txnState_expired)
        case .revoked(let reason):
            reason == .developerIssue ? text(.txnState)
                : reason == nil ? text(.txnState_revoked) : text(.txnState_revokedOther)
        case .revokedProrated(let millipercent): text(.txnState_refundedProrated, refundShareText(millipercent: millipercent))
        case .refundRequested: text(.txnState_refundRequested)
        case .refundDeclined: text(.txnState_refundDeclined)
        case .refundReversed: text(.txnState_refundReversed)
        case .upgraded: text(.txnState_upgraded)
        case .askToBuy: text(.txnState_askToBuy)
        case .interrupted: text(.txnState_interrupted)
        case .unverified: text(.txnState_unverified)
        }
    }

    public func txnFilter(_ filter: TransactionStateFilter) -> String {
        switch filter {
        case .all: text(.txnFilter_all)
        case .active: text(.txnFilter_active)
        case .pending: text(.txnFilter_pending)
        case .unfinished: text(.txnFilter_unfinished)
        case .billing: text(.txnFilter_billing)
        case .expired: text(.txnFilter_expired)
        case .revoked: text(.txnFilter_revoked)
        case .upgraded: text(.txnFilter_upgraded)
        case .unverified: text(.txnFilter_unverified)
        }
    }

    // MARK: The line above the table

    /// "12 of 240 transactions" / "240 transactions".
    public func txnCount(shown: Int, total: Int) -> String {
        shown == total ? text(.txnCount, total)
            // The total comes first: it chooses the plural form ("0 of 1 transaction").
            : text(.txnCount_ofTransactions, total, shown)
    }
    /// The app transaction's line (`AppTransaction.shared`): "App", then "first 1 on Jan 1, 2026, Xcode".
    public var txnAppLabel: String { text(.txnAppLabel) }
    public func txnAppOriginal(version: String, date: String, environment: String) -> String {
        text(.txnAppOriginal, version, date, environment)
    }
    public func txnFilterText(_ filter: String) -> String { text(.txnFilterText, filter) }
    public func txnStateFilterText(_ state: String) -> String { text(.txnStateFilterText, state) }
    public var txnFilterPrompt: String { text(.txnFilterPrompt) }
    public var txnLoading: String { text(.txnLoading) }
    public var txnEmpty: String {
        text(.txnEmpty)
    }
    public var txnNoMatch: String {
        text(.txnNoMatch)
    }

    // MARK: Detail

    public func txnDetailTitle(_ id: UInt64) -> String { text(.txnDetailTitle, id) }
    public func txnPendingTitle(_ id: Int64) -> String { text(.txnPendingTitle, id) }
    public var txnDetailFields: String { text(.txnDetailFields) }
    public var txnDetailJSON: String { "JSON" }
    public var txnYes: String { text(.txnYes) }
    public var txnNo: String { text(.txnNo) }
    public var txnOutside: String { text(.txnOutside) }
    public var txnPendingAskToBuy: String { text(.txnPendingAskToBuy) }
    public var txnPendingInterrupted: String { text(.txnPendingInterrupted) }

    // MARK: Choosers

    public func txnRefundChooserTitle(_ id: UInt64) -> String { text(.txnRefundChooserTitle, id) }
    public var txnBuyProductTitle: String { text(.txnBuyProductTitle) }
    public func txnBuyDeviceTitle(_ product: String) -> String { text(.txnBuyDeviceTitle, product) }
    public var txnChooserHint: String { text(.txnChooserHint) }

    // MARK: Keys

    public var txnKeyScroll: String { text(.txnKeyScroll) }
    public var txnKeyDetail: String { text(.txnKeyDetail) }
    public var txnKeyBack: String { text(.txnKeyBack) }
    public var txnKeyFilter: String { text(.txnKeyFilter) }
    public var txnKeyStateFilter: String { text(.txnKeyStateFilter) }
    public var txnKeyJSON: String { text(.txnKeyJSON) }
    public var txnKeyFields: String { text(.txnKeyFields) }
    public var txnKeyRefund: String { text(.txnKeyRefund) }
    public var txnKeyExpire: String { text(.txnKeyExpire) }
    public var txnKeyRenew: String { text(.txnKeyRenew) }
    public var txnKeyAutoRenewOff: String { text(.txnKeyAutoRenewOff) }
    public var txnKeyAutoRenewOn: String { text(.txnKeyAutoRenewOn) }
    public var txnKeyApprove: String { text(.txnKeyApprove) }
    public var txnKeyDecline: String { text(.txnKeyDecline) }
    public var txnKeyResolve: String { text(.txnKeyResolve) }
    public var txnKeyDelete: String { text(.txnKeyDelete) }
    public var txnKeyBuyElsewhere: String { text(.txnKeyBuyElsewhere) }
    public var txnKeyClearAll: String { text(.txnKeyClearAll) }
    public var txnKeyTyping: String { text(.txnKeyTyping) }
    public var txnKeyChooser: String { text(.txnKeyChooser) }
}
