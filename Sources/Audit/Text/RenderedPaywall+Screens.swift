import MockStore
import Paywall
import TerminalUI

extension RenderedPaywall {
    /// A paywall whose screens were made elsewhere (read from text, say), not drawn from `state`.
    init(variant: AuditVariant, state: PaywallState, catalog: Catalog, screens: [Canvas], focused: [String: Canvas]) {
        self.variant = variant
        self.state = state
        self.catalog = catalog
        self.screens = screens
        self.sentences = Self.sentences(on: screens)
        self.focused = focused
        // Text has no loading screens or confirmation sheets: the rules that read them (D7,
        // D14 on screen) are not run on text.
        self.loading = []
        self.sheets = [:]
    }
}
