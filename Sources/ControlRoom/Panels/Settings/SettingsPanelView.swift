import Chrome
import MockStore
import TerminalUI

/// Draws the Settings panel: the store's settings and the app's life cycle, a row each with
/// its value and explanation; or the storefront chooser.
enum SettingsPanelView {
    static func render(_ state: ControlRoomScope, size: Size) -> Canvas {
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
    static func lines(_ state: ControlRoomScope, size: Size) -> [Line] {
        let width = size.width
        let s = state.strings
        let selected = SettingsPanel.selectedRow(state)
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
            lines += rowLines(state, row, selected: row == selected, labelWidth: labelWidth, width: width)
            let explanation = SafeText(s.settingsExplanation(row))
            if !compact {
                lines.append(Line([Span(TextWidth.truncate(explanation, toWidth: max(0, width - 4)), .muted)], indent: 4))
            } else if row == selected {
                lines += Lines.paragraph(explanation, .muted, width: width, indent: 4, maxLines: 2)
            }
        }
        // Last, and not counted above: where it does not fit, it is scrolled to like a row
        // rather than making every row drop its explanation.
        lines += ledgerLines(state, labelWidth: labelWidth, width: width)
        guard lines.count > size.height else { return lines }
        // Keep the selected row (and its explanation) in view, its section title too when possible.
        let wanted = compact ? 3 : 2
        var top = max(0, selectedAt - 1)
        if selectedAt + wanted > top + size.height { top = selectedAt + wanted - size.height }
        top = min(top, lines.count - size.height)
        return Array(lines[max(0, top)...].prefix(size.height))
    }

    /// ` > Label                 value  hint` when the label column fits (the value's short
    /// form if need be); narrower, the short form flush right; narrower still (long labels in
    /// German or French at 40 columns), the label whole on its row and the value under it.
    static func rowLines(_ state: ControlRoomScope, _ row: SettingsRow, selected: Bool, labelWidth: Int, width: Int) -> [Line] {
        let s = state.strings
        let region = ControlRoomTarget.settingsRow(row)
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
            return [Line(line)]
        }
        let labelText = SafeText(s.settingsLabel(row))
        let valueWidth = compact.reduce(0) { $0 + $1.width } + 1
        if 3 + TextWidth.of(labelText) + 1 + valueWidth <= width {
            return [Line([marker, Span(labelText, labelRole, region: region)], right: compact + [Span(" ", .text)])]
        }
        return [Line([marker, Span(TextWidth.truncate(labelText, toWidth: max(0, width - 3)), labelRole, region: region)]),
                Line([Span("", .text, region: region)], right: compact + [Span(" ", .text)])]
    }

    /// `   Ledger                /path/to/ledger.sqlite` under the rows, so a second terminal
    /// knows which ledger to name (`tollbooth --help` prints it whole). One line, so the rows
    /// keep their layout: a path too long for the value column starts right after the label,
    /// and one longer still is cut at the front, since the file's name tells ledgers apart.
    /// Nothing where the app was not told its ledger.
    static func ledgerLines(_ state: ControlRoomScope, labelWidth: Int, width: Int) -> [Line] {
        guard let path = state.shared.ledgerPath else { return [] }
        let s = state.strings
        let value = SafeText(path == ":memory:" ? s.settingsLedgerInMemory : path)
        let label = SafeText(s.settingsLedgerLabel)
        let column = 3 + max(labelWidth, TextWidth.of(label)) + 2
        let start = column + TextWidth.of(value) <= width ? column : 3 + TextWidth.of(label) + 2
        let labelSpan = Span(TextWidth.truncate(TextWidth.pad(label, toWidth: start - 3), toWidth: max(0, width - 3)), .muted)
        return [Line([labelSpan, Span(keepingEnd(value, width: max(0, width - start)), .muted)], indent: 3)]
    }

    /// `text` cut at the front to `width` cells, starting with "..." when anything was removed.
    static func keepingEnd(_ text: SafeText, width: Int) -> SafeText {
        guard TextWidth.of(text) > width else { return text }
        guard width > 3 else { return TextWidth.prefix("...", width: width) }
        var kept: [Character] = []
        var used = 3
        for character in text.string.reversed() {
            let cells = TextWidth.of(character)
            if used + cells > width { break }
            used += cells
            kept.append(character)
        }
        return SafeText("..." + String(kept.reversed()))
    }

    /// A row's value: in full, a hint for the selected row, and the short form for narrow screens.
    static func value(_ state: ControlRoomScope, _ row: SettingsRow, selected: Bool) -> (full: [Span], hint: String?, compact: [Span]) {
        let s = state.strings
        let region = ControlRoomTarget.settingsRow(row)
        let role: ThemeRole = selected ? .buttonFocused : .text
        func cycler(_ text: String, _ role: ThemeRole = role) -> [Span] {
            [Span(selected ? "< \(text) >" : text, role, region: region)]
        }
        switch row {
        case .storefront:
            let spans = [Span(SettingsPanel.currentStorefront(state).description, role, region: region)]
            return (spans, selected ? s.chooseHint : nil, spans)
        case .locale:
            return (cycler(state.locale), nil, cycler(state.locale))
        case .dialogs:
            let spans = cycler(SettingsPanel.dialogsOn(state) ? s.onValue : s.offValue)
            return (spans, nil, spans)
        case .theme:
            return (cycler(SettingsPanel.themeName(state)), nil, cycler(SettingsPanel.themeName(state)))
        case .finishTransactions:
            let on = state.shared.finishesTransactions
            let spans = cycler(on ? s.onValue : s.offValue, selected ? .buttonFocused : (on ? .text : .warning))
            return (spans, nil, spans)
        case .relaunch:
            let buttonRole: ThemeRole = selected ? .buttonFocused : .button
            return ([Span("[ \(s.relaunchButton) \(state.deviceName) ]", buttonRole, region: region)], nil,
                    [Span("[ \(s.relaunchButton) ]", buttonRole, region: region)])
        case .relaunchLater:
            let away = s.awayLength(SettingsPanel.chosenAway(state))
            return (cycler(away), selected ? s.relaunchLaterHint : nil, cycler(away))
        case .reinstall:
            let buttonRole: ThemeRole = selected ? .buttonFocused : .button
            return ([Span("[ \(s.reinstallButton) ]", buttonRole, region: region)], nil,
                    [Span("[ \(s.reinstallButtonShort) ]", buttonRole, region: region)])
        case .relaunchAs:
            let device = SettingsPanel.chosenDevice(state)
            return (cycler(device), selected ? s.relaunchAsHint(device) : nil, cycler(device))
        }
    }

    /// The 54 storefronts with their currency, the current one marked, the highlighted one in view.
    static func chooserLines(_ state: ControlRoomScope, highlighted: Int, size: Size) -> [Line] {
        let s = state.strings
        let current = SettingsPanel.currentStorefront(state)
        let all = Storefront.all
        var lines = Lines.paragraph(s.storefrontChooserTitle(current.description), .heading, width: size.width, indent: 1, maxLines: 1)
        let rows = max(0, size.height - lines.count)
        guard rows > 0 else { return Array(lines.prefix(size.height)) }
        let top = min(max(0, highlighted - rows / 2), max(0, all.count - rows))
        for index in top..<min(all.count, top + rows) {
            let storefront = all[index]
            let isHighlighted = index == highlighted
            let region = ControlRoomTarget.storefront(countryCode: storefront.countryCode)
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
