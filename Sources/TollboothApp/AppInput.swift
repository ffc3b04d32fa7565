import ControlRoom
import MockStore
import Paywall
import TerminalUI

/// Keys, clicks, wheel, resize and signals, routed to the feature they belong to: the open
/// panel, else a sheet, the audit overlay, the keys that open panels, and then the paywall.
enum AppInput {
    static func handle(_ state: inout AppState, _ input: InputEvent) -> [AppEffect] {
        switch input {
        case .resize(let size):
            state.size = size
            state.paywall.size = state.paywallArea
            Focus.reveal(&state.paywall)
            return []
        case .signal, .key(.control("c")):
            return AppUpdate.paywall(&state, .input(input))
        case .key(let key):
            if state.control.panel != nil {
                if state.paywall.overlay != nil { return alertOverPanel(&state, key) }
                return AppUpdate.controlRoom(&state, .key(key))
            }
            if state.paywall.overlay != nil { return AppUpdate.paywall(&state, .input(input)) }
            if audit(&state, key) { return [] }
            if let panel = Panel(key: key) { return AppUpdate.controlRoom(&state, .open(panel)) }
            return AppUpdate.paywall(&state, .input(input))
        case .mouse(let mouse):
            if state.control.panel != nil {
                if state.paywall.overlay != nil {
                    // The alert is modal: only its button closes it.
                    if mouse.kind == .click, view(state, size: state.size).target(at: mouse.point) == .closeSheet {
                        state.paywall.overlay = nil
                    }
                    return []
                }
                return AppUpdate.controlRoom(&state, .mouse(mouse))
            }
            return AppUpdate.paywall(&state, .input(input))
        }
    }

    /// A sheet of the paywall's over a panel (an alert from its own flows): `q` quits, and the
    /// keys that close a sheet close it.
    static func alertOverPanel(_ state: inout AppState, _ key: Key) -> [AppEffect] {
        if key == .character("q") { return AppUpdate.paywall(&state, .input(.key(key))) }
        if [.escape, .enter, .character(" "), .character("?")].contains(key) { state.paywall.overlay = nil }
        return []
    }

    /// A key while the audit overlay is open over the paywall (no sheet, no panel), or `a`:
    /// true when the overlay took it; any other key goes to the paywall.
    static func audit(_ state: inout AppState, _ key: Key) -> Bool {
        guard var audit = state.audit else {
            guard key == .character("a") else { return false }
            toggleAudit(&state)
            return true
        }
        switch audit.key(key) {
        case .taken: state.audit = audit
        case .close: toggleAudit(&state)
        case .passed: return false
        }
        return true
    }

    /// `a` on the paywall: open the overlay, or close it.
    static func toggleAudit(_ state: inout AppState) {
        state.audit = state.audit == nil ? AuditOverlay() : nil
        state.paywall.size = state.paywallArea
        Focus.reveal(&state.paywall)  // the paywall's part of the window just changed size
    }
}
