import Chrome
import MockStore
import TerminalUI

/// The paywall's keys, clicks, wheel, resize and signals → state changes and effects (the app
/// routes here what no panel, sheet of another feature or the audit overlay took).
package enum Input {
    static func handle(_ state: inout PaywallState, _ input: InputEvent) -> [PaywallEffect] {
        switch input {
        case .resize(let size):
            state.size = size
            Focus.reveal(&state)
            return []
        case .signal:
            return quit(&state)
        case .key(.control("c")):
            return quit(&state)
        case .key(let key):
            if let overlay = state.overlay { return overlayKey(&state, overlay, key) }
            return mainKey(&state, key)
        case .mouse(let mouse):
            return self.mouse(&state, mouse)
        }
    }

    // MARK: Keys

    static func mainKey(_ state: inout PaywallState, _ key: Key) -> [PaywallEffect] {
        switch key {
        case .up, .left, .backTab, .character("k"), .character("h"):
            Focus.move(&state, by: -1)
        case .down, .right, .tab, .character("j"), .character("l"):
            Focus.move(&state, by: 1)
        case .home, .character("g"):
            if let first = state.focusOrder.first { Focus.set(&state, first) }
        case .end, .character("G"):
            if let last = state.focusOrder.last { Focus.set(&state, last) }
        case .pageUp:
            Focus.scroll(&state, by: -max(1, Focus.viewportHeight(state) - 1))
        case .pageDown:
            Focus.scroll(&state, by: max(1, Focus.viewportHeight(state) - 1))
        case .enter, .character(" "):
            return state.focus.map { activate(&state, $0) } ?? []
        case .character("r"):
            if case .failed = state.productLoad { return retry(&state) }
            return restore(&state)
        case .character("R"):
            return retry(&state)
        case .character("o"):
            return OfferCodeSheet.open(&state)
        case .character("p"):
            return PromotionalOfferFlow.choose(&state)
        case .character("b"):
            switchBilling(&state)
        case .character("?"):
            state.overlay = .help(scroll: 0)
        case .character("q"):
            return quit(&state)
        case .escape:
            state.message = nil
            state.notice = nil
        default:
            break
        }
        return []
    }

    static func overlayKey(_ state: inout PaywallState, _ overlay: Overlay, _ key: Key) -> [PaywallEffect] {
        if case .redeemCode(let code) = overlay { return OfferCodeSheet.key(&state, code: code, key) }
        if key == .character("q") { return quit(&state) }
        switch overlay {
        case .confirm(let productID, let focus):
            switch key {
            case .escape:
                return cancelSheet(&state)
            case .enter, .character(" "):
                return focus == .confirm ? confirmSheet(&state, productID) : cancelSheet(&state)
            case .tab, .backTab, .left, .right, .up, .down, .character("h"), .character("l"), .character("j"), .character("k"):
                state.overlay = .confirm(productID: productID, focus: focus.other)
            default:
                break
            }
        case .link(let kind):
            switch key {
            case .character("c"): return copy(&state, kind)
            case .escape, .enter, .character(" "): state.overlay = nil
            default: break
            }
        case .help(let scroll):
            helpKey(&state, scroll: scroll, key)
        case .alert:
            if [.escape, .enter, .character(" ")].contains(key) { state.overlay = nil }
        case .promoConfirm(let productID, let offerID, let focus):
            return PromotionalOfferFlow.sheetKey(&state, productID: productID, offerID: offerID, focus: focus, key)
        case .redeemCode:
            break
        }
        return []
    }

    /// Keys on the help sheet: it closes with Esc, Enter, Space or `?`, and scrolls when the
    /// window is too short for every row (40×20 and smaller).
    private static func helpKey(_ state: inout PaywallState, scroll: Int, _ key: Key) {
        let range = OverlayView.helpScrollRange(state)
        switch HelpScroll.step(key, page: max(1, range.room - 1)) {
        case nil: state.overlay = nil
        case 0?: break
        case let step?: state.overlay = .help(scroll: max(0, min(range.maxScroll, scroll + step)))
        }
    }

    // MARK: Mouse

    static func mouse(_ state: inout PaywallState, _ mouse: MouseEvent) -> [PaywallEffect] {
        switch mouse.kind {
        case .wheelUp where state.overlay == nil:
            Focus.scroll(&state, by: -3)
        case .wheelDown where state.overlay == nil:
            Focus.scroll(&state, by: 3)
        case .click where mouse.button == .left:
            // Hit-test the very canvas the user sees: the regions live in it.
            guard let target = view(state, size: state.size).target(at: mouse.point) else { return [] }
            return click(&state, target)
        default:
            break
        }
        return []
    }

    static func click(_ state: inout PaywallState, _ target: HitTarget) -> [PaywallEffect] {
        if let overlay = state.overlay {
            switch (overlay, target) {
            case (.confirm(let productID, _), .sheetButton(.confirm)): return confirmSheet(&state, productID)
            case (.confirm, .sheetButton(.cancel)): return cancelSheet(&state)
            case (.link(let kind), .copyLink): return copy(&state, kind)
            case (.promoConfirm(let productID, let offerID, _), .sheetButton(let button)):
                return PromotionalOfferFlow.sheetKey(&state, productID: productID, offerID: offerID, focus: button, .enter)
            case (.redeemCode(let code), .sheetButton(.confirm)): return OfferCodeSheet.key(&state, code: code, .enter)
            case (_, .closeSheet): state.overlay = nil
            default: break  // the sheet is modal: clicks around it do nothing
            }
            return []
        }
        guard let focus = target.focusTarget else { return [] }
        Focus.set(&state, focus)
        // A click on a plan's card selects it; a click on its button (or on any other control) acts.
        if case .focus(.plan) = target { return [] }
        return activate(&state, focus)
    }

    // MARK: Actions

    static func activate(_ state: inout PaywallState, _ target: FocusTarget) -> [PaywallEffect] {
        switch target {
        case .plan(let id): return choosePlan(&state, id)
        case .restore: return restore(&state)
        case .retry: return retry(&state)
        case .privacyPolicy: return showLink(&state, .privacyPolicy)
        case .termsOfUse: return showLink(&state, .termsOfUse)
        }
    }

    /// Enter on a plan: explain why it can't be bought, or open the confirmation sheet, or
    /// (dialogs disabled) buy straight away.
    static func choosePlan(_ state: inout PaywallState, _ productID: String) -> [PaywallEffect] {
        guard let product = state.product(id: productID) else { return [] }
        let facts = state.facts(for: product)
        if case .unavailable(let reason) = facts.action {
            state.message = .unavailable(productID: productID, reason)
            return []
        }
        if state.skipsConfirmation { return beginPurchase(&state, product) }
        state.overlay = .confirm(productID: productID, focus: .confirm)
        return []
    }

    static func confirmSheet(_ state: inout PaywallState, _ productID: String) -> [PaywallEffect] {
        state.overlay = nil
        guard let product = state.product(id: productID) else { return [] }
        // The store may have changed while the sheet was open (an approval, a purchase on
        // another device): check again rather than buy twice.
        if case .unavailable(let reason) = state.facts(for: product).action {
            state.message = .unavailable(productID: productID, reason)
            return []
        }
        return beginPurchase(&state, product)
    }

    /// Dismissing the sheet is what StoreKit reports as `.userCancelled`; no store call was made.
    static func cancelSheet(_ state: inout PaywallState) -> [PaywallEffect] {
        state.overlay = nil
        state.message = .cancelled
        return []
    }

    static func beginPurchase(_ state: inout PaywallState, _ product: Product) -> [PaywallEffect] {
        state.inFlight = .purchasing(productID: product.id, change: state.facts(for: product).change)
        state.message = nil
        return [.purchase(productID: product.id, billingPlan: state.chosenCommitment(product.id) == nil ? nil : .monthly)]
    }

    /// `b` on a plan that can also be paid monthly: the other way to pay becomes the one Enter
    /// buys. On any other plan it says there is only one way to pay it.
    static func switchBilling(_ state: inout PaywallState) {
        guard case .plan(let id)? = state.focus else { return }
        guard state.commitments[id] != nil else {
            state.message = .oneWayToPay(productID: id)
            return
        }
        if state.payingMonthly.remove(id) == nil { state.payingMonthly.insert(id) }
        state.message = nil
    }

    static func restore(_ state: inout PaywallState) -> [PaywallEffect] {
        guard state.inFlight == nil else { return [] }
        state.inFlight = .restoring
        state.message = nil
        return [.restore]
    }

    static func retry(_ state: inout PaywallState) -> [PaywallEffect] {
        state.productLoad = .loading
        state.message = nil
        return [.loadProducts(state.manifest.productIDs)]
    }

    static func showLink(_ state: inout PaywallState, _ kind: LinkKind) -> [PaywallEffect] {
        state.overlay = .link(kind)
        let url = kind == .privacyPolicy ? state.links.privacyPolicyURL : state.links.termsURL
        return url.map { [.showLink(url: $0)] } ?? []
    }

    static func copy(_ state: inout PaywallState, _ kind: LinkKind) -> [PaywallEffect] {
        let url = kind == .privacyPolicy ? state.links.privacyPolicyURL : state.links.termsURL
        return url.map { [.copy($0)] } ?? []
    }

    package static func quit(_ state: inout PaywallState) -> [PaywallEffect] {
        state.isQuitting = true
        state.overlay = nil
        return [.quit]
    }
}
