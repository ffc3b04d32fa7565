import MockStore
import TerminalUI

/// The Settings panel's cursor.
public struct SettingsPanelState: Sendable, Hashable {
    public var selection: Int = 0

    public init() {}
}

/// The Settings panel.
enum SettingsPanel: ControlPanel {
    static func key(_ state: inout PaywallState, _ key: Key) -> [PaywallEffect] { [] }

    static func render(_ state: PaywallState, size: Size) -> Canvas {
        Canvas(size: size)
    }

    static func footerKeys(_ state: PaywallState) -> String { "" }
}
