import Chrome
import MockStore

/// Which events the log shows.
public enum EventFilter: String, CaseIterable, Sendable, Hashable {
    case all, purchases, status, faults, admin

    var next: EventFilter {
        let all = EventFilter.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    func matches(_ event: StoreEvent) -> Bool {
        self == .all || EventsPanel.category(event) == self
    }
}

/// The event log as this device has seen it, and how it is being read.
public struct EventsPanelState: Sendable, Hashable {
    /// The newest events, oldest first, at most `EventsPanel.capacity`.
    public var events: [StoreEvent] = []
    public var filter: EventFilter = .all
    /// The highlighted event; nil follows the newest (the log scrolls as events arrive).
    public var cursor: Int64?
    /// The first event in view while not following.
    public var top: Int64?
    /// The event whose every field is shown (Enter); nil shows the log.
    public var detail: Int64?
    /// Every warning, wrapped (w).
    public var showsWarnings = false

    public init() {}

    public var isFollowing: Bool { cursor == nil }
}
