import MockStore

/// The control room's part of `PaywallState`: which panel is open and each panel's own state.
/// Panels keep their state while closed, so reopening one returns to the same row.
public struct ControlRoomState: Sendable, Hashable {
    /// The open panel; nil shows the paywall.
    public var panel: Panel?
    public var transactions = TransactionsPanelState()
    public var clock = ClockPanelState()
    public var faults = FaultsPanelState()
    public var settings = SettingsPanelState()
    public var events = EventsPanelState()
    /// Admin calls sent and not yet answered (the footer says "working…").
    public var inFlight: Int = 0

    public init() {}
}

/// What the emulated app does on its own, as opposed to what the store does: switches a
/// developer flips to reproduce an app's mistakes (S11) and its life cycle (S3, S12, S13).
public struct AppBehaviour: Sendable, Hashable {
    /// The app calls `finish()` after delivering content. Off reproduces S11 (payment
    /// succeeded, granting failed): transactions stay unfinished and come back at launch.
    public var finishesTransactions = true

    public init() {}
}
