import Chrome
import ControlRoom
import Foundation
import MockStore
import Paywall
import TerminalUI

/// Applies one event to the app and returns the work the runtime must do next: routes it to
/// the feature it belongs to, carries out what the control room asks of the app, and keeps the
/// one message row showing the latest result of either feature.
///
/// Pure: no clock reads, no I/O, no randomness, like each feature's own `update`.
public func update(_ state: inout AppState, _ event: AppEvent) -> [AppEffect] {
    let effects = AppUpdate.apply(&state, event)
    AppUpdate.showLatestNotice(&state)
    return effects
}

enum AppUpdate {
    static func apply(_ state: inout AppState, _ event: AppEvent) -> [AppEffect] {
        switch event {
        case .input(let input):
            return AppInput.handle(&state, input)
        case .paywall(let event):
            var effects = paywall(&state, event)
            if case .snapshotChanged = event { effects += controlRoom(&state, .storeChanged) }
            return effects
        case .controlRoom(let event):
            return controlRoom(&state, event)
        case .auditFinished(let result):
            // Dropped when the overlay was closed meanwhile.
            state.audit?.result = result
            return []
        case .themeLoaded(let theme):
            state.paywall.theme = theme
            return controlRoom(&state, .themeLoaded(theme.name))
        case .themeFailed(let reason):
            return controlRoom(&state, .themeFailed(reason))
        case .relaunchFailed(let reason):
            return controlRoom(&state, .relaunchFailed(reason))
        case .relaunched(let device, let reinstalled):
            relaunched(&state, device: device, reinstalled: reinstalled)
            return paywall(&state, .launched)
        }
    }

    /// The paywall's own `update`. A new result of its own replaces the control room's.
    static func paywall(_ state: inout AppState, _ event: PaywallEvent) -> [AppEffect] {
        let message = state.paywall.message, notice = state.paywall.notice
        let effects = update(&state.paywall, event)
        if state.paywall.message != message && state.paywall.message != nil { state.control.message = nil }
        // The paywall dismissed the control room's result (Esc).
        if notice != nil && state.paywall.notice == nil { state.control.message = nil }
        return effects.map(AppEffect.paywall)
    }

    /// The control room's `update`, and what it asks of the app.
    static func controlRoom(_ state: inout AppState, _ event: ControlRoomEvent) -> [AppEffect] {
        let message = state.control.message
        let effects = ControlRoomFeature.update(&state.control, event, state.shared)
        if state.control.message != message && state.control.message != nil { state.paywall.message = nil }
        state.paywall.isCovered = state.control.panel != nil
        return effects.flatMap { effect -> [AppEffect] in
            guard case .delegate(let request) = effect else { return [.controlRoom(effect)] }
            return delegate(&state, request)
        }
    }

    static func delegate(_ state: inout AppState, _ request: ControlRoomDelegate) -> [AppEffect] {
        switch request {
        case .closed:
            Focus.repair(&state.paywall)
            return []
        case .quit:
            return Input.quit(&state.paywall).map(AppEffect.paywall)
        case .changeLocale(let locale):
            // The UI speaks the new language at once; the store reloads product names and prices in it.
            state.paywall.locale = locale
            state.paywall.links = PaywallLinks(manifest: state.paywall.manifest, policies: state.paywall.policies, locale: locale)
            if let missing = LanguageChoice(locale: locale).missingLanguage {
                state.paywall.message = .languageFallback(missing)
                state.control.message = nil
            }
            return [.changeLocale(locale, productIDs: state.paywall.manifest.productIDs)]
        case .enableDialogs:
            state.paywall.dialogsDisabled = false
            return []
        case .setFinishesTransactions(let on):
            state.paywall.app.finishesTransactions = on
            return []
        case .relaunch(let launch):
            return [.relaunch(device: launch.device, reinstall: launch.reinstall, away: launch.away)]
        case .reloadProducts:
            return [.paywall(.loadProducts(state.paywall.manifest.productIDs))]
        }
    }

    /// The emulated app's life cycle: quitting and starting again (S3, S11, S12), reinstalling
    /// (S13), or starting as another device signed into the same account (S14, S16). The app's
    /// memory is gone; the account (the ledger) is not. The paywall launches next, so the new app
    /// reads entitlements and its listener gets the unfinished transactions once (B2).
    static func relaunched(_ state: inout AppState, device: String, reinstalled: Bool) {
        state.paywall.products = []
        state.paywall.productLoad = .loading
        state.paywall.snapshot = nil
        state.paywall.focus = nil
        state.paywall.scroll = 0
        state.paywall.overlay = nil
        state.paywall.inFlight = nil
        state.paywall.deviceName = device
        // A reinstall forgets the app's own settings too; the store's stay (they are the account's).
        if reinstalled { state.paywall.app = AppBehaviour() }
        state.control.panel = nil
        state.control.overlay = nil
        state.control.message = nil
        state.paywall.isCovered = false
        state.paywall.message = .relaunched(device: device, reinstalled: reinstalled)
    }

    /// The message row shows the latest result: the control room's, worded now (product names
    /// and language may have changed since), else the paywall's own.
    static func showLatestNotice(_ state: inout AppState) {
        guard let message = state.control.message else {
            state.paywall.notice = nil
            return
        }
        state.paywall.notice = Notice(message, shared: state.shared, control: state.control)
    }
}

/// Draws the app for a terminal of `size`: the open control-room panel, else the paywall
/// (beside the audit overlay when it is open). Pure: the same state and size give the same
/// canvas, hit regions included.
public func view(_ state: AppState, size: Size) -> Canvas {
    if state.control.panel != nil {
        var screen = ControlRoomFeature.view(state.control, state.shared(window: size))
        // An alert of the paywall's own flows (a purchase failing because of a fault set here).
        if let overlay = state.paywall.overlay { OverlayView.draw(overlay, state: state.paywall, on: &screen) }
        return screen
    }
    if let audit = state.audit { return AuditOverlayView.render(state.paywall, audit: audit, size: size) }
    return view(state.paywall, size: size)
}
