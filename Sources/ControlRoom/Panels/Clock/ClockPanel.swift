import Chrome
import MockStore
import TerminalUI

/// The store clock: store time, the time rate and what it means, pause and resume, manual
/// advances, and the account's subscriptions with their next dates, so a fast rate is seen
/// moving them (renewals, expiries) live.
enum ClockPanel: ControlPanel {
    /// The actions, in list order, each with its direct key.
    enum Action: CaseIterable {
        case pause, hour, day, period, nextDue, rate

        var key: Character {
            switch self {
            case .pause: "p"
            case .hour: "h"
            case .day: "d"
            case .period: "b"
            case .nextDue: "n"
            case .rate: "r"
            }
        }
    }

    enum Row: Hashable {
        case action(Action)
        /// A subscription, by group.
        case subscription(String)
    }

    /// Xcode's current presets first, the deprecated iOS 15.2 ones (raw 1–6) last.
    static let rateOrder: [TimeRate] = TimeRate.allCases.filter { !isDeprecated($0) } + TimeRate.allCases.filter(isDeprecated)

    static func isDeprecated(_ rate: TimeRate) -> Bool { (1...6).contains(rate.rawValue) }

    static func rows(_ state: ControlRoomScope) -> [Row] {
        Action.allCases.map(Row.action) + (state.snapshot?.statuses ?? []).map { .subscription($0.subscriptionGroupID) }
    }

    // MARK: Keys

    static func key(_ state: inout ControlRoomScope, _ key: Key) -> [ControlRoomEffect] {
        if state.control.clock.isChoosingRate { return rateKey(&state, key) }
        let rows = rows(state)
        switch key {
        case .up, .character("k"): select(&state, state.control.clock.selection - 1)
        case .down, .character("j"): select(&state, state.control.clock.selection + 1)
        case .home, .character("g"): select(&state, 0)
        case .end, .character("G"): select(&state, rows.count - 1)
        case .pageUp: select(&state, state.control.clock.selection - 5)
        case .pageDown: select(&state, state.control.clock.selection + 5)
        case .enter, .character(" "):
            let index = min(max(0, state.control.clock.selection), rows.count - 1)
            return activate(&state, rows[index])
        case .character(let c):
            if let action = Action.allCases.first(where: { $0.key == c }) { return run(&state, action) }
        default:
            break
        }
        return []
    }

    static func select(_ state: inout ControlRoomScope, _ index: Int) {
        let rows = rows(state)
        let clamped = min(max(0, index), rows.count - 1)
        state.control.clock.selection = clamped
        if case .subscription(let group) = rows[clamped] { state.control.clock.periodGroupID = group }
    }

    static func activate(_ state: inout ControlRoomScope, _ row: Row) -> [ControlRoomEffect] {
        switch row {
        case .action(let action):
            return run(&state, action)
        case .subscription(let group):
            // Enter on a subscription: one of *its* periods.
            state.control.clock.periodGroupID = group
            return run(&state, .period)
        }
    }

    static func run(_ state: inout ControlRoomScope, _ action: Action) -> [ControlRoomEffect] {
        switch action {
        case .pause:
            return ControlRoomFeature.request(&state, .setPaused(!(state.snapshot?.isClockPaused ?? false)))
        case .hour:
            return ControlRoomFeature.request(&state, .advance(ClockAdvance(value: 1, unit: .hour)))
        case .day:
            return ControlRoomFeature.request(&state, .advance(ClockAdvance(value: 1, unit: .day)))
        case .period:
            return ControlRoomFeature.request(&state, .advance(periodAdvance(state)))
        case .nextDue:
            return ControlRoomFeature.request(&state, .advanceToNextRenewal)
        case .rate:
            state.control.clock.isChoosingRate = true
            let current = state.snapshot?.timeRate ?? .realTime
            state.control.clock.rateSelection = rateOrder.firstIndex(of: current) ?? 0
            return []
        }
    }

    static func rateKey(_ state: inout ControlRoomScope, _ key: Key) -> [ControlRoomEffect] {
        let last = rateOrder.count - 1
        var index = state.control.clock.rateSelection
        switch key {
        case .up, .character("k"): index -= 1
        case .down, .character("j"): index += 1
        case .home, .character("g"): index = 0
        case .end, .character("G"): index = last
        case .pageUp: index -= 5
        case .pageDown: index += 5
        case .enter, .character(" "):
            return chooseRate(&state, rateOrder[min(max(0, index), last)])
        default: break
        }
        state.control.clock.rateSelection = min(max(0, index), last)
        return []
    }

    static func chooseRate(_ state: inout ControlRoomScope, _ rate: TimeRate) -> [ControlRoomEffect] {
        state.control.clock.isChoosingRate = false
        return ControlRoomFeature.request(&state, .setRate(rate))
    }

    static func escapeGoesBack(_ state: ControlRoomScope) -> Bool { state.control.clock.isChoosingRate }

    static func escape(_ state: inout ControlRoomScope) -> Bool {
        guard escapeGoesBack(state) else { return false }
        state.control.clock.isChoosingRate = false
        return true
    }

    /// A click selects a row; a click on the selected row runs it.
    static func click(_ state: inout ControlRoomScope, _ target: ControlRoomTarget) -> [ControlRoomEffect] {
        switch target {
        case .rate(let index) where rateOrder.indices.contains(index) && state.control.clock.isChoosingRate:
            if state.control.clock.rateSelection == index { return chooseRate(&state, rateOrder[index]) }
            state.control.clock.rateSelection = index
        case .clockRow(let index) where !state.control.clock.isChoosingRate:
            let rows = rows(state)
            guard rows.indices.contains(index) else { return [] }
            if state.control.clock.selection == index { return activate(&state, rows[index]) }
            select(&state, index)
        default:
            break
        }
        return []
    }

    static func footerKeys(_ state: ControlRoomScope) -> String {
        let s = state.strings
        if state.control.clock.isChoosingRate { return s.rateChooserFooterKeys }
        return s.clockFooterKeys(paused: state.snapshot?.isClockPaused ?? false)
    }

    static func render(_ state: ControlRoomScope, size: Size) -> Canvas {
        ClockPanelView.render(state, size: size)
    }
}
