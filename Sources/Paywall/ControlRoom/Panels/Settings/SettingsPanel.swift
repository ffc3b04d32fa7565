import MockStore
import TerminalUI

/// The Settings panel's cursor and sub-views.
public struct SettingsPanelState: Sendable, Hashable {
    /// The selected row (`SettingsRow.rawValue`).
    public var selection: Int = 0
    /// The storefront chooser, open over the rows: the highlighted storefront's index in
    /// `Storefront.all`; nil when closed.
    public var chooser: Int?
    /// The device "Relaunch as device" starts as; nil: the first one offered.
    public var device: String?
    /// How long "Quit, wait, relaunch" stays away (an index into `SettingsPanel.awayChoices`).
    public var away: Int = 2

    public init() {}
}

/// The Settings panel's rows, in screen order: Xcode's configuration settings, then the
/// emulated app's life cycle, so every scenario (S1–S17) can be played from the terminal.
enum SettingsRow: Int, CaseIterable, Sendable {
    case storefront, locale, dialogs, theme
    case finishTransactions, relaunch, relaunchLater, reinstall, relaunchAs

    var regionID: String { "settings:row:\(rawValue)" }
}

/// Storefront and locale (the paywall re-renders in the new currency and language at once),
/// purchase dialogs, theme; finishing transactions, relaunching, reinstalling, other devices.
enum SettingsPanel: ControlPanel {
    /// How long the app can stay closed before "Quit, wait, relaunch" starts it again.
    static let awayChoices: [ClockAdvance] = ["1d", "1w", "1M", "3M", "1y"].compactMap { ClockAdvance($0) }

    static func chosenAway(_ state: PaywallState) -> ClockAdvance {
        awayChoices[min(max(0, state.control.settings.away), awayChoices.count - 1)]
    }

    /// Devices every account can start on, besides those seen on it.
    static let standardDevices = ["iphone", "ipad", "mac"]

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

    // MARK: Values

    static func selectedRow(_ state: PaywallState) -> SettingsRow {
        SettingsRow(rawValue: state.control.settings.selection) ?? .storefront
    }

    /// The storefront the store uses now (USA until the first snapshot).
    static func currentStorefront(_ state: PaywallState) -> Storefront {
        state.snapshot.flatMap { Storefront(alpha3: $0.storefront) } ?? .unitedStates
    }

    /// en_US and ja_JP (the UI's languages), the catalog's localizations, and the locale in use.
    static func localeChoices(_ state: PaywallState) -> [String] {
        var choices: [String] = []
        var keys = Set<String>()
        for locale in ["en_US", "ja_JP"] + state.catalogLocales + [state.locale] {
            let key = locale.lowercased().replacingOccurrences(of: "-", with: "_")
            if !locale.isEmpty, keys.insert(key).inserted { choices.append(locale) }
        }
        return choices
    }

    /// Devices seen on the account (transactions, unfinished ones, the event log), then
    /// iphone/ipad/mac; never the device the app runs on now.
    static func deviceChoices(_ state: PaywallState) -> [String] {
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

    static func chosenDevice(_ state: PaywallState) -> String {
        let choices = deviceChoices(state)
        if let device = state.control.settings.device, choices.contains(device) { return device }
        return choices.first ?? state.deviceName
    }

    static func themeName(_ state: PaywallState) -> String { state.theme.name }

    /// The effective "Enable Dialogs": off when the store's switch or the app's own setting
    /// (`--no-dialogs`, the catalog's `_disableDialogs`) skips the sheet.
    static func dialogsOn(_ state: PaywallState) -> Bool { !state.skipsConfirmation }

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

    static func click(_ state: inout PaywallState, _ region: String) -> [PaywallEffect] {
        if region.hasPrefix("settings:storefront:") {
            let code = String(region.dropFirst("settings:storefront:".count))
            guard let index = Storefront.all.firstIndex(where: { $0.countryCode == code }) else { return [] }
            state.control.settings.chooser = index
            return chooserKey(&state, index, .enter)
        }
        guard region.hasPrefix("settings:row:"), let raw = Int(region.dropFirst("settings:row:".count)),
              let row = SettingsRow(rawValue: raw) else { return [] }
        state.control.settings.selection = raw
        return activate(&state, row, step: nil)
    }

    // MARK: Drawing

    static func render(_ state: PaywallState, size: Size) -> Canvas {
        var canvas = Canvas(size: size, style: state.theme[.text])
        guard size.width > 0, size.height > 0 else { return canvas }
        if let index = state.control.settings.chooser {
            canvas.paint(chooserLines(state, highlighted: index, size: size), x: 0, y: 0, width: size.width, theme: state.theme)
            return canvas
        }
        canvas.paint(lines(state, size: size), x: 0, y: 0, width: size.width, theme: state.theme)
        return canvas
    }

    /// Every row with its explanation when they fit; else only the selected row's, wrapped;
    /// scrolled so the selected row stays in view.
    static func lines(_ state: PaywallState, size: Size) -> [Line] {
        let width = size.width
        let s = state.strings
        let selected = selectedRow(state)
        let labelWidth = SettingsRow.allCases.map { TextWidth.of(s.settingsLabel($0)) }.max() ?? 0
        let fullHeight = 2 + SettingsRow.allCases.count * 2
        let compact = fullHeight > size.height

        var lines: [Line] = []
        var selectedAt = 0
        for row in SettingsRow.allCases {
            if row == .storefront || row == .finishTransactions {
                let title = row == .storefront ? s.settingsStoreSection : s.settingsAppSection
                lines.append(Line([Span(TextWidth.truncate(SafeText(" " + title), toWidth: width), .heading)]))
            }
            if row == selected { selectedAt = lines.count }
            lines.append(rowLine(state, row, selected: row == selected, labelWidth: labelWidth, width: width))
            let explanation = SafeText(s.settingsExplanation(row))
            if !compact {
                lines.append(Line([Span(TextWidth.truncate(explanation, toWidth: max(0, width - 4)), .muted)], indent: 4))
            } else if row == selected {
                lines += Lines.paragraph(explanation, .muted, width: width, indent: 4, maxLines: 2)
            }
        }
        guard lines.count > size.height else { return lines }
        // Keep the selected row (and its explanation) in view, its section title too when possible.
        let wanted = compact ? 3 : 2
        var top = max(0, selectedAt - 1)
        if selectedAt + wanted > top + size.height { top = selectedAt + wanted - size.height }
        top = min(top, lines.count - size.height)
        return Array(lines[max(0, top)...].prefix(size.height))
    }

    /// ` > Label                 value  hint` when the label column fits (the value's short
    /// form if need be); narrower, the short form flush right.
    static func rowLine(_ state: PaywallState, _ row: SettingsRow, selected: Bool, labelWidth: Int, width: Int) -> Line {
        let s = state.strings
        let region = row.regionID
        let labelRole: ThemeRole = selected ? .heading : .text
        let marker = Span(selected ? " > " : "   ", labelRole, region: region)
        let (full, hint, compact) = value(state, row, selected: selected)
        let column = 3 + labelWidth + 2
        let label = Span(TextWidth.pad(SafeText(s.settingsLabel(row)), toWidth: labelWidth + 2), labelRole, region: region)
        for (index, spans) in [full, compact].enumerated() {
            let used = column + spans.reduce(0) { $0 + $1.width }
            guard used <= width else { continue }
            var line = [marker, label] + spans
            if let hint, index == 0, used + 2 + TextWidth.of(hint) <= width {
                line.append(Span("  " + hint, .muted, region: region))
            }
            return Line(line)
        }
        return Line([marker, Span(s.settingsLabel(row), labelRole, region: region)], right: compact + [Span(" ", .text)])
    }

    /// A row's value: in full, a hint for the selected row, and the short form for narrow screens.
    static func value(_ state: PaywallState, _ row: SettingsRow, selected: Bool) -> (full: [Span], hint: String?, compact: [Span]) {
        let s = state.strings
        let region = row.regionID
        let role: ThemeRole = selected ? .buttonFocused : .text
        func cycler(_ text: String, _ role: ThemeRole = role) -> [Span] {
            [Span(selected ? "< \(text) >" : text, role, region: region)]
        }
        switch row {
        case .storefront:
            let spans = [Span(currentStorefront(state).description, role, region: region)]
            return (spans, selected ? s.chooseHint : nil, spans)
        case .locale:
            return (cycler(state.locale), nil, cycler(state.locale))
        case .dialogs:
            let spans = cycler(dialogsOn(state) ? s.onValue : s.offValue)
            return (spans, nil, spans)
        case .theme:
            return (cycler(themeName(state)), nil, cycler(themeName(state)))
        case .finishTransactions:
            let on = state.app.finishesTransactions
            let spans = cycler(on ? s.onValue : s.offValue, selected ? .buttonFocused : (on ? .text : .warning))
            return (spans, nil, spans)
        case .relaunch:
            let buttonRole: ThemeRole = selected ? .buttonFocused : .button
            return ([Span("[ \(s.relaunchButton) \(state.deviceName) ]", buttonRole, region: region)], nil,
                    [Span("[ \(s.relaunchButton) ]", buttonRole, region: region)])
        case .relaunchLater:
            let away = s.awayLength(chosenAway(state))
            return (cycler(away), selected ? s.relaunchLaterHint : nil, cycler(away))
        case .reinstall:
            let buttonRole: ThemeRole = selected ? .buttonFocused : .button
            return ([Span("[ \(s.reinstallButton) ]", buttonRole, region: region)], nil,
                    [Span("[ \(s.reinstallButtonShort) ]", buttonRole, region: region)])
        case .relaunchAs:
            let device = chosenDevice(state)
            return (cycler(device), selected ? s.relaunchAsHint(device) : nil, cycler(device))
        }
    }

    /// The 54 storefronts with their currency, the current one marked, the highlighted one in view.
    static func chooserLines(_ state: PaywallState, highlighted: Int, size: Size) -> [Line] {
        let s = state.strings
        let current = currentStorefront(state)
        let all = Storefront.all
        var lines = Lines.paragraph(s.storefrontChooserTitle(current.description), .heading, width: size.width, indent: 1, maxLines: 1)
        let rows = max(0, size.height - lines.count)
        guard rows > 0 else { return Array(lines.prefix(size.height)) }
        let top = min(max(0, highlighted - rows / 2), max(0, all.count - rows))
        for index in top..<min(all.count, top + rows) {
            let storefront = all[index]
            let isHighlighted = index == highlighted
            let region = "settings:storefront:\(storefront.countryCode)"
            var spans = [
                Span(isHighlighted ? " > " : "   ", isHighlighted ? .heading : .text, region: region),
                Span(" \(storefront.countryCode)  \(storefront.currencyCode) ", isHighlighted ? .buttonFocused : .text, region: region),
            ]
            if storefront == current { spans.append(Span("  * " + s.currentMark, .success, region: region)) }
            lines.append(Line(spans))
        }
        return lines
    }
}

extension OverlayView {
    /// "Restart the app?" before a relaunch, a reinstall or a start on another device.
    static func appConfirm(_ launch: AppLaunch, focus: SheetButton, state: PaywallState) -> Sheet {
        let s = state.strings
        let question = launch.reinstall ? s.reinstallQuestion(launch.device)
            : launch.away.map { s.relaunchLaterQuestion(launch.device, away: s.awayLength($0)) }
            ?? (launch.device == state.deviceName ? s.relaunchQuestion(launch.device) : s.relaunchAsQuestion(launch.device))
        return Sheet(title: Span(s.appConfirmTitle, .sheetTitle), content: { width in
            Lines.paragraph(question, .text, width: width)
        }, buttons: [
            Span("[ \(s.yesButton) ]", focus == .confirm ? .buttonFocused : .button, region: SheetButton.confirm.regionID),
            Span("[ \(s.noButton) ]", focus == .cancel ? .buttonFocused : .button, region: SheetButton.cancel.regionID),
        ], preferredWidth: 56)
    }
}
