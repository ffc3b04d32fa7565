import Chrome
import Foundation
import MockStore

/// A `ResultMessage` worded for the current language: a title, a sentence, and for errors the
/// store's own name for the error (developers search for `storeKit.networkError`, not for the
/// translated sentence).
struct MessageText {
    var title: String
    var body: String
    var detail: String?

    init(_ message: ResultMessage, state: PaywallState) {
        let s = state.strings
        let name = { (id: String) in state.displayName(id) }
        let date = { (d: Date?) -> String in d.map(state.dates.dateTime) ?? "" }
        detail = nil
        switch message {
        case .purchased(let id):
            (title, body) = (s.purchaseCompleteTitle, s.nowActive(name(id)))
        case .upgraded(let id):
            (title, body) = (s.purchaseCompleteTitle, s.upgraded(name(id)))
        case .switchedNow(let id):
            (title, body) = (s.purchaseCompleteTitle, s.switchedNow(name(id)))
        case .changeScheduled(let id, let on):
            (title, body) = (s.planChangeTitle, on == nil ? s.changesAtRenewal(name(id), s.effectAtRenewalNoDate) : s.changesAtRenewal(name(id), date(on)))
        case .planKept(let id, let cancelled):
            (title, body) = (s.planKeptTitle, s.planKept(name(id), cancelled: name(cancelled)))
        case .cancelled:
            (title, body) = (s.cancelledTitle, s.cancelledMessage)
        case .pending:
            (title, body) = (s.pendingTitle, s.pendingMessage)
        case .failed(let error, let during):
            title = during == .restore ? s.restoreFailedTitle : during == .redeem ? s.redeemFailedTitle : s.errorTitle(error)
            body = during == .purchase ? s.errorMessage(error) : s.errorTitle(error) + ": " + s.errorMessage(error)
            detail = error.description
        case .unverified(_, let error):
            (title, body) = (s.unverifiedTitle, s.errorMessage(.verification(error)))
            detail = InjectedError.verification(error).description
        case .restored(let count, let unverified):
            title = s.restoreTitle
            let space = s.sentenceSeparator
            body = unverified > 0 ? s.restored(count) + space + s.restoredUnverified(unverified) : s.restored(count)
        case .nothingToRestore:
            (title, body) = (s.restoreTitle, s.nothingToRestore)
        case .unavailable(let id, let reason):
            title = name(id)
            body = switch reason {
            case .subscribed: s.subscribedButton
            case .owned: s.ownedButton
            case .awaitingApproval: s.pendingApproval
            case .scheduled: s.scheduledButton
            case .paymentsDisabled: s.paymentsDisabledReason
            case .billingIssue: s.billingIssueReason
            case .busy: s.busyButton
            }
        case .approved(let id):
            (title, body) = (s.updateTitle, s.approved(name(id)))
        case .renewed(let id):
            (title, body) = (s.updateTitle, s.renewed(name(id)))
        case .refunded(let id):
            (title, body) = (s.updateTitle, s.refunded(name(id)))
        case .deliveredFromElsewhere(let id):
            (title, body) = (s.updateTitle, s.deliveredFromElsewhere(name(id)))
        case .redelivered(let id):
            (title, body) = (s.updateTitle, s.redelivered(name(id)))
        case .unverifiedUpdate(let id):
            (title, body) = (s.unverifiedTitle, s.unverifiedUpdate(name(id)))
        case .codeRedeemed(let id):
            (title, body) = (s.redeemTitle, s.codeRedeemed(name(id)))
        case .noPromotionalOffer(let id):
            (title, body) = (s.promoTitle, s.noPromotionalOffer(name(id)))
        case .oneWayToPay(let id):
            (title, body) = (s.billingTitle, s.oneWayToPay(name(id)))
        case .codeNotValid(let code):
            (title, body) = (s.redeemTitle, s.codeNotValid(code))
        case .copiedURL:
            (title, body) = (s.copyButton, s.copiedURL)
        case .relaunched(let device, let reinstalled):
            (title, body) = (s.controlRoomTitle, reinstalled ? s.reinstalled(device) : s.relaunched(device))
        case .languageFallback(let code):
            (title, body) = (s.controlRoomTitle, s.languageFallback(code))
        case .ledgerLost(let reason):
            (title, body) = (s.ledgerLostTitle, reason)
        }
    }

    /// "Title: sentence" for one-line places (the message row).
    var oneLine: String { "\(title): \(body)" }
}
