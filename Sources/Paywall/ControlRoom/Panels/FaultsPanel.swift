import MockStore
import TerminalUI

/// The Faults panel's cursor.
public struct FaultsPanelState: Sendable, Hashable {
    public var selection: Int = 0

    public init() {}
}

/// The Faults panel.
enum FaultsPanel: ControlPanel {
    static func key(_ state: inout PaywallState, _ key: Key) -> [PaywallEffect] { [] }

    static func render(_ state: PaywallState, size: Size) -> Canvas {
        Canvas(size: size)
    }

    static func footerKeys(_ state: PaywallState) -> String { "" }
}
