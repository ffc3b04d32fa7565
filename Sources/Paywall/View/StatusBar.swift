import Foundation
import MockStore
import TerminalUI

/// The rows pinned under the scrolling body: the latest message, the store status line (and
/// a fault line whenever a fault or switch is on, so nobody forgets one is active), the footer.
package enum StatusBar {
    /// The message row(s): what is in flight, else the latest result.
    static func messageLines(_ state: PaywallState, width: Int, maxLines: Int) -> [Line] {
        let s = state.strings
        if let operation = state.inFlight {
            let text = switch operation {
            case .purchasing(let id, _): "\(s.purchasing) \(state.displayName(id))"
            case .restoring: s.restoring
            }
            return Lines.paragraph(text, .info, width: width, maxLines: 1)
        }
        if let notice = state.notice, maxLines > 0 {
            return Lines.paragraph(notice.oneLine, ThemeRole(notice.tone), width: width, maxLines: maxLines)
        }
        guard let message = state.message, maxLines > 0 else { return [] }
        let role = ThemeRole(message.tone)
        return Lines.paragraph(MessageText(message, state: state).oneLine, role, width: width, maxLines: maxLines)
    }

    /// The rows every screen pins above its keys: the latest message, the store status line,
    /// and the fault line whenever a fault or switch is on. The paywall and the control room
    /// share them, so an injected fault stays named wherever the user is.
    static func statusRows(_ state: PaywallState, size: Size) -> [Line] {
        let width = max(1, size.width)
        var rows = messageLines(state, width: width, maxLines: size.height >= 16 ? 2 : 1)
        rows.append(statusLine(state, width: width))
        if let faults = faultLine(state, width: width) { rows.append(faults) }
        return rows
    }

    /// `iPhone  Store 2026-01-05 14:03:09  rate realTime  last: purchase Premium Yearly`.
    static func statusLine(_ state: PaywallState, width: Int) -> Line {
        let s = state.strings
        var parts = [state.deviceName]
        if let time = state.currentStoreTime {
            parts.append("\(s.storeTimeLabel) \(state.dates.clock(time))")
        }
        if let snapshot = state.snapshot {
            var rate = "\(s.rateLabel) \(snapshot.timeRate.name)"
            if snapshot.isClockPaused { rate += " (\(s.paused))" }
            parts.append(rate)
            if let event = snapshot.lastEvent {
                let product = event.productID.map { " " + state.displayName($0) } ?? ""
                parts.append("\(s.lastEventLabel): \(event.kind.rawValue)\(product)")
            }
        }
        let text = TextWidth.pad(TextWidth.truncate(SafeText(" " + parts.joined(separator: "  ")), toWidth: width), toWidth: width)
        return Line([Span(text, .statusLine)])
    }

    /// `FAULTS purchase: networkError (once) | switches: askToBuy, paymentsDisabled`; nil when
    /// nothing is injected.
    static func faultLine(_ state: PaywallState, width: Int) -> Line? {
        guard let snapshot = state.snapshot else { return nil }
        let s = state.strings
        let switches = snapshot.switches.activeNames + (snapshot.switches.dialogsDisabled ? ["dialogsDisabled"] : [])
        guard !snapshot.faults.isEmpty || !switches.isEmpty else { return nil }
        // Full detail when it fits; else just which APIs fail, so every active fault and switch
        // stays named on screen however narrow the window.
        func text(_ faults: [String]) -> String {
            var parts: [String] = []
            if !faults.isEmpty { parts.append("\(s.faultsLabel) " + faults.joined(separator: ", ")) }
            if !switches.isEmpty { parts.append("\(s.switchesLabel): " + switches.joined(separator: ", ")) }
            return " " + parts.joined(separator: " | ")
        }
        var line = text(snapshot.faults.map(faultSummary))
        if TextWidth.of(line) > width { line = text(snapshot.faults.map(\.api.rawValue)) }
        let fitted = TextWidth.pad(TextWidth.truncate(SafeText(line), toWidth: width), toWidth: width)
        return Line([Span(fitted, .statusFault)])
    }

    /// ASCII only (`FaultRule.summary` has an arrow, which is ambiguous width).
    package static func faultSummary(_ rule: FaultRule) -> String {
        var text = "\(rule.api): \(rule.error) (\(rule.mode))"
        if rule.latencyMilliseconds > 0 { text += " +\(rule.latencyMilliseconds)ms" }
        return text
    }

    /// The main keys, and whether more of the body lies above or below.
    static func footer(_ state: PaywallState, width: Int, moreAbove: Bool, moreBelow: Bool) -> Line {
        let s = state.strings
        let keys: String = switch state.overlay {
        case .confirm, .promoConfirm: s.footerSheetKeys
        case .redeemCode: s.footerRedeemKeys
        case .some: s.footerCloseKeys
        case .none: s.footerKeys
        }
        let more = moreBelow ? state.strings.moreBelow + " " : moreAbove ? state.strings.moreAbove + " " : ""
        let moreWidth = TextWidth.of(more)
        let keyText = TextWidth.truncate(SafeText(" " + keys), toWidth: max(0, width - moreWidth))
        let padded = TextWidth.pad(keyText, toWidth: max(0, width - moreWidth))
        return Line([Span(padded, .footer), Span(SafeText(more), .footer)])
    }
}
