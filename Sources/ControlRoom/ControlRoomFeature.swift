import Chrome
import MockStore
import TerminalUI

/// The control room's `update`: opening and leaving panels, the keys every panel shares,
/// confirming and sending admin actions, and taking in their results. It changes only the
/// control room's state; the rest it asks the app for (`ControlRoomDelegate`).
public enum ControlRoomFeature {
    public static func update(_ control: inout ControlRoomState, _ event: ControlRoomEvent, _ shared: SharedContext) -> [ControlRoomEffect] {
        var state = ControlRoomScope(control: control, shared: shared)
        defer { control = state.control }
        switch event {
        case .open(let panel):
            return open(&state, panel)
        case .key(let key):
            guard let panel = state.control.panel else { return [] }
            return self.key(&state, panel, key)
        case .mouse(let mouse):
            guard let panel = state.control.panel else { return [] }
            return self.mouse(&state, panel, mouse)
        case .storeChanged:
            return storeChanged(&state)
        case .adminFinished(let action, let outcome):
            return finished(&state, action, outcome)
        case .ledgerLoaded(let contents):
            TransactionsPanel.loaded(&state, contents)
            return []
        case .ledgerChanged(let changes):
            return TransactionsPanel.changed(&state, changes)
        case .storeEvents(let events):
            EventsPanel.received(&state, events)
            return []
        case .themeLoaded(let name):
            state.control.message = .themeChanged(name)
            return []
        case .themeFailed(let reason):
            state.control.message = .themeFailed(reason)
            return []
        case .relaunchFailed(let reason):
            state.control.message = .relaunchFailed(reason)
            return []
        }
    }

    /// The whole window with the open panel (blank when none is open), hit regions included.
    public static func view(_ control: ControlRoomState, _ shared: SharedContext) -> Canvas {
        guard let panel = control.panel else { return Canvas(size: shared.size) }
        return ControlRoomView.render(ControlRoomScope(control: control, shared: shared), panel: panel)
    }

    // MARK: Navigation

    static func open(_ state: inout ControlRoomScope, _ panel: Panel) -> [ControlRoomEffect] {
        state.control.panel = panel
        if case .help = state.control.overlay { state.control.overlay = nil }
        return panel.handler.opened(&state)
    }

    /// Back to the paywall; the app puts its focus back where it was.
    static func close(_ state: inout ControlRoomScope) -> [ControlRoomEffect] {
        state.control.panel = nil
        state.control.overlay = nil
        return [.delegate(.closed)]
    }

    static func key(_ state: inout ControlRoomScope, _ panel: Panel, _ key: Key) -> [ControlRoomEffect] {
        if let overlay = state.control.overlay { return overlayKey(&state, overlay, key) }
        let handler = panel.handler
        if handler.capturesText(state) { return handler.key(&state, key) }
        switch key {
        case .escape:
            if !handler.escape(&state) { return close(&state) }
        case .tab:
            return open(&state, panel.moved(by: 1))
        case .backTab:
            return open(&state, panel.moved(by: -1))
        case .character("q"):
            return [.delegate(.quit)]
        case .character("?"):
            state.control.overlay = .help(scroll: 0)
        case .character(let c) where c.isNumber:
            if let target = Panel(key: key) { return open(&state, target) }
        default:
            return handler.key(&state, key)
        }
        return []
    }

    /// Sheets over a panel: the "are you sure?" sheets (admin actions, the app's relaunch) and help.
    static func overlayKey(_ state: inout ControlRoomScope, _ overlay: ControlRoomOverlay, _ key: Key) -> [ControlRoomEffect] {
        let focus: SheetButton
        switch overlay {
        case .adminConfirm(_, let f), .appConfirm(_, let f):
            focus = f
        case .help(let scroll):
            if key == .character("q") { return [.delegate(.quit)] }
            helpKey(&state, scroll: scroll, key)
            return []
        }
        switch key {
        case .character("y"), .character("Y"):
            return confirmSheet(&state, overlay)
        case .enter, .character(" "):
            if focus == .confirm { return confirmSheet(&state, overlay) }
            state.control.overlay = nil
        case .escape, .character("n"), .character("N"):
            state.control.overlay = nil
        case .tab, .backTab, .left, .right, .up, .down, .character("h"), .character("l"), .character("j"), .character("k"):
            switch overlay {
            case .adminConfirm(let action, _): state.control.overlay = .adminConfirm(action, focus: focus.other)
            case .appConfirm(let launch, _): state.control.overlay = .appConfirm(launch, focus: focus.other)
            case .help: break
            }
        default:
            break
        }
        return []
    }

    /// Keys on the help sheet: it closes with Esc, Enter, Space or `?`, and scrolls when the
    /// window is too short for every row.
    static func helpKey(_ state: inout ControlRoomScope, scroll: Int, _ key: Key) {
        guard let panel = state.control.panel else { return }
        let range = OverlayView.scrollRange(ControlRoomSheets.help(panel, state), screen: state.size)
        switch HelpScroll.step(key, page: max(1, range.room - 1)) {
        case nil: state.control.overlay = nil
        case 0?: break
        case let step?: state.control.overlay = .help(scroll: max(0, min(range.maxScroll, scroll + step)))
        }
    }

    /// The confirmed sheet's action: an admin action, or the emulated app's relaunch.
    static func confirmSheet(_ state: inout ControlRoomScope, _ overlay: ControlRoomOverlay) -> [ControlRoomEffect] {
        state.control.overlay = nil
        switch overlay {
        case .adminConfirm(let action, _): return send(&state, action)
        case .appConfirm(let launch, _): return [.delegate(.relaunch(launch))]
        case .help: return []
        }
    }

    static func mouse(_ state: inout ControlRoomScope, _ panel: Panel, _ mouse: MouseEvent) -> [ControlRoomEffect] {
        switch mouse.kind {
        case .wheelUp where state.control.overlay == nil:
            return (0..<3).flatMap { _ in panel.handler.key(&state, .up) }
        case .wheelDown where state.control.overlay == nil:
            return (0..<3).flatMap { _ in panel.handler.key(&state, .down) }
        case .click where mouse.button == .left:
            guard let target = ControlRoomView.render(state, panel: panel).hit(at: mouse.point, as: ControlRoomTarget.self)
            else { return [] }
            return click(&state, target)
        default:
            return []
        }
    }

    static func click(_ state: inout ControlRoomScope, _ target: ControlRoomTarget) -> [ControlRoomEffect] {
        if let overlay = state.control.overlay {
            switch (overlay, target) {
            case (.adminConfirm, .button(.confirm)), (.appConfirm, .button(.confirm)): return confirmSheet(&state, overlay)
            case (_, .button(.cancel)), (_, .close): state.control.overlay = nil
            default: break  // modal
            }
            return []
        }
        switch target {
        case .paywallTab: return close(&state)
        case .panelTab(let panel): return open(&state, panel)
        default: break
        }
        guard let panel = state.control.panel else { return [] }
        return panel.handler.click(&state, target)
    }

    // MARK: Actions

    /// Asks first when the action changes the account; otherwise sends it at once.
    static func request(_ state: inout ControlRoomScope, _ action: AdminAction) -> [ControlRoomEffect] {
        if action.needsConfirmation {
            state.control.overlay = .adminConfirm(action, focus: .confirm)
            return []
        }
        return send(&state, action)
    }

    static func send(_ state: inout ControlRoomScope, _ action: AdminAction) -> [ControlRoomEffect] {
        state.control.inFlight += 1
        return [.admin(action)]
    }

    /// The store answered: say so, re-read what the open panel shows. The paywall itself
    /// hears of the change the way an app would, through `updates` and status updates.
    static func finished(_ state: inout ControlRoomScope, _ action: AdminAction, _ outcome: AdminOutcome) -> [ControlRoomEffect] {
        state.control.inFlight = max(0, state.control.inFlight - 1)
        var effects: [ControlRoomEffect] = []
        switch outcome {
        case .done:
            state.control.message = .adminDone(action)
            if action.changesProducts { effects.append(.delegate(.reloadProducts)) }
        case .failed(let reason):
            state.control.message = .adminFailed(action, reason: reason)
        }
        if let panel = state.control.panel { effects += panel.handler.opened(&state) }
        return effects
    }

    /// The store changed (another device, the clock, an action here): the open panel re-reads
    /// what it shows.
    static func storeChanged(_ state: inout ControlRoomScope) -> [ControlRoomEffect] {
        guard let panel = state.control.panel else { return [] }
        return panel.handler.opened(&state)
    }
}
