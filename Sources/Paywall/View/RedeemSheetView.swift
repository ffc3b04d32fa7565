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
