import Chrome
import Foundation
import MockStore

/// An admin action worded for the current language: the question before it, the sentence after.
struct AdminActionText {
    /// "Refund transaction 12 (Premium Yearly), reason: developer issue"
    var what: String
    var done: String
    var failedTitle: String

    init(_ action: AdminAction, state: ControlRoomScope) {
        let s = state.strings
        func tx(_ id: UInt64) -> String {
            let product = state.control.transactions.productID(of: id).map { s.text(.adminTransactionProduct, state.displayName($0)) } ?? ""
            return s.text(.adminTransaction, id, product)
        }
        switch action {
        case .refund(let id, let reason):
            what = s.text(.adminRefundWhat, tx(id), s.refundReason(reason))
            done = s.text(.adminRefundDone, tx(id))
        case .expire(let id):
            what = s.text(.adminExpireWhat, tx(id))
            done = s.text(.adminExpireDone, tx(id))
        case .renew(let id):
            what = s.text(.adminRenewWhat, tx(id))
            done = s.text(.adminRenewDone, tx(id))
        case .setAutoRenew(let id, let on):
            what = s.text(on ? .adminAutoRenewOnWhat : .adminAutoRenewOffWhat, tx(id))
            done = s.text(on ? .adminAutoRenewOnDone : .adminAutoRenewOffDone, tx(id))
        case .approve(let id):
            what = s.text(.adminApproveWhat, id)
            done = s.text(.adminApproveDone, id)
        case .decline(let id):
            what = s.text(.adminDeclineWhat, id)
            done = s.text(.adminDeclineDone, id)
        case .resolve(let id):
            what = s.text(.adminResolveWhat, id)
            done = s.text(.adminResolveDone, id)
        case .delete(let id):
            what = s.text(.adminDeleteWhat, tx(id))
            done = s.text(.adminDeleteDone, tx(id))
        case .buyElsewhere(let productID, let device):
            what = s.text(.adminBuyElsewhereWhat, state.displayName(productID), device)
            done = s.text(.adminBuyElsewhereDone, state.displayName(productID), device)
        case .clearAll:
            what = s.text(.adminClearAllWhat)
            done = s.text(.adminClearAllDone)
        case .advance(let by):
            what = s.text(.adminAdvanceWhat, by.description)
            done = s.text(.adminAdvanceDone, by.description)
        case .advanceToNextRenewal:
            what = s.text(.adminAdvanceToNextWhat)
            done = s.text(.adminAdvanceToNextDone)
        case .setRate(let rate):
            what = s.text(.adminSetRateWhat, rate.name)
            done = s.text(.adminSetRateDone, rate.name)
        case .setPaused(let paused):
            what = paused ? s.clockPause : s.clockResume
            done = s.text(paused ? .adminClockPausedDone : .adminClockRunningDone)
        case .setFault(let rule):
            what = s.text(.adminSetFaultWhat, StatusBar.faultSummary(rule))
            done = s.text(.adminSetFaultDone, StatusBar.faultSummary(rule))
        case .clearFaults(let api):
            what = api.map { s.text(.adminClearFaultWhat, $0.rawValue) } ?? s.text(.adminClearFaultsWhat)
            done = api.map { s.text(.adminClearFaultDone, $0.rawValue) } ?? s.text(.adminClearFaultsDone)
        case .setSwitch(let name, let on):
            what = "\(name.rawValue) \(on ? "on" : "off")"
            done = s.text(on ? .adminSwitchOnDone : .adminSwitchOffDone, name.rawValue)
        case .setStorefront(let code):
            what = s.text(.adminSetStorefrontWhat, code)
            done = s.text(.adminSetStorefrontDone, code)
        }
        failedTitle = s.text(.adminNotDone)
    }
}

extension Strings {
    /// `Transaction.RevocationReason` in words.
    public func refundReason(_ reason: RevocationReason) -> String {
        switch reason {
        case .developerIssue: text(.refundReasonDeveloperIssue)
        default: text(.refundReasonOther)
        }
    }
}
