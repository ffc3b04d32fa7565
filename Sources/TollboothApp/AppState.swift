import Chrome
import ControlRoom
import Foundation
import MockStore
import Paywall
import TerminalUI

/// Everything the app knows: the paywall, the control room and the audit overlay, each a
/// feature with its own state, composed here. `update` changes it; `view` draws it.
public struct AppState: Sendable, Hashable {
    /// The customer's screen, and the shared facts it keeps (products, snapshot, language…).
    public var paywall: PaywallState
    /// The panels next to the paywall.
    public var control = ControlRoomState()
    /// The audit overlay (`a`): the paywall beside the disclosure rules' verdicts; nil when off.
    public var audit: AuditOverlay?
    /// The whole window; the paywall gets the part the audit overlay leaves it.
    public var size: Size

    public init(paywall: PaywallState) {
        self.paywall = paywall
        self.size = paywall.size
    }

    /// The facts the control room reads, for a window of `window`.
    func shared(window: Size) -> SharedContext {
        SharedContext(paywall: paywall, window: window)
    }

    public var shared: SharedContext { shared(window: size) }

    /// What the control room's handlers work on: its state, and the shared facts read-only.
    var controlScope: ControlRoomScope {
        get { ControlRoomScope(control: control, shared: shared) }
        set { control = newValue.control }
    }

    /// Set once `quit` has been requested; the runtime stops after executing `.quit`.
    public var isQuitting: Bool { paywall.isQuitting }

    /// The part of the window the paywall is drawn in: all of it, or beside the audit's list.
    var paywallArea: Size { audit == nil ? size : AuditLayout(size: size).paywall.size }
}
