import Foundation
import MockStore
import Paywall
import TerminalUI

/// The paywall around the moment of buying: the screens before the store has answered, and the
/// confirmation sheet each buy button opens.
extension RenderedPaywall {
    /// Every screen of the paywall while its products are still loading (no products, no account
    /// yet), as the app opens.
    static func loadingScreens(_ state: PaywallState, size: Size) -> [Canvas] {
        var loading = state
        loading.products = []
        loading.productLoad = .loading
        loading.snapshot = nil
        loading.focus = nil
        loading.scroll = 0
        return reachableScreens(loading, size: size)
    }

    /// Each plan's confirmation sheet, by product id.
    static func sheets(_ state: PaywallState, size: Size) -> [String: Canvas] {
        var sheets: [String: Canvas] = [:]
        for product in state.products {
            sheets[product.id] = confirmSheet(state, productID: product.id, size: size)
        }
        return sheets
    }

    /// This paywall as if the confirmation sheets were all there was to read: what the rules find
    /// here, and not on the body, the customer learns only after pressing buy.
    var sheetsOnly: RenderedPaywall {
        var copy = self
        copy.screens = products.compactMap { sheets[$0.id] }
        copy.focused = [:]
        return copy
    }
}
