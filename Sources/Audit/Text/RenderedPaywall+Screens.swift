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
        self.focused = focused
    }
}
