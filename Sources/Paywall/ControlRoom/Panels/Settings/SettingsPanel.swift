import MockStore
import TerminalUI

/// Storefront and locale (the paywall re-renders in the new currency and language at once),
/// purchase dialogs, theme; finishing transactions, relaunching, reinstalling, other devices.
enum SettingsPanel: ControlPanel {
    static func opened(_ state: inout PaywallState) -> [PaywallEffect] {
        // The event log names the devices seen on the account ("Relaunch as device").
        state.control.events.events.isEmpty ? [.loadEventLog(limit: EventsPanel.capacity)] : []
    }

    static func escapeGoesBack(_ state: PaywallState) -> Bool { state.control.settings.chooser != nil }

    static func escape(_ state: inout PaywallState) -> Bool {
        guard escapeGoesBack(state) else { return false }
        state.control.settings.chooser = nil
        return true
    }

    static func footerKeys(_ state: PaywallState) -> String {
        let s = state.strings
        return state.control.settings.chooser == nil ? s.settingsKeys : s.storefrontChooserKeys
    }

    // MARK: Keys

    static func key(_ state: inout PaywallState, _ key: Key) -> [PaywallEffect] {
        if let index = state.control.settings.chooser { return chooserKey(&state, index, key) }
        let row = selectedRow(state)
        switch key {
        case .up, .character("k"):
            select(&state, row.rawValue - 1)
        case .down, .character("j"):
            select(&state, row.rawValue + 1)
        case .home, .character("g"):
            select(&state, 0)
        case .end, .character("G"):
            select(&state, SettingsRow.allCases.count - 1)
        case .enter, .character(" "):
            return activate(&state, row, step: nil)
        case .right, .character("l"):
            return activate(&state, row, step: 1)
        case .left, .character("h"):
            return activate(&state, row, step: -1)
        default:
            break
        }
        return []
    }

    static func select(_ state: inout PaywallState, _ index: Int) {
        state.control.settings.selection = min(max(0, index), SettingsRow.allCases.count - 1)
    }

    /// Enter/Space (`step` nil) or Left/Right (∓1) on a row.
    static func activate(_ state: inout PaywallState, _ row: SettingsRow, step: Int?) -> [PaywallEffect] {
        switch row {
        case .storefront:
            let all = Storefront.all
            let current = all.firstIndex(of: currentStorefront(state)) ?? 0
            guard let step else {
                state.control.settings.chooser = current
                return []
            }
            return setStorefront(&state, all[wrapped(current + step, all.count)].countryCode)
        case .locale:
            let choices = localeChoices(state)
            let current = choices.firstIndex(of: state.locale) ?? 0
            return setLocale(&state, choices[wrapped(current + (step ?? 1), choices.count)])
        case .dialogs:
            return setDialogs(&state, on: !dialogsOn(state))
        case .theme:
            let names = ThemeLoader.bundledNames
            let current = names.firstIndex(of: themeName(state)) ?? (step == -1 ? 0 : -1)
            return [.loadTheme(names[wrapped(current + (step ?? 1), names.count)])]
        case .finishTransactions:
            state.app.finishesTransactions.toggle()
            return []
        case .relaunch, .reinstall:
            guard step == nil else { return [] }
            AppLifecycle.request(&state, AppLaunch(device: state.deviceName, reinstall: row == .reinstall))
            return []
        case .relaunchLater:
            guard let step else {
                AppLifecycle.request(&state, AppLaunch(device: state.deviceName, reinstall: false, away: chosenAway(state)))
                return []
            }
            state.control.settings.away = wrapped(state.control.settings.away + step, awayChoices.count)
            return []
        case .relaunchAs:
            let choices = deviceChoices(state)
            guard let step else {
                AppLifecycle.request(&state, AppLaunch(device: chosenDevice(state), reinstall: false))
                return []
            }
            let current = choices.firstIndex(of: chosenDevice(state)) ?? 0
            if !choices.isEmpty { state.control.settings.device = choices[wrapped(current + step, choices.count)] }
            return []
        }
    }

    static func wrapped(_ index: Int, _ count: Int) -> Int {
        guard count > 0 else { return 0 }
        return (index % count + count) % count
    }

    /// Sets the store's storefront; when the store answers, the products reload in its currency.
    static func setStorefront(_ state: inout PaywallState, _ code: String) -> [PaywallEffect] {
        ControlRoom.send(&state, .setStorefront(code))
    }

    /// The UI speaks the new language at once; the store reloads product names and prices in it.
    static func setLocale(_ state: inout PaywallState, _ locale: String) -> [PaywallEffect] {
        guard locale != state.locale else { return [] }
        state.locale = locale
        state.links = PaywallLinks(manifest: state.manifest, policies: state.policies, locale: locale)
        if let missing = LanguageChoice(locale: locale).missingLanguage { state.message = .languageFallback(missing) }
        return [.changeLocale(locale, productIDs: state.manifest.productIDs)]
    }

    /// Xcode's "Enable Dialogs". Turning them on also drops the app's own "no dialogs" setting,
    /// so the row always does what it says.
    static func setDialogs(_ state: inout PaywallState, on: Bool) -> [PaywallEffect] {
        if on { state.dialogsDisabled = false }
        return ControlRoom.send(&state, .setSwitch(.dialogsDisabled, !on))
    }

    static func chooserKey(_ state: inout PaywallState, _ index: Int, _ key: Key) -> [PaywallEffect] {
        let count = Storefront.all.count
        let page = max(1, ControlRoomView.panelSize(state, panel: .settings).height - 2)
        var next = index
        switch key {
        case .up, .character("k"): next -= 1
        case .down, .character("j"): next += 1
        case .pageUp: next -= page
        case .pageDown: next += page
        case .home, .character("g"): next = 0
        case .end, .character("G"): next = count - 1
        case .enter, .character(" "):
            state.control.settings.chooser = nil
            let chosen = Storefront.all[min(max(0, index), count - 1)]
            if chosen == currentStorefront(state) { return [] }
            return setStorefront(&state, chosen.countryCode)
        default:
            return []
        }
        state.control.settings.chooser = min(max(0, next), count - 1)
        return []
    }

    static func click(_ state: inout PaywallState, _ target: HitTarget) -> [PaywallEffect] {
        switch target {
        case .storefront(let code):
            guard let index = Storefront.all.firstIndex(where: { $0.countryCode == code }) else { return [] }
            state.control.settings.chooser = index
            return chooserKey(&state, index, .enter)
        case .settingsRow(let row):
            state.control.settings.selection = row.rawValue
            return activate(&state, row, step: nil)
        default:
            return []
        }
    }

    static func render(_ state: PaywallState, size: Size) -> Canvas {
        SettingsPanelView.render(state, size: size)
    }
}
