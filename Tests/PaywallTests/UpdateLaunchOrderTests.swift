import Foundation
import MockStore
import Paywall
import TerminalUI
import Testing

/// Products and the first snapshot answer in either order; focus must land on a plan both ways,
/// so Enter right after launch opens a purchase (found end to end: the race left focus on Restore).
@Suite("Launch order")
struct UpdateLaunchOrderTests {
    static func product(_ id: String) -> Product {
        Product(id: id, type: .nonConsumable, displayName: id, description: "", displayPrice: "$1.00", price: 1,
                priceFormatStyle: PriceFormat(currencyCode: "USD", locale: "en_US"))
    }

    @Test("products before the snapshot")
    func productsFirst() {
        var state = PaywallState()
        _ = update(&state, .launched)
        _ = update(&state, .productsLoaded([Self.product("a"), Self.product("b")]))
        _ = update(&state, .snapshotChanged(StoreSnapshot(storeTime: Date(timeIntervalSince1970: 0))))
        #expect(state.focus == .plan("a"))
    }

    @Test("snapshot before the products")
    func snapshotFirst() {
        var state = PaywallState()
        _ = update(&state, .launched)
        _ = update(&state, .snapshotChanged(StoreSnapshot(storeTime: Date(timeIntervalSince1970: 0))))
        _ = update(&state, .productsLoaded([Self.product("a"), Self.product("b")]))
        #expect(state.focus == .plan("a"))
    }
}
