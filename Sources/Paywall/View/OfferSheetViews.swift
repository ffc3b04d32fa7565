import Chrome
import TerminalUI

extension OverlayView {
    /// The offer code redeem sheet: a prompt, the code typed so far with a cursor, and the
    /// Redeem and Cancel buttons. The code is shown through `SafeText`, as all typed text is.
    static func redeemCode(_ code: String, state: PaywallState) -> Sheet {
        let s = state.strings
        return Sheet(title: Span(s.redeemTitle, .sheetTitle), content: { width in
            let field = TextWidth.wrap(SafeText("> " + code + "_"), width: width).map { Line([Span($0, .planName)]) }
            return Lines.paragraph(s.redeemPrompt, .text, width: width) + field
        }, buttons: [
            Span("[ \(s.redeemButton) ]", code.isEmpty ? .buttonDisabled : .buttonFocused, region: .sheetButton(.confirm)),
            Span("[ \(s.cancelButton) ]", .button, region: .closeSheet),
        ], preferredWidth: 56)
    }
}

extension OverlayView {
    /// The confirmation sheet of a purchase with a promotional offer: the plan, the offer's
    /// terms and the regular price after it.
    static func promoConfirm(_ productID: String, offerID: String, focus: SheetButton, state: PaywallState) -> Sheet {
        let s = state.strings
        var rows: [(String, Span)] = [(s.productLabel, Span(state.displayName(productID), .planName))]
        if let product = state.product(id: productID), let info = product.subscription,
           let offer = info.promotionalOffers.first(where: { $0.id == offerID }) {
            rows.append((s.offerLabel, Span(s.offerTerms(offer, regularPrice: product.displayPrice, period: info.subscriptionPeriod), .offer)))
            rows.append((s.renewalLabel, Span(s.renewsAt(s.pricePerPeriod(product.displayPrice, info.subscriptionPeriod)), .text)))
        }
        rows.append((s.accountLabel, Span(s.sandboxAccount, .muted)))
        return Sheet(
            title: Span(s.promoTitle, .sheetTitle),
            content: { table(rows, width: $0) },
            buttons: [
                Span("[ \(s.confirmButton) ]", focus == .confirm ? .buttonFocused : .button, region: .sheetButton(.confirm)),
                Span("[ \(s.cancelButton) ]", focus == .cancel ? .buttonFocused : .button, region: .sheetButton(.cancel)),
            ])
    }
}
