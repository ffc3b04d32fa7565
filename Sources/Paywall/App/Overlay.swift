import Chrome
/// What sits on top of the paywall. Only one at a time; Esc closes it at once.
public enum Overlay: Sendable, Hashable {
    /// The App Store–style confirmation sheet for a purchase (skipped when dialogs are disabled).
    case confirm(productID: String, focus: SheetButton)
    /// A legal link's full URL (never a browser).
    case link(LinkKind)
    /// Every key the paywall (or the open panel) understands, scrolled down `scroll` lines when
    /// it is taller than the window.
    case help(scroll: Int)
    /// A result that needs the customer's attention: an error, a pending purchase, an
    /// unverified transaction. Closed with Enter or Esc.
    case alert(ResultMessage)
    /// The confirmation sheet for a purchase with a promotional offer the app signs.
    case promoConfirm(productID: String, offerID: String, focus: SheetButton)
    /// The App Store's offer code redeem sheet, with the code typed so far.
    case redeemCode(String)
}

/// The two legal links of the purchase flow (D5, D6).
public enum LinkKind: Sendable, Hashable {
    case privacyPolicy, termsOfUse
}
