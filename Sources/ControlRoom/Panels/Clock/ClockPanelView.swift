import Chrome
import Foundation
import MockStore
import TerminalUI

/// Draws the Clock panel: store time (big when there is room), the rate and what it means,
/// the actions, then the account's subscriptions with their next dates; or the rate chooser.
enum ClockPanelView {
    static func render(_ state: ControlRoomScope, size: Size) -> Canvas {
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
    static func accountPeriods(_ state: ControlRoomScope) -> [SubscriptionPeriod] {
        [.monthly] + (state.snapshot?.statuses ?? []).compactMap { ClockPanel.period(of: $0, state) }
    }

    static func renderMain(_ state: ControlRoomScope, on canvas: inout Canvas) {
        let s = state.strings, width = canvas.width
        let snapshot = state.snapshot
        let rate = snapshot?.timeRate ?? .realTime
        let paused = snapshot?.isClockPaused ?? false
        let now = state.currentStoreTime

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
        let period = ClockPanel.currentPeriod(state)
        header += Lines.paragraph(s.graceAndRetry(grace: rate.gracePeriod(for: period), retry: rate.billingRetryPeriod(for: period),
                                                  estimated: !rate.publishesGraceAndRetry),
                                  rate.publishesGraceAndRetry ? .muted : .warning, width: width, indent: 1, maxLines: 3)
        header.append(.blank)

        // The list: actions, then subscriptions.
        var list: [PanelListRow] = []
        var focus: Range<Int>?
        let rows = ClockPanel.rows(state)
        let selection = min(max(0, state.control.clock.selection), rows.count - 1)
        for (index, row) in rows.enumerated() {
            if case .subscription = row, index == ClockPanel.Action.allCases.count {
                list.append(PanelListRow(.blank))
                list.append(PanelListRow(Line([Span(" \(s.clockSubscriptions)", .heading)])))
            }
            let start = list.count
            let selected = index == selection
            let marker = Span(selected ? " > " : "   ", selected ? .buttonFocused : .text)
            let region = ControlRoomTarget.clockRow(index)
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
    static func actionLabels(_ action: ClockPanel.Action, _ state: ControlRoomScope) -> [String] {
        let s = state.strings
        switch action {
        case .pause: return [(state.snapshot?.isClockPaused ?? false) ? s.clockResume : s.clockPause]
        case .hour: return [s.clockPlusHour]
        case .day: return [s.clockPlusDay]
        case .period:
            let period = s.period(ClockPanel.currentPeriod(state))
            let rate = state.snapshot?.timeRate ?? .realTime
            let product = ClockPanel.periodStatus(state).map { state.displayName($0.renewalInfo.currentProductID) }
            let length = rate.isRealTime ? nil : s.duration(rate.duration(of: ClockPanel.currentPeriod(state)))
            return [s.clockPlusPeriod(period, product: product, length: length),
                    s.clockPlusPeriod(period, product: product, length: nil),
                    s.clockPlusPeriodShort(period)]
        case .nextDue: return [s.clockToNextDue]
        case .rate: return [s.clockChooseRate]
        }
    }

    static func actionDetail(_ action: ClockPanel.Action, _ state: ControlRoomScope) -> String? {
        switch action {
        case .nextDue:
            let now = state.currentStoreTime ?? .distantPast
            let dates = (state.snapshot?.statuses ?? []).compactMap(ClockPanel.nextDue)
            guard let next = dates.filter({ $0 > now }).min() ?? dates.min() else { return nil }
            return state.strings.clockNextDue(state.dates.clock(next))
        case .rate:
            return state.snapshot?.timeRate.name
        default:
            return nil
        }
    }

    /// `> Premium Yearly  subscribed  renews 2027-01-01 09:00:00  in 365 d`, on two lines when narrow.
    static func subscriptionLines(_ status: SubscriptionStatus, _ state: ControlRoomScope, marker: Span,
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
        if let due = ClockPanel.nextDue(status), let now = state.currentStoreTime, due > now {
            when += [Span("  ", .text), Span(s.timeUntil(due.timeIntervalSince(now).rounded(.up)), .info)]
        }
        if status.state == .subscribed, !status.renewalInfo.willAutoRenew {
            when += [Span("  ", .text), Span(s.clockAutoRenewOff, .warning)]
        }
        let oneLine = Line(first + (when.isEmpty ? [] : [Span("  ", .text)] + when))
        if oneLine.leftWidth <= width || when.isEmpty { return [oneLine] }
        return [Line(first), Line(when, indent: 5)]
    }

    static func dateText(_ status: SubscriptionStatus, _ state: ControlRoomScope) -> String? {
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
}
