import Chrome
import MockStore
import TerminalUI

/// Storefront and locale (the paywall re-renders in the new currency and language at once),
/// purchase dialogs, theme; finishing transactions, relaunching, reinstalling, other devices.
enum SettingsPanel: ControlPanel {
    static func opened(_ state: inout ControlRoomScope) -> [ControlRoomEffect] {
        // The event log names the devices seen on the account ("Relaunch as device").
        state.control.events.events.isEmpty ? [.loadEventLog(limit: EventsPanel.capacity)] : []
    }

    static func escapeGoesBack(_ state: ControlRoomScope) -> Bool { state.control.settings.chooser != nil }

    static func escape(_ state: inout ControlRoomScope) -> Bool {
        guard escapeGoesBack(state) else { return false }
        state.control.settings.chooser = nil
        return true
    }

    static func footerKeys(_ state: ControlRoomScope) -> String {
        let s = state.strings
        return state.control.settings.chooser == nil ? s.settingsKeys : s.storefrontChooserKeys
    }

    // MARK: Keys

    static func key(_ state: inout ControlRoomScope, _ key: Key) -> [ControlRoomEffect] {
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

    static func select(_ state: inout ControlRoomScope, _ index: Int) {
        state.control.settings.selection = min(max(0, index), SettingsRow.allCases.count - 1)
    }

    /// Enter/Space (`step` nil) or Left/Right (∓1) on a row.
    static func activate(_ state: inout ControlRoomScope, _ row: SettingsRow, step: Int?) -> [ControlRoomEffect] {
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
            return [.delegate(.setFinishesTransactions(!state.shared.finishesTransactions))]
        case .relaunch, .reinstall:
            guard step == nil else { return [] }
            requestRelaunch(&state, AppLaunch(device: state.deviceName, reinstall: row == .reinstall))
            return []
        case .relaunchLater:
            guard let step else {
                requestRelaunch(&state, AppLaunch(device: state.deviceName, reinstall: false, away: chosenAway(state)))
                return []
            }
            state.control.settings.away = wrapped(state.control.settings.away + step, awayChoices.count)
            return []
        case .relaunchAs:
            let choices = deviceChoices(state)
            guard let step else {
                requestRelaunch(&state, AppLaunch(device: chosenDevice(state), reinstall: false))
                return []
            }
            let current = choices.firstIndex(of: chosenDevice(state)) ?? 0
            if !choices.isEmpty { state.control.settings.device = choices[wrapped(current + step, choices.count)] }
            return []
        }
    }

    /// Opens the "are you sure?" sheet; nothing happens until it is confirmed.
    static func requestRelaunch(_ state: inout ControlRoomScope, _ launch: AppLaunch) {
        state.control.overlay = .appConfirm(launch, focus: .confirm)
    }

    static func wrapped(_ index: Int, _ count: Int) -> Int {
        guard count > 0 else { return 0 }
        return (index % count + count) % count
    }

    /// Sets the store's storefront; when the store answers, the products reload in its currency.
    static func setStorefront(_ state: inout ControlRoomScope, _ code: String) -> [ControlRoomEffect] {
        ControlRoomFeature.send(&state, .setStorefront(code))
    }

    /// The UI speaks the new language at once; the store reloads product names and prices in it.
    static func setLocale(_ state: inout ControlRoomScope, _ locale: String) -> [ControlRoomEffect] {
        guard locale != state.locale else { return [] }
        return [.delegate(.changeLocale(locale))]
    }

    /// Xcode's "Enable Dialogs". Turning them on also drops the app's own "no dialogs" setting,
    /// so the row always does what it says.
    static func setDialogs(_ state: inout ControlRoomScope, on: Bool) -> [ControlRoomEffect] {
        let own: [ControlRoomEffect] = on && state.shared.dialogsDisabled ? [.delegate(.enableDialogs)] : []
        return own + ControlRoomFeature.send(&state, .setSwitch(.dialogsDisabled, !on))
    }

    static func chooserKey(_ state: inout ControlRoomScope, _ index: Int, _ key: Key) -> [ControlRoomEffect] {
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

    static func click(_ state: inout ControlRoomScope, _ target: ControlRoomTarget) -> [ControlRoomEffect] {
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

    static func render(_ state: ControlRoomScope, size: Size) -> Canvas {
        SettingsPanelView.render(state, size: size)
    }
}
