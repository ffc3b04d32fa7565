import Foundation
import MockStore
import TerminalUI

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

    static func rows(_ state: PaywallState) -> [Row] {
        Action.allCases.map(Row.action) + (state.snapshot?.statuses ?? []).map { .subscription($0.subscriptionGroupID) }
    }

    // MARK: Keys

    static func key(_ state: inout PaywallState, _ key: Key) -> [PaywallEffect] {
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

    static func select(_ state: inout PaywallState, _ index: Int) {
        let rows = rows(state)
        let clamped = min(max(0, index), rows.count - 1)
        state.control.clock.selection = clamped
        if case .subscription(let group) = rows[clamped] { state.control.clock.periodGroupID = group }
    }

    static func activate(_ state: inout PaywallState, _ row: Row) -> [PaywallEffect] {
        switch row {
        case .action(let action):
            return run(&state, action)
        case .subscription(let group):
            // Enter on a subscription: one of *its* periods.
            state.control.clock.periodGroupID = group
            return run(&state, .period)
        }
    }

    static func run(_ state: inout PaywallState, _ action: Action) -> [PaywallEffect] {
        switch action {
        case .pause:
            return ControlRoom.request(&state, .setPaused(!(state.snapshot?.isClockPaused ?? false)))
        case .hour:
            return ControlRoom.request(&state, .advance(ClockAdvance(value: 1, unit: .hour)))
        case .day:
            return ControlRoom.request(&state, .advance(ClockAdvance(value: 1, unit: .day)))
        case .period:
            return ControlRoom.request(&state, .advance(periodAdvance(state)))
        case .nextDue:
            return ControlRoom.request(&state, .advanceToNextRenewal)
        case .rate:
            state.control.clock.isChoosingRate = true
            let current = state.snapshot?.timeRate ?? .realTime
            state.control.clock.rateSelection = rateOrder.firstIndex(of: current) ?? 0
            return []
        }
    }

    static func rateKey(_ state: inout PaywallState, _ key: Key) -> [PaywallEffect] {
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

    static func chooseRate(_ state: inout PaywallState, _ rate: TimeRate) -> [PaywallEffect] {
        state.control.clock.isChoosingRate = false
        return ControlRoom.request(&state, .setRate(rate))
    }

    static func escapeGoesBack(_ state: PaywallState) -> Bool { state.control.clock.isChoosingRate }

    static func escape(_ state: inout PaywallState) -> Bool {
        guard escapeGoesBack(state) else { return false }
        state.control.clock.isChoosingRate = false
        return true
    }

    /// A click selects a row; a click on the selected row runs it.
    static func click(_ state: inout PaywallState, _ region: String) -> [PaywallEffect] {
        if region.hasPrefix("clock:rate:"), let index = Int(region.dropFirst("clock:rate:".count)),
           rateOrder.indices.contains(index), state.control.clock.isChoosingRate {
            if state.control.clock.rateSelection == index { return chooseRate(&state, rateOrder[index]) }
            state.control.clock.rateSelection = index
            return []
        }
        if region.hasPrefix("clock:row:"), let index = Int(region.dropFirst("clock:row:".count)),
           !state.control.clock.isChoosingRate {
            let rows = rows(state)
            guard rows.indices.contains(index) else { return [] }
            if state.control.clock.selection == index { return activate(&state, rows[index]) }
            select(&state, index)
        }
        return []
    }

    // MARK: Periods

    /// The subscription "+1 period" follows: the chosen one, else the first active, else the first.
    static func periodStatus(_ state: PaywallState) -> SubscriptionStatus? {
        guard let statuses = state.snapshot?.statuses, !statuses.isEmpty else { return nil }
        if let group = state.control.clock.periodGroupID, let hit = statuses.first(where: { $0.subscriptionGroupID == group }) {
            return hit
        }
        return statuses.first { $0.state.isEntitled } ?? statuses[0]
    }

    static func period(of status: SubscriptionStatus, _ state: PaywallState) -> SubscriptionPeriod? {
        (state.product(id: status.renewalInfo.currentProductID) ?? state.product(id: status.transaction.productID))?
            .subscription?.subscriptionPeriod
    }

    /// The period "+1 period" advances by: the followed subscription's, else a month.
    static func currentPeriod(_ state: PaywallState) -> SubscriptionPeriod {
        periodStatus(state).flatMap { period(of: $0, state) } ?? .monthly
    }

    static func periodAdvance(_ state: PaywallState) -> ClockAdvance {
        advance(for: currentPeriod(state), at: state.snapshot?.timeRate ?? .realTime)
    }

    /// One period as a clock advance. At real time that is calendar arithmetic (a month, a
    /// year); at a faster rate it is the period's compressed length (a year is 6 min at
    /// `monthlyRenewalEveryThirtySeconds`), so "+1 period" is one renewal, not thousands.
    static func advance(for period: SubscriptionPeriod, at rate: TimeRate) -> ClockAdvance {
        if rate.isRealTime {
            switch period.unit {
            case .day: return ClockAdvance(value: period.value, unit: .day)
            case .week: return ClockAdvance(value: period.value, unit: .week)
            case .month: return ClockAdvance(value: period.value, unit: .month)
            case .year: return ClockAdvance(value: period.value, unit: .year)
            }
        }
        let seconds = max(1, Int(rate.duration(of: period).rounded()))
        if seconds % 86400 == 0 { return ClockAdvance(value: seconds / 86400, unit: .day) }
        if seconds % 3600 == 0 { return ClockAdvance(value: seconds / 3600, unit: .hour) }
        if seconds % 60 == 0 { return ClockAdvance(value: seconds / 60, unit: .minute) }
        return ClockAdvance(value: seconds, unit: .second)
    }

    // MARK: Subscriptions

    /// The next moment a subscription changes on its own (renewal, expiry, end of grace).
    static func nextDue(_ status: SubscriptionStatus) -> Date? {
        switch status.state {
        case .subscribed: status.renewalInfo.renewalDate ?? status.transaction.expirationDate
        case .inGracePeriod: status.renewalInfo.gracePeriodExpirationDate
        default: nil
        }
    }

    static func now(_ state: PaywallState) -> Date? { state.storeTime ?? state.snapshot?.storeTime }

    // MARK: Drawing

    static func footerKeys(_ state: PaywallState) -> String {
        let s = state.strings
        if state.control.clock.isChoosingRate { return s.rateChooserFooterKeys }
        return s.clockFooterKeys(paused: state.snapshot?.isClockPaused ?? false)
    }

    static func render(_ state: PaywallState, size: Size) -> Canvas {
        var canvas = Canvas(size: size)
        guard size.width > 0, size.height > 0 else { return canvas }
        if state.control.clock.isChoosingRate {
            renderRates(state, on: &canvas)
        } else {
            renderMain(state, on: &canvas)
        }
        return canvas
    }

    /// The periods on the account, for the rate's meaning ("1 month … 1 year …").
    static func accountPeriods(_ state: PaywallState) -> [SubscriptionPeriod] {
        [.monthly] + (state.snapshot?.statuses ?? []).compactMap { period(of: $0, state) }
    }

    static func renderMain(_ state: PaywallState, on canvas: inout Canvas) {
        let s = state.strings, width = canvas.width
        let snapshot = state.snapshot
        let rate = snapshot?.timeRate ?? .realTime
        let paused = snapshot?.isClockPaused ?? false
        let now = now(state)

        // Header: time (big when there is room), running or paused, the rate and its meaning.
        var header: [Line] = []
        let big = now != nil && canvas.height >= 18 && width >= 32
        var top = [Span(" \(s.clockStoreTime)  ", .heading)]
        if let now { top.append(Span(big ? state.dates.date(now) : state.dates.clock(now), .title)) }
        let running = snapshot == nil ? [] : [Span(paused ? s.clockPaused : s.clockRunning, paused ? .warning : .success), Span(" ", .text)]
        var topLine = Line(top, right: running)
        // Narrow: the time and running/paused matter more than the label.
        if topLine.leftWidth + 1 + topLine.rightWidth > width, top.count > 1 { topLine.left = [Span(" ", .text), top[1]] }
        header.append(topLine)
        if big, let now {
            for row in BigDigits.lines(state.dates.clock(now).split(separator: " ").last.map(String.init) ?? "") {
                header.append(Line([Span(row, .title)], indent: 2))
            }
        }
        header += Lines.flow([[Span(s.clockRate, .heading)], [Span(rate.name, .text)]], width: width, indent: 1)
        header += Lines.paragraph(s.rateMeaning(rate, periods: accountPeriods(state)), .muted, width: width, indent: 1, maxLines: 2)
        header.append(.blank)

        // The list: actions, then subscriptions.
        var list: [PanelListRow] = []
        var focus: Range<Int>?
        let rows = rows(state)
        let selection = min(max(0, state.control.clock.selection), rows.count - 1)
        for (index, row) in rows.enumerated() {
            if case .subscription = row, index == Action.allCases.count {
                list.append(PanelListRow(.blank))
                list.append(PanelListRow(Line([Span(" \(s.clockSubscriptions)", .heading)])))
            }
            let start = list.count
            let selected = index == selection
            let marker = Span(selected ? " > " : "   ", selected ? .buttonFocused : .text)
            let region = "clock:row:\(index)"
            switch row {
            case .action(let action):
                // Room for the label: the marker, the key and gaps, and two columns for scroll marks.
                let room = width - 8
                let label = actionLabels(action, state).first { TextWidth.of($0) <= room } ?? actionLabels(action, state).last!
                var spans = [marker, Span("\(action.key)", .link), Span("  ", .text), Span(label, selected ? .buttonFocused : .text)]
                if let detail = actionDetail(action, state), TextWidth.of(label) + 2 + TextWidth.of(detail) <= room {
                    spans += [Span("  ", .text), Span(detail, .muted)]
                }
                list.append(PanelListRow(Line(spans), region: region))
            case .subscription(let group):
                guard let status = snapshot?.statuses.first(where: { $0.subscriptionGroupID == group }) else { continue }
                for line in subscriptionLines(status, state, marker: marker, selected: selected, width: width) {
                    list.append(PanelListRow(line, region: region))
                }
            }
            if selected { focus = start..<list.count }
        }
        if snapshot?.statuses.isEmpty ?? true {
            list.append(PanelListRow(.blank))
            list.append(PanelListRow(Line([Span(s.clockNoSubscriptions, .muted)], indent: 1)))
        }
        PanelListWindow.paint(header: header, list: list, focus: focus, on: &canvas, theme: state.theme)
    }

    /// An action's label, longest first: the list shows the first that fits.
    static func actionLabels(_ action: Action, _ state: PaywallState) -> [String] {
        let s = state.strings
        switch action {
        case .pause: return [(state.snapshot?.isClockPaused ?? false) ? s.clockResume : s.clockPause]
        case .hour: return [s.clockPlusHour]
        case .day: return [s.clockPlusDay]
        case .period:
            let period = s.period(currentPeriod(state))
            let rate = state.snapshot?.timeRate ?? .realTime
            let product = periodStatus(state).map { state.displayName($0.renewalInfo.currentProductID) }
            let length = rate.isRealTime ? nil : s.duration(rate.duration(of: currentPeriod(state)))
            return [s.clockPlusPeriod(period, product: product, length: length),
                    s.clockPlusPeriod(period, product: product, length: nil),
                    s.clockPlusPeriodShort(period)]
        case .nextDue: return [s.clockToNextDue]
        case .rate: return [s.clockChooseRate]
        }
    }

    static func actionDetail(_ action: Action, _ state: PaywallState) -> String? {
        switch action {
        case .nextDue:
            let now = now(state) ?? .distantPast
            let dates = (state.snapshot?.statuses ?? []).compactMap(nextDue)
            guard let next = dates.filter({ $0 > now }).min() ?? dates.min() else { return nil }
            return state.strings.clockNextDue(state.dates.clock(next))
        case .rate:
            return state.snapshot?.timeRate.name
        default:
            return nil
        }
    }

    /// `> Premium Yearly  subscribed  renews 2027-01-01 09:00:00  in 365 d`, on two lines when narrow.
    static func subscriptionLines(_ status: SubscriptionStatus, _ state: PaywallState, marker: Span,
                                  selected: Bool, width: Int) -> [Line] {
        let s = state.strings
        let stateRole: ThemeRole = switch status.state {
        case .subscribed: .success
        case .inGracePeriod, .inBillingRetryPeriod: .warning
        case .revoked: .error
        default: .muted
        }
        let name = Span(state.displayName(status.renewalInfo.currentProductID), selected ? .buttonFocused : .planName)
        let first = [marker, name, Span("  ", .text), Span(s.renewalStateName(status.state), stateRole)]
        var when: [Span] = []
        if let text = dateText(status, state) { when.append(Span(text, .text)) }
        if let due = nextDue(status), let now = now(state), due > now {
            when += [Span("  ", .text), Span(s.timeUntil(due.timeIntervalSince(now).rounded(.up)), .info)]
        }
        if status.state == .subscribed, !status.renewalInfo.willAutoRenew {
            when += [Span("  ", .text), Span(s.clockAutoRenewOff, .warning)]
        }
        let oneLine = Line(first + (when.isEmpty ? [] : [Span("  ", .text)] + when))
        if oneLine.leftWidth <= width || when.isEmpty { return [oneLine] }
        return [Line(first), Line(when, indent: 5)]
    }

    static func dateText(_ status: SubscriptionStatus, _ state: PaywallState) -> String? {
        let s = state.strings
        let clock = state.dates.clock
        let expiry = status.transaction.expirationDate
        switch status.state {
        case .subscribed:
            if status.renewalInfo.willAutoRenew, let date = status.renewalInfo.renewalDate ?? expiry { return s.clockRenews(clock(date)) }
            return expiry.map { s.clockExpires(clock($0)) }
        case .inGracePeriod:
            return status.renewalInfo.gracePeriodExpirationDate.map { s.clockGraceEnds(clock($0)) }
        case .inBillingRetryPeriod:
            return expiry.map { s.clockPeriodEnded(clock($0)) }
        case .revoked:
            return (status.transaction.revocationDate ?? expiry).map { s.clockRevoked(clock($0)) }
        default:
            return expiry.map { s.clockExpired(clock($0)) }
        }
    }

    static func renderRates(_ state: PaywallState, on canvas: inout Canvas) {
        let s = state.strings, width = canvas.width
        let current = state.snapshot?.timeRate ?? .realTime
        let selection = min(max(0, state.control.clock.rateSelection), rateOrder.count - 1)
        let header = [Line([Span(" \(s.rateChooserTitle)", .heading)], right: [Span(current.name, .text), Span(" ", .text)])]
        let nameWidth = rateOrder.map { TextWidth.of($0.name) }.max() ?? 0
        let wide = width >= 4 + nameWidth + 2 + 24
        var list: [PanelListRow] = []
        var focus = 0..<1
        for (index, rate) in rateOrder.enumerated() {
            if isDeprecated(rate), index > 0, !isDeprecated(rateOrder[index - 1]) {
                list.append(PanelListRow(Line([Span(" \(s.rateDeprecatedHeading)", .heading)])))
            }
            let selected = index == selection
            if selected { focus = list.count..<(list.count + 1) }
            var spans = [Span(selected ? " > " : "   ", selected ? .buttonFocused : .text),
                         Span(rate == current ? "* " : "  ", .success),
                         Span(wide ? TextWidth.pad(SafeText(rate.name), toWidth: nameWidth) : SafeText(rate.name),
                              selected ? .buttonFocused : .text)]
            if wide { spans += [Span("  ", .text), Span(s.rateMeaning(rate), .muted)] }
            list.append(PanelListRow(Line(spans), region: "clock:rate:\(index)"))
        }
        // Under the list: the chosen rate for this account's periods, and what a rate changes (B16).
        let chosen = rateOrder[selection]
        var about = s.rateMeaning(chosen, periods: accountPeriods(state))
        if chosen == current { about += " (\(s.rateCurrent))" }
        if isDeprecated(chosen) { about += " (\(s.rateDeprecated))" }
        var footer = [Line.blank]
        footer += Lines.paragraph(about, .info, width: width, indent: 1, maxLines: 2)
        footer += Lines.paragraph(s.rateChooserNote, .muted, width: width, indent: 1, maxLines: canvas.height >= 20 ? 3 : 2)
        PanelListWindow.paint(header: header, list: list, focus: focus, footer: footer,
                              on: &canvas, theme: state.theme)
    }
}

/// Store time in three-row seven-segment digits, ASCII only (box-drawing blocks are ambiguous
/// width and would shift a row on "ambiguous = wide" terminals).
enum BigDigits {
    static let glyphs: [Character: [String]] = [
        "0": [" _ ", "| |", "|_|"], "1": ["   ", "  |", "  |"], "2": [" _ ", " _|", "|_ "],
        "3": [" _ ", " _|", " _|"], "4": ["   ", "|_|", "  |"], "5": [" _ ", "|_ ", " _|"],
        "6": [" _ ", "|_ ", "|_|"], "7": [" _ ", "  |", "  |"], "8": [" _ ", "|_|", "|_|"],
        "9": [" _ ", "|_|", " _|"], ":": [" ", ".", "."],
    ]

    /// "09:00:00" as three rows; characters without a glyph are left out.
    static func lines(_ text: String) -> [String] {
        let parts = text.compactMap { glyphs[$0] }
        return (0..<3).map { row in parts.map { $0[row] }.joined(separator: " ") }
    }
}
