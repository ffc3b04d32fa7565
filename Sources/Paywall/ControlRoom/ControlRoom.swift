import MockStore
import TerminalUI

/// The control room's part of `update`: opening and leaving panels, the keys every panel
/// shares, confirming and sending admin actions, and taking in their results.
enum ControlRoom {
    // MARK: Navigation

    static func open(_ state: inout PaywallState, _ panel: Panel) -> [PaywallEffect] {
        state.control.panel = panel
        if case .help = state.overlay { state.overlay = nil }
        return panel.handler.opened(&state)
    }

    /// Back to the paywall, focus where it was.
    static func close(_ state: inout PaywallState) {
        state.control.panel = nil
        Focus.repair(&state)
    }

    static func key(_ state: inout PaywallState, _ panel: Panel, _ key: Key) -> [PaywallEffect] {
        if let overlay = state.overlay { return overlayKey(&state, overlay, key) }
        let handler = panel.handler
        if handler.capturesText(state) { return handler.key(&state, key) }
        switch key {
        case .escape:
            if !handler.escape(&state) { close(&state) }
        case .tab:
            return open(&state, panel.moved(by: 1))
        case .backTab:
            return open(&state, panel.moved(by: -1))
        case .character("q"):
            return Input.quit(&state)
        case .character("?"):
            state.overlay = .help(scroll: 0)
        case .character(let c) where c.isNumber:
            if let target = Panel(key: key) { return open(&state, target) }
        default:
            return handler.key(&state, key)
        }
        return []
    }

    /// Sheets over a panel: the "are you sure?" sheets (admin actions, the app's relaunch),
    /// help, and alerts from the paywall's own flows (a purchase failing because of a fault set here).
    static func overlayKey(_ state: inout PaywallState, _ overlay: Overlay, _ key: Key) -> [PaywallEffect] {
        let focus: SheetButton
        switch overlay {
        case .adminConfirm(_, let f), .appConfirm(_, let f):
            focus = f
        case .help:
            return Input.overlayKey(&state, overlay, key)
        default:
            if key == .character("q") { return Input.quit(&state) }
            if [.escape, .enter, .character(" "), .character("?")].contains(key) { state.overlay = nil }
            return []
        }
        switch key {
        case .character("y"), .character("Y"):
            return confirmSheet(&state, overlay)
        case .enter, .character(" "):
            if focus == .confirm { return confirmSheet(&state, overlay) }
            state.overlay = nil
        case .escape, .character("n"), .character("N"):
            state.overlay = nil
        case .tab, .backTab, .left, .right, .up, .down, .character("h"), .character("l"), .character("j"), .character("k"):
            switch overlay {
            case .adminConfirm(let action, _): state.overlay = .adminConfirm(action, focus: focus.other)
            case .appConfirm(let launch, _): state.overlay = .appConfirm(launch, focus: focus.other)
            default: break
            }
        default:
            break
        }
        return []
    }

    /// The confirmed sheet's action: an admin action, or the emulated app's relaunch.
    static func confirmSheet(_ state: inout PaywallState, _ overlay: Overlay) -> [PaywallEffect] {
        switch overlay {
        case .adminConfirm(let action, _): return confirm(&state, action)
        case .appConfirm(let launch, _): return AppLifecycle.confirm(&state, launch)
        default: state.overlay = nil; return []
        }
    }

    static func mouse(_ state: inout PaywallState, _ panel: Panel, _ mouse: MouseEvent) -> [PaywallEffect] {
        switch mouse.kind {
        case .wheelUp where state.overlay == nil:
            return (0..<3).flatMap { _ in panel.handler.key(&state, .up) }
        case .wheelDown where state.overlay == nil:
            return (0..<3).flatMap { _ in panel.handler.key(&state, .down) }
        case .click where mouse.button == .left:
            guard let target = view(state, size: state.size).target(at: mouse.point) else { return [] }
            return click(&state, target)
        default:
            return []
        }
    }

    static func click(_ state: inout PaywallState, _ target: HitTarget) -> [PaywallEffect] {
        if let overlay = state.overlay {
            switch (overlay, target) {
            case (.adminConfirm, .sheetButton(.confirm)), (.appConfirm, .sheetButton(.confirm)): return confirmSheet(&state, overlay)
            case (.adminConfirm, .sheetButton(.cancel)), (.appConfirm, .sheetButton(.cancel)), (_, .closeSheet): state.overlay = nil
            default: break  // modal
            }
            return []
        }
        switch target {
        case .paywallTab: close(&state); return []
        case .panelTab(let panel): return open(&state, panel)
        default: break
        }
        guard let panel = state.control.panel else { return [] }
        return panel.handler.click(&state, target)
    }

    // MARK: Actions

    /// Asks first when the action changes the account; otherwise sends it at once.
    static func request(_ state: inout PaywallState, _ action: AdminAction) -> [PaywallEffect] {
        if action.needsConfirmation {
            state.overlay = .adminConfirm(action, focus: .confirm)
            return []
        }
        return send(&state, action)
    }

    static func confirm(_ state: inout PaywallState, _ action: AdminAction) -> [PaywallEffect] {
        state.overlay = nil
        return send(&state, action)
    }

    static func send(_ state: inout PaywallState, _ action: AdminAction) -> [PaywallEffect] {
        state.control.inFlight += 1
        return [.admin(action)]
    }

    /// The store answered: say so, re-read what the open panel shows. The paywall itself
    /// hears of the change the way an app would, through `updates` and status updates.
    static func finished(_ state: inout PaywallState, _ action: AdminAction, _ outcome: AdminOutcome) -> [PaywallEffect] {
        state.control.inFlight = max(0, state.control.inFlight - 1)
        var effects: [PaywallEffect] = []
        switch outcome {
        case .done:
            state.message = .adminDone(action)
            if action.changesProducts { effects.append(.loadProducts(state.manifest.productIDs)) }
        case .failed(let reason):
            state.message = .adminFailed(action, reason: reason)
        }
        if let panel = state.control.panel { effects += panel.handler.opened(&state) }
        return effects
    }

    /// The store changed (another device, the clock, an action here): the open panel re-reads
    /// what it shows.
    static func storeChanged(_ state: inout PaywallState) -> [PaywallEffect] {
        guard let panel = state.control.panel else { return [] }
        return panel.handler.opened(&state)
    }
}
