import Chrome
import Foundation
import MockStore

/// What happened after an action or a store update, said to the customer.
///
/// Kept as meaning, not text: the view words it for the current language and looks up product
/// names at render time, and tests can compare outcomes without matching sentences.
public enum ResultMessage: Sendable, Hashable {
    case purchased(productID: String)
    /// An upgrade: the higher plan gives service at once (B6).
    case upgraded(productID: String)
    /// A crossgrade between plans of the same period: at once.
    case switchedNow(productID: String)
    /// A downgrade (or a crossgrade to another period): from the next renewal (B6).
    case changeScheduled(productID: String, on: Date?)
    /// The current plan chosen again: the change to `cancelled` scheduled before is off.
    case planKept(productID: String, cancelled: String)
    /// The customer cancelled (the sheet, or the store said `.userCancelled`).
    case cancelled
    /// Ask to Buy: waiting for a parent (B10).
    case pending(productID: String)
    /// A purchase, restore or load failed with this error.
    case failed(InjectedError, during: FailedOperation)
    /// The store answered `.unverified`: flagged, nothing granted.
    case unverified(productID: String, VerificationError)
    case restored(count: Int, unverified: Int)
    case nothingToRestore
    /// A plan that can't be bought right now, and why (activating it explains instead of
    /// doing nothing).
    case unavailable(productID: String, PlanAction.UnavailableReason)
    // Transaction updates from the listener.
    case approved(productID: String)
    case renewed(productID: String)
    case refunded(productID: String)
    case deliveredFromElsewhere(productID: String)
    /// An unfinished purchase of this device, delivered again at launch (B2).
    case redelivered(productID: String)
    case unverifiedUpdate(productID: String)
    /// A redeemed offer code's subscription arrived.
    case codeRedeemed(productID: String)
    /// The code typed in the redeem sheet is not one the store knows.
    case codeNotValid(String)
    /// `p` on a plan with no promotional offer this customer may get.
    case noPromotionalOffer(productID: String)
    /// `b` on a plan that is billed one way only (no monthly plan with a commitment).
    case oneWayToPay(productID: String)
    /// A legal link's URL was handed to the clipboard.
    case copiedURL
    /// The emulated app was started again (the control room's Settings).
    case relaunched(device: String, reinstalled: Bool)
    /// The ledger stopped being the file the app opened: the one-sentence reason.
    case ledgerLost(String)
    /// Tollbooth has no translation for the locale's language (its code): English is shown.
    case languageFallback(String)

    /// Which action a failure belongs to.
    public enum FailedOperation: String, Sendable, Hashable {
        case purchase, restore, redeem
    }

    /// How the message is coloured.
    public var tone: Tone {
        switch self {
        case .purchased, .upgraded, .switchedNow, .restored(_, 0), .approved, .renewed, .codeRedeemed: .success
        case .changeScheduled, .planKept, .cancelled, .noPromotionalOffer, .oneWayToPay, .nothingToRestore, .deliveredFromElsewhere, .redelivered, .copiedURL, .unavailable,
             .relaunched, .languageFallback: .info
        case .pending, .restored, .refunded: .warning
        case .failed, .unverified, .unverifiedUpdate, .codeNotValid, .ledgerLost: .error
        }
    }

    /// Whether the message opens an alert the customer must dismiss.
    public var needsAttention: Bool {
        switch self {
        case .failed, .unverified, .pending, .codeNotValid, .ledgerLost: true
        default: false
        }
    }

    /// The colour family of a message.
    public typealias Tone = MessageTone
}
