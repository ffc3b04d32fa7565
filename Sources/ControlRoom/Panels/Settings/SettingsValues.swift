import Chrome
import MockStore

/// What the rows show and cycle through: the current storefront, locale, theme and dialogs
/// setting, and the choices for the life-cycle rows.
extension SettingsPanel {
    /// How long the app can stay closed before "Quit, wait, relaunch" starts it again.
    static let awayChoices: [ClockAdvance] = ["1d", "1w", "1M", "3M", "1y"].compactMap { ClockAdvance($0) }

    static func chosenAway(_ state: ControlRoomScope) -> ClockAdvance {
        awayChoices[min(max(0, state.control.settings.away), awayChoices.count - 1)]
    }

    /// Devices every account can start on, besides those seen on it.
    static let standardDevices = ["iphone", "ipad", "mac"]

    static func selectedRow(_ state: ControlRoomScope) -> SettingsRow {
        SettingsRow(rawValue: state.control.settings.selection) ?? .storefront
    }

    /// The storefront the store uses now (USA until the first snapshot).
    static func currentStorefront(_ state: ControlRoomScope) -> Storefront {
        state.snapshot.flatMap { Storefront(alpha3: $0.storefront) } ?? .unitedStates
    }

    /// The UI's languages (each in its usual locale), the catalog's localizations, and the
    /// locale in use.
    static func localeChoices(_ state: ControlRoomScope) -> [String] {
        var choices: [String] = []
        var keys = Set<String>()
        for locale in Language.allCases.map(\.defaultLocale) + state.shared.catalogLocales + [state.locale] {
            let key = locale.lowercased().replacingOccurrences(of: "-", with: "_")
            if !locale.isEmpty, keys.insert(key).inserted { choices.append(locale) }
        }
        return choices
    }

    /// Devices seen on the account (transactions, unfinished ones, the event log), then
    /// iphone/ipad/mac; never the device the app runs on now.
    static func deviceChoices(_ state: ControlRoomScope) -> [String] {
        var seen: [String] = []
        func add(_ device: String?) {
            guard let device, !device.isEmpty, device != state.deviceName, !seen.contains(device) else { return }
            seen.append(device)
        }
        state.control.transactions.contents?.devices.forEach(add)
        state.snapshot?.unfinished.forEach { add($0.device) }
        state.snapshot?.pendingPurchases.forEach { add($0.device) }
        for event in state.control.events.events where event.device != nil { add(event.device) }
        standardDevices.forEach(add)
        return seen
    }

    static func chosenDevice(_ state: ControlRoomScope) -> String {
        let choices = deviceChoices(state)
        if let device = state.control.settings.device, choices.contains(device) { return device }
        return choices.first ?? state.deviceName
    }

    static func themeName(_ state: ControlRoomScope) -> String { state.theme.name }

    /// The effective "Enable Dialogs": off when the store's switch or the app's own setting
    /// (`--no-dialogs`, the catalog's `_disableDialogs`) skips the sheet.
    static func dialogsOn(_ state: ControlRoomScope) -> Bool { !(state.shared.dialogsDisabled || state.snapshot?.switches.dialogsDisabled == true) }
}
