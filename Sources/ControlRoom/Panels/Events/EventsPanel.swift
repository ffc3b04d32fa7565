import Chrome
import Foundation
import MockStore
import TerminalUI

/// What a log row says about delivery to the app.
enum DeliveryNote: Sendable, Hashable {
    /// On this device's `Transaction.updates`.
    case updatesHere
    /// This device's own `purchase()`: the caller got it, `updates` did not (B1).
    case purchaseResult
    /// A subscription status changed and no transaction was delivered (B4).
    case statusOnly
    case faultFired
    /// An App Store Server Notification went to the developer's server, not to the app.
    case serverNotification(NotificationAttemptNote)
    case none
}

/// A live log of store events with store time, and warnings where a real app would go wrong.
enum EventsPanel: ControlPanel {
    static let capacity = 2_000

    static func opened(_ state: inout ControlRoomScope) -> [ControlRoomEffect] {
        state.control.events.events.isEmpty ? [.loadEventLog(limit: capacity)] : []
    }

    /// A batch from the store (the recent history, then each new event): merged by id, in
    /// order, at most `capacity`. The cursor stays on its event; following stays following.
    static func received(_ state: inout ControlRoomScope, _ events: [StoreEvent]) {
        guard !events.isEmpty else { return }
        var log = state.control.events.events
        let known = Set(log.suffix(events.count + 64).map(\.id))
        var seen = Set<Int64>()
        log += events.filter { !known.contains($0.id) && seen.insert($0.id).inserted }
        if zip(log, log.dropFirst()).contains(where: { $0.id >= $1.id }) {
            // An older batch (the history read) arrived after newer events: sort, drop repeats.
            log.sort { $0.id < $1.id }
            var last: Int64?
            log = log.filter { event in defer { last = event.id }; return event.id != last }
        }
        if log.count > capacity { log.removeFirst(log.count - capacity) }
        state.control.events.events = log
    }

    // MARK: Classification

    static func category(_ event: StoreEvent) -> EventFilter {
        switch event.kind {
        case .faultFired, .faultChanged: return .faults
        case .clockChanged, .settingsChanged, .delete, .clear, .launch: return .admin
        case .billingFailure, .gracePeriod, .billingRetry, .expiry, .autoRenewOff, .autoRenewOn: return .status
        default: return isStatusOnly(event) ? .status : .purchases
        }
    }

    static func isStatusOnly(_ event: StoreEvent) -> Bool {
        event.statusGroupID != nil && !event.deliversTransaction
    }

    static func note(_ event: StoreEvent, state: ControlRoomScope) -> DeliveryNote {
        if event.kind == .faultFired { return .faultFired }
        if let attempt = event.notificationAttempt { return .serverNotification(attempt) }
        if event.deliversTransaction {
            return event.purchaseResultDevice == state.deviceName ? .purchaseResult : .updatesHere
        }
        return isStatusOnly(event) ? .statusOnly : .none
    }

    /// Events the filter lets through, oldest first.
    static func visible(_ state: ControlRoomScope) -> [StoreEvent] {
        let panel = state.control.events
        return panel.filter == .all ? panel.events : panel.events.filter(panel.filter.matches)
    }

    /// The index of the event `id`, or of the first newer one still in the list (an event may
    /// have been trimmed or filtered out).
    static func index(of id: Int64, in list: [StoreEvent]) -> Int? {
        list.firstIndex { $0.id >= id }
    }

    // MARK: Keys

    static func footerKeys(_ state: ControlRoomScope) -> String {
        let s = state.strings
        let panel = state.control.events
        if panel.detail != nil { return s.eventDetailKeys }
        if panel.showsWarnings { return s.warningsKeys }
        return s.eventsKeys
    }

    static func escapeGoesBack(_ state: ControlRoomScope) -> Bool {
        state.control.events.detail != nil || state.control.events.showsWarnings
    }

    static func escape(_ state: inout ControlRoomScope) -> Bool {
        if state.control.events.detail != nil { state.control.events.detail = nil; return true }
        if state.control.events.showsWarnings { state.control.events.showsWarnings = false; return true }
        return false
    }

    static func key(_ state: inout ControlRoomScope, _ key: Key) -> [ControlRoomEffect] {
        if state.control.events.showsWarnings {
            if [.enter, .character(" "), .character("w")].contains(key) { state.control.events.showsWarnings = false }
            return []
        }
        let list = visible(state)
        let rows = logRows(state)
        let (_, cursor) = window(state, list: list, rows: rows)
        let inDetail = state.control.events.detail != nil
        switch key {
        case .up, .character("k"): move(&state, list: list, to: cursor - 1, rows: rows)
        case .down, .character("j"): move(&state, list: list, to: cursor + 1, rows: rows)
        case .pageUp where !inDetail: move(&state, list: list, to: cursor - max(1, rows - 1), rows: rows)
        case .pageDown where !inDetail: move(&state, list: list, to: cursor + max(1, rows - 1), rows: rows)
        case .home, .character("g"): move(&state, list: list, to: 0, rows: rows)
        case .end, .character("G"): follow(&state)
        case .enter, .character(" "):
            if inDetail {
                state.control.events.detail = nil
            } else if cursor < list.count {
                state.control.events.detail = list[cursor].id
            }
            return []
        case .character("f") where !inDetail:
            state.control.events.filter = state.control.events.filter.next
            follow(&state)
        case .character("w") where !inDetail:
            state.control.events.showsWarnings = true
        default:
            return []
        }
        if inDetail {
            // The detail view follows the cursor: j/k read the previous or next event.
            let (_, moved) = window(state, list: list, rows: rows)
            if moved < list.count { state.control.events.detail = list[moved].id }
        }
        return []
    }

    /// Puts the cursor on `index`, scrolling just enough to show it; the newest event resumes
    /// following.
    static func move(_ state: inout ControlRoomScope, list: [StoreEvent], to index: Int, rows: Int) {
        guard !list.isEmpty else { return follow(&state) }
        let target = min(max(0, index), list.count - 1)
        if target == list.count - 1 { return follow(&state) }
        var (top, _) = window(state, list: list, rows: rows)
        if target < top { top = target }
        if target >= top + rows { top = target - rows + 1 }
        state.control.events.cursor = list[target].id
        state.control.events.top = list[max(0, top)].id
    }

    static func follow(_ state: inout ControlRoomScope) {
        state.control.events.cursor = nil
        state.control.events.top = nil
    }

    static func click(_ state: inout ControlRoomScope, _ target: ControlRoomTarget) -> [ControlRoomEffect] {
        switch target {
        case .eventFilter:
            return key(&state, .character("f"))
        case .eventWarnings:
            state.control.events.detail = nil
            state.control.events.showsWarnings = true
            return []
        case .eventRow(let id):
            let list = visible(state)
            guard let index = list.firstIndex(where: { $0.id == id }) else { return [] }
            let (_, cursor) = window(state, list: list, rows: logRows(state))
            if cursor == index { state.control.events.detail = id; return [] }
            move(&state, list: list, to: index, rows: logRows(state))
            return []
        default:
            return []
        }
    }

    static func render(_ state: ControlRoomScope, size: Size) -> Canvas {
        EventsPanelView.render(state, size: size)
    }
}
