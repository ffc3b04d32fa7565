import MockStore
import TerminalUI

/// The event log as this device has seen it.
public struct EventsPanelState: Sendable, Hashable {
    /// The newest events, oldest first, at most `EventsPanel.capacity`.
    public var events: [StoreEvent] = []
    public var scroll: Int = 0

    public init() {}
}

/// A live log of store events with store time, and warnings where a real app would go wrong.
enum EventsPanel: ControlPanel {
    static let capacity = 2_000

    static func opened(_ state: inout PaywallState) -> [PaywallEffect] {
        state.control.events.events.isEmpty ? [.loadEventLog(limit: capacity)] : []
    }

    static func received(_ state: inout PaywallState, _ events: [StoreEvent]) {
        var log = state.control.events.events
        let known = Set(log.suffix(events.count + 64).map(\.id))
        log += events.filter { !known.contains($0.id) }
        log.sort { $0.id < $1.id }
        if log.count > capacity { log.removeFirst(log.count - capacity) }
        state.control.events.events = log
    }

    static func key(_ state: inout PaywallState, _ key: Key) -> [PaywallEffect] { [] }

    static func render(_ state: PaywallState, size: Size) -> Canvas {
        Canvas(size: size)
    }

    static func footerKeys(_ state: PaywallState) -> String { "" }
}
