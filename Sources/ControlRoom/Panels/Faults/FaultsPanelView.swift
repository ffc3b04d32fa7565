import Chrome
import MockStore
import TerminalUI

/// Draws the Faults panel: the nine APIs with their rules, the behaviour switches, and the
/// selected row in full under the list; or the rule editor.
enum FaultsPanelView {
    static func render(_ state: ControlRoomScope, size: Size) -> Canvas {
        var canvas = Canvas(size: size)
        guard size.width > 0, size.height > 0 else { return canvas }
        if let editor = state.control.faults.editor {
            renderEditor(state, editor, on: &canvas)
        } else {
            renderList(state, on: &canvas)
        }
        return canvas
    }

    static func renderList(_ state: ControlRoomScope, on canvas: inout Canvas) {
        let s = state.strings, width = canvas.width
        let selection = min(max(0, state.control.faults.selection), FaultsPanel.rows.count - 1)
        var header = [Line([Span(" " + s.faultsTitle, .heading)])]
        if !(state.snapshot?.faults.isEmpty ?? true) {
            header[0].right = [Span(s.faultClearAll, .button, region: .clearAllFaults), Span(" ", .text)]
        }
        // Narrow: the panel's name instead of the sentence, so "clear all" stays clickable.
        if header[0].leftWidth + 1 + header[0].rightWidth > width { header[0].left = [Span(" " + s.panelName(.faults), .heading)] }
        let nameWidth = FailableAPI.allCases.map { TextWidth.of(s.apiName($0)) }.max() ?? 0
        // Narrow: an on/off box and the whole name (the rule is spelled out under the list).
        let narrow = width < 3 + nameWidth + 2 + 30
        let switchWidth = StoreSwitch.behaviour.map { TextWidth.of(s.switchName($0)) }.max() ?? 0
        let explained = width - (3 + TextWidth.of(s.switchOn) + 1 + switchWidth + 2) >= 20
        var list: [PanelListRow] = []
        var focus: Range<Int>?
        for (index, row) in FaultsPanel.rows.enumerated() {
            if case .toggle = row, index == FailableAPI.allCases.count {
                list.append(PanelListRow(Line([Span(" " + s.faultsSwitches, .heading)])))
            }
            let selected = index == selection
            let marker = Span(selected ? " > " : "   ", selected ? .buttonFocused : .text)
            switch row {
            case .api(let api):
                let rule = FaultsPanel.rule(state, api)
                var spans: [Span]
                if narrow {
                    spans = [marker, Span(rule != nil ? s.switchOn : s.switchOff, rule != nil ? .error : .muted), Span(" ", .text),
                             Span(s.apiName(api), selected ? .buttonFocused : .text)]
                } else {
                    spans = [marker, Span(TextWidth.pad(SafeText(s.apiName(api)), toWidth: nameWidth), selected ? .buttonFocused : .text),
                             Span("  ", .text)]
                    spans.append(rule.map { Span(s.faultRuleLine($0), .error) } ?? Span(s.faultOff, .muted))
                }
                list.append(PanelListRow(Line(spans), region: .faultAPI(api)))
            case .toggle(let name):
                let on = FaultsPanel.isOn(state, name)
                let label = explained ? TextWidth.pad(SafeText(s.switchName(name)), toWidth: switchWidth) : SafeText(s.switchName(name))
                var spans = [marker, Span(on ? s.switchOn : s.switchOff, on ? .error : .muted, region: .faultSwitchBox(name)),
                             Span(" ", .text), Span(label, selected ? .buttonFocused : .text)]
                if explained { spans += [Span("  ", .text), Span(s.switchExplanation(name), .muted)] }
                list.append(PanelListRow(Line(spans), region: .faultSwitch(name)))
            }
            if selected { focus = (list.count - 1)..<list.count }
        }
        // Under the list: the selected row in full (what the API is, or what the switch reproduces).
        var detail: String
        switch FaultsPanel.rows[selection] {
        case .api(let api):
            if let rule = FaultsPanel.rule(state, api) {
                detail = "\(s.faultRuleLine(rule)): \(s.errorMeaning(rule.error))"
            } else {
                detail = "\(api): \(s.apiCall(api))"
            }
        case .toggle(let name):
            detail = "\(s.switchName(name)) (\(name.rawValue)): \(s.switchExplanation(name))"
        }
        let footer = [Line.blank] + Lines.paragraph(detail, .info, width: width, indent: 1, maxLines: canvas.height >= 16 ? 3 : 2)
        PanelListWindow.paint(header: header, list: list, focus: focus, footer: footer, on: &canvas, theme: state.theme)
    }
}
