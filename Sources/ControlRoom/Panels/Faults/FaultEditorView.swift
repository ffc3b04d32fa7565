import Chrome
import MockStore
import TerminalUI

extension FaultsPanelView {
    /// The rule editor (Enter on an API): its current rule, then error, mode (with its count
    /// or probability and seed), latency and the buttons, one per row, and what the mode does.
    static func renderEditor(_ state: ControlRoomScope, _ editor: FaultEditor, on canvas: inout Canvas) {
        let s = state.strings, width = canvas.width
        let current = FaultsPanel.rule(state, editor.api)
        let header = [
            Line([Span(" " + s.faultEditorTitle(editor.api), .heading)]),
            Line([Span(s.faultNow(current), current == nil ? .muted : .error)], indent: 1),
            Line.blank,
        ]
        let labels: [FaultEditor.Field: String] = [
            .error: s.fieldError, .mode: s.fieldMode, .count: s.fieldCount, .probability: s.fieldProbability,
            .seed: s.fieldSeed, .latency: s.fieldLatency,
        ]
        let labelWidth = labels.values.map { TextWidth.of($0) }.max() ?? 0
        let errors = editor.api.allowedErrors
        var list: [PanelListRow] = []
        var focus: Range<Int>?
        for field in editor.fields {
            let selected = field == editor.field
            let marker = Span(selected ? " > " : "   ", selected ? .buttonFocused : .text)
            let region = ControlRoomTarget.faultField(field)
            let start = list.count
            if let label = labels[field] {
                let value: String = switch field {
                case .error: "\(editor.error)"
                case .mode: modeName(editor.mode, s)
                case .count: "\(editor.count)"
                case .probability: s.probability(editor.probability)
                case .seed: "\(editor.seed)"
                default: s.latency(FaultEditor.latencies[editor.latencyIndex])
                }
                let labelSpans = [marker, Span(TextWidth.pad(SafeText(label), toWidth: labelWidth), .text), Span("  ", .text)]
                let valueSpans = [Span("< ", .muted), Span(value, selected ? .buttonFocused : .text), Span(" >", .muted)]
                let counter = field == .error ? [Span("  \(editor.errorIndex + 1)/\(errors.count)", .muted)] : []
                let row = Line(labelSpans + valueSpans + counter)
                // Two lines when narrow, so the value is never cut.
                let twoLines = row.leftWidth > width - 2
                let valueIndent = twoLines ? 5 : 3 + labelWidth + 2
                if twoLines {
                    list.append(PanelListRow(Line(labelSpans + counter), region: region))
                    list.append(PanelListRow(Line(valueSpans, indent: valueIndent), region: region))
                } else {
                    list.append(PanelListRow(row, region: region))
                }
                if field == .error {
                    // The translated meaning under the case name: what the customer would read.
                    for line in Lines.paragraph(s.errorMeaning(editor.error), .info, width: width - 2, indent: valueIndent + 2, maxLines: 2) {
                        list.append(PanelListRow(line, region: region))
                    }
                }
            } else {
                let label = switch field {
                case .apply: s.faultApply
                case .clear: s.faultClearThis
                default: s.faultClearEvery
                }
                let key = switch field {
                case .apply: "a"
                case .clear: "x"
                default: "X"
                }
                list.append(PanelListRow(Line([marker, Span("[ \(label) ]", selected ? .buttonFocused : .button), Span("  \(key)", .muted)]),
                                         region: region))
            }
            if selected { focus = start..<list.count }
        }
        let explanation = switch editor.field {
        case .latency: s.latencyExplanation
        default: s.modeExplanation(editor.ruleMode)
        }
        let footer = [Line.blank] + Lines.paragraph(explanation, .muted, width: width, indent: 1, maxLines: 2)
        PanelListWindow.paint(header: header, list: list, focus: focus, footer: footer, on: &canvas, theme: state.theme)
    }

    static func modeName(_ mode: FaultEditor.ModeKind, _ s: Strings) -> String {
        switch mode {
        case .always: s.modeAlways
        case .once: s.modeOnce
        case .times: s.modeTimes
        case .probability: s.modeProbability
        case .latencyOnly: s.modeLatencyOnly
        }
    }
}
