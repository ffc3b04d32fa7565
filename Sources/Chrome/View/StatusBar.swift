import Foundation
import MockStore
import TerminalUI

/// The rows pinned under every screen: the store status line, and a fault line whenever a fault
/// or switch is on, so nobody forgets one is active wherever they are. (The paywall adds the
/// message row above them and its keys below.)
package enum StatusBar {
    /// `iPhone  Store 2026-01-05 14:03:09  rate real time  last: purchase Premium Yearly`, in
    /// the UI language (the Events panel and `tollbooth events` keep the API names).
    package static func statusLine(_ state: SharedContext, width: Int) -> Line {
        let s = state.strings
        var parts = [state.deviceName]
        if let time = state.currentStoreTime {
            parts.append("\(s.storeTimeLabel) \(state.dates.clock(time))")
        }
        if let snapshot = state.snapshot {
            var rate = "\(s.rateLabel) \(s.rateSummary(snapshot.timeRate))"
            if snapshot.isClockPaused { rate += " (\(s.paused))" }
            parts.append(rate)
            if let event = snapshot.lastEvent {
                let product = event.productID.map { " " + state.displayName($0) } ?? ""
                parts.append("\(s.lastEventLabel): \(s.eventKindName(event.kind))\(product)")
            }
        }
        let text = TextWidth.pad(TextWidth.truncate(SafeText(" " + parts.joined(separator: "  ")), toWidth: width), toWidth: width)
        return Line([Span(text, .statusLine)])
    }

    /// `FAULTS purchase: networkError (once) | switches: askToBuy, paymentsDisabled`; nil when
    /// nothing is injected.
    package static func faultLine(_ state: SharedContext, width: Int) -> Line? {
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
}
