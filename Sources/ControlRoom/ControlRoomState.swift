import Chrome
import MockStore

/// The control room's own state: which panel is open, each panel's state, its sheet and its
/// latest result. Panels keep their state while closed, so reopening one returns to the same row.
public struct ControlRoomState: Sendable, Hashable {
    /// The open panel; nil shows the paywall.
    public var panel: Panel?
    public var transactions = TransactionsPanelState()
    public var clock = ClockPanelState()
    public var faults = FaultsPanelState()
    public var settings = SettingsPanelState()
    public var events = EventsPanelState()
    /// The sheet over the open panel, if any.
    public var overlay: ControlRoomOverlay?
    /// The latest result of an action here; the app shows it until the paywall's next one.
    public var message: ControlRoomMessage?
    /// Admin calls sent and not yet answered (the footer says "working…").
    public var inFlight: Int = 0

    public init() {}
}
