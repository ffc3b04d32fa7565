import Chrome
/// The Faults panel's cursor and its rule editor.
public struct FaultsPanelState: Sendable, Hashable {
    /// The row under the cursor: the nine APIs, then the behaviour switches.
    public var selection: Int = 0
    /// The rule being edited for one API; nil shows the list.
    public var editor: FaultEditor?

    public init() {}
}
