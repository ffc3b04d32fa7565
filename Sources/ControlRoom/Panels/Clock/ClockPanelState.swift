import Chrome
/// The Clock panel's cursor, which subscription "+1 period" follows, and the rate chooser.
public struct ClockPanelState: Sendable, Hashable {
    /// The row under the cursor: the actions first, then one row per subscription.
    public var selection: Int = 0
    /// The subscription group whose period "+1 period" uses; nil picks the first active one.
    public var periodGroupID: String?
    /// The rate chooser is open over the panel.
    public var isChoosingRate = false
    /// The chooser's cursor, an index into `ClockPanel.rateOrder`.
    public var rateSelection: Int = 0

    public init() {}
}
