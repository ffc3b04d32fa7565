import Chrome
import Foundation
import MockStore
import TerminalUI

/// What a control-room handler works on: the control room's own state, which it may change,
/// and the app's shared facts, which it may only read. Anything else it wants changed (the
/// paywall's language, quitting, a relaunch) it asks the app for with a `ControlRoomDelegate`
/// among its effects, as a child feature asks its parent.
public struct ControlRoomScope {
    public var control: ControlRoomState
    public let shared: SharedContext

    public init(control: ControlRoomState, shared: SharedContext) {
        self.control = control
        self.shared = shared
    }
}

/// The shared facts, read where handlers read them (`state.strings`); none can be assigned.
extension ControlRoomScope {
    var strings: Strings { shared.strings }
    var language: Language { shared.language }
    var dates: DateText { shared.dates }
    var theme: Theme { shared.theme }
    var snapshot: StoreSnapshot? { shared.snapshot }
    var currentStoreTime: Date? { shared.currentStoreTime }
    var products: [Product] { shared.products }
    var deviceName: String { shared.deviceName }
    var locale: String { shared.locale }
    var size: Size { shared.size }
    var purchasingProductID: String? { shared.purchasingProductID }

    func product(id: String) -> Product? { shared.product(id: id) }
    func displayName(_ productID: String) -> String { shared.displayName(productID) }
}
