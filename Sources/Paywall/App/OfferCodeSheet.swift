import MockStore
import TerminalUI

/// The App Store's offer code redeem sheet (`presentOfferCodeRedeemSheet(in:)`): `o` on the
/// paywall opens it, the customer types a code and redeems it, and the subscription arrives on
/// `Transaction.updates` (docs/domain.md §1.3).
enum OfferCodeSheet {
    /// The longest code the sheet takes (App Store Connect codes are at most 64 characters).
    static let maxLength = 64

    /// Asks the store to present the sheet: its failable API decides whether it opens.
    static func open(_ state: inout PaywallState) -> [PaywallEffect] {
        guard state.inFlight == nil else { return [] }
        state.message = nil
        return [.presentRedeemSheet]
    }

    static func presented(_ state: inout PaywallState, failure: InjectedError?) {
        if let failure {
            StoreResults.show(&state, .failed(failure, during: .redeem))
        } else if state.overlay == nil {
            state.overlay = .redeemCode("")
        }
    }

    /// Typing, Backspace, Enter to redeem, Esc to close without redeeming.
    static func key(_ state: inout PaywallState, code: String, _ key: Key) -> [PaywallEffect] {
        switch key {
        case .escape:
            state.overlay = nil
            state.message = .cancelled
        case .enter:
            let trimmed = code.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return [] }
            state.overlay = nil
            return [.redeem(code: trimmed)]
        case .backspace:
            state.overlay = .redeemCode(String(code.dropLast()))
        case .character(let c) where !c.isNewline && code.count < maxLength
            && c.unicodeScalars.allSatisfy({ !$0.properties.generalCategory.isControl }):
            state.overlay = .redeemCode(code + String(c))
        default:
            break
        }
        return []
    }

    static func finished(_ state: inout PaywallState, _ outcome: RedeemOutcome) {
        switch outcome {
        case .redeemed(let transaction):
            state.message = .codeRedeemed(productID: transaction.productID)
        case .unknownCode(let code):
            StoreResults.show(&state, .codeNotValid(code))
        case .failed(let error):
            StoreResults.show(&state, .failed(error, during: .redeem))
        }
    }
}

private extension Unicode.GeneralCategory {
    var isControl: Bool { self == .control || self == .format }
}
