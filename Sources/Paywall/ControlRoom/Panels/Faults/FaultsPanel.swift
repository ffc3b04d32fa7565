import MockStore
import TerminalUI

/// The Faults panel's cursor and its rule editor.
public struct FaultsPanelState: Sendable, Hashable {
    /// The row under the cursor: the nine APIs, then the behaviour switches.
    public var selection: Int = 0
    /// The rule being edited for one API; nil shows the list.
    public var editor: FaultEditor?

    public init() {}
}

/// A fault rule being put together for one API: error, mode, latency, then apply.
public struct FaultEditor: Sendable, Hashable {
    public enum ModeKind: CaseIterable, Sendable, Hashable { case always, once, times, probability, latencyOnly }
    public enum Field: String, CaseIterable, Sendable, Hashable {
        case error, mode, count, probability, seed, latency, apply, clear, clearAll
    }

    public static let latencies = [0, 100, 250, 500, 1000, 3000, 5000, 10_000]
    public static let countRange = 2...99
    /// Probability in 0.05 steps: 1 = 0.05 … 20 = 1.0.
    public static let probabilityStepRange = 1...20

    public var api: FailableAPI
    public var errorIndex: Int
    public var mode: ModeKind = .always
    /// N of "next N calls".
    public var count: Int = 3
    public var probabilitySteps: Int = 10
    public var seed: UInt64 = 1
    public var latencyIndex: Int = 0
    public var field: Field = .error

    /// An editor for `api`, filled in from its active rule when it has one.
    public init(api: FailableAPI, rule: FaultRule?) {
        self.api = api
        let errors = api.allowedErrors
        let preferred: [InjectedError] = [.storeKit(.networkError), .verification(.invalidSignature)]
        errorIndex = preferred.compactMap { errors.firstIndex(of: $0) }.first ?? 0
        guard let rule else { return }
        errorIndex = errors.firstIndex(of: rule.error) ?? errorIndex
        switch rule.mode {
        case .always: mode = .always
        case .times(let n) where n <= 1: mode = .once
        case .times(let n): mode = .times; count = min(max(n, Self.countRange.lowerBound), Self.countRange.upperBound)
        case .probability(let p, let seed):
            mode = .probability
            probabilitySteps = min(max(Int((p * 20).rounded()), Self.probabilityStepRange.lowerBound), Self.probabilityStepRange.upperBound)
            self.seed = seed
        case .latencyOnly: mode = .latencyOnly
        }
        latencyIndex = Self.latencies.indices.min {
            abs(Self.latencies[$0] - rule.latencyMilliseconds) < abs(Self.latencies[$1] - rule.latencyMilliseconds)
        } ?? 0
    }

    public var error: InjectedError {
        let errors = api.allowedErrors
        return errors[min(max(0, errorIndex), errors.count - 1)]
    }

    public var probability: Double { Double(probabilitySteps * 5) / 100 }

    public var ruleMode: FaultRule.Mode {
        switch mode {
        case .always: .always
        case .once: .times(remaining: 1)
        case .times: .times(remaining: count)
        case .probability: .probability(probability, seed: seed)
        case .latencyOnly: .latencyOnly
        }
    }

    public var rule: FaultRule {
        FaultRule(api: api, error: error, mode: ruleMode, latencyMilliseconds: Self.latencies[latencyIndex])
    }

    /// The fields shown for the current mode, top to bottom.
    public var fields: [Field] {
        var fields: [Field] = [.error, .mode]
        switch mode {
        case .times: fields.append(.count)
        case .probability: fields += [.probability, .seed]
        default: break
        }
        return fields + [.latency, .apply, .clear, .clearAll]
    }

    /// Steps the value of `field` by `step` (±1): lists wrap round, numbers stop at their ends.
    public mutating func change(_ field: Field, by step: Int) {
        func wrap(_ value: Int, _ count: Int) -> Int { ((value + step) % count + count) % count }
        switch field {
        case .error: errorIndex = wrap(errorIndex, api.allowedErrors.count)
        case .mode:
            let all = ModeKind.allCases
            mode = all[wrap(all.firstIndex(of: mode)!, all.count)]
        case .count: count = min(max(count + step, Self.countRange.lowerBound), Self.countRange.upperBound)
        case .probability:
            probabilitySteps = min(max(probabilitySteps + step, Self.probabilityStepRange.lowerBound), Self.probabilityStepRange.upperBound)
        case .seed: seed = step < 0 ? (seed == 0 ? 0 : seed - 1) : (seed == .max ? seed : seed + 1)
        case .latency: latencyIndex = min(max(latencyIndex + step, 0), Self.latencies.count - 1)
        case .apply, .clear, .clearAll: break
        }
    }
}

/// Fault injection: for each of the nine failable APIs (docs/domain.md §2.4) an error, how
/// often it fires and an added latency; below them the store's behaviour switches, each with
/// the scenario it reproduces. What is on is read from the snapshot, which the runtime
/// re-reads after every action, so the list always shows what the store will do.
enum FaultsPanel: ControlPanel {
    enum Row: Hashable {
        case api(FailableAPI)
        case toggle(StoreSwitch)
    }

    static let rows: [Row] = FailableAPI.allCases.map(Row.api) + StoreSwitch.behaviour.map(Row.toggle)

    static func rule(_ state: PaywallState, _ api: FailableAPI) -> FaultRule? {
        state.snapshot?.faults.first { $0.api == api }
    }

    static func isOn(_ state: PaywallState, _ name: StoreSwitch) -> Bool {
        state.snapshot?.switches[name] ?? false
    }

    // MARK: Keys

    static func key(_ state: inout PaywallState, _ key: Key) -> [PaywallEffect] {
        if state.control.faults.editor != nil { return editorKey(&state, key) }
        let selection = min(max(0, state.control.faults.selection), rows.count - 1)
        switch key {
        case .up, .character("k"): select(&state, selection - 1)
        case .down, .character("j"): select(&state, selection + 1)
        case .home, .character("g"): select(&state, 0)
        case .end, .character("G"): select(&state, rows.count - 1)
        case .pageUp: select(&state, selection - 5)
        case .pageDown: select(&state, selection + 5)
        case .enter, .character(" "), .character("e"):
            return activate(&state, rows[selection])
        case .character("x"), .backspace, .delete:
            if case .api(let api) = rows[selection], rule(state, api) != nil {
                return ControlRoom.request(&state, .clearFaults(api))
            }
        case .character("X"):
            return clearAll(&state)
        default:
            break
        }
        return []
    }

    static func select(_ state: inout PaywallState, _ index: Int) {
        state.control.faults.selection = min(max(0, index), rows.count - 1)
    }

    static func activate(_ state: inout PaywallState, _ row: Row) -> [PaywallEffect] {
        switch row {
        case .api(let api):
            state.control.faults.editor = FaultEditor(api: api, rule: rule(state, api))
            return []
        case .toggle(let name):
            return ControlRoom.request(&state, .setSwitch(name, !isOn(state, name)))
        }
    }

    static func clearAll(_ state: inout PaywallState) -> [PaywallEffect] {
        guard !(state.snapshot?.faults.isEmpty ?? true) else { return [] }
        return ControlRoom.request(&state, .clearFaults(nil))
    }

    static func editorKey(_ state: inout PaywallState, _ key: Key) -> [PaywallEffect] {
        guard var editor = state.control.faults.editor else { return [] }
        let fields = editor.fields
        let index = fields.firstIndex(of: editor.field) ?? 0
        switch key {
        case .up, .character("k"): editor.field = fields[max(0, index - 1)]
        case .down, .character("j"): editor.field = fields[min(fields.count - 1, index + 1)]
        case .home, .character("g"): editor.field = fields[0]
        case .end, .character("G"): editor.field = fields[fields.count - 1]
        case .left, .character("h"), .character("-"): editor.change(editor.field, by: -1)
        case .right, .character("l"), .character("+"), .character("="): editor.change(editor.field, by: 1)
        case .enter, .character(" "):
            state.control.faults.editor = editor
            return activateField(&state, editor.field)
        case .character("a"):
            state.control.faults.editor = editor
            return activateField(&state, .apply)
        case .character("x"):
            state.control.faults.editor = editor
            return activateField(&state, .clear)
        case .character("X"):
            state.control.faults.editor = editor
            return activateField(&state, .clearAll)
        default:
            break
        }
        state.control.faults.editor = editor
        return []
    }

    /// Enter (or a second click) on a field: values step forward, buttons run.
    static func activateField(_ state: inout PaywallState, _ field: FaultEditor.Field) -> [PaywallEffect] {
        guard let editor = state.control.faults.editor else { return [] }
        switch field {
        case .apply:
            state.control.faults.editor = nil
            return ControlRoom.request(&state, .setFault(editor.rule))
        case .clear:
            state.control.faults.editor = nil
            guard rule(state, editor.api) != nil else { return [] }
            return ControlRoom.request(&state, .clearFaults(editor.api))
        case .clearAll:
            state.control.faults.editor = nil
            return clearAll(&state)
        default:
            state.control.faults.editor?.change(field, by: 1)
            return []
        }
    }

    static func escapeGoesBack(_ state: PaywallState) -> Bool { state.control.faults.editor != nil }

    static func escape(_ state: inout PaywallState) -> Bool {
        guard escapeGoesBack(state) else { return false }
        state.control.faults.editor = nil
        return true
    }

    /// A click selects a row or field; a click on the selected one activates it. The on/off box
    /// of a switch toggles at once.
    static func click(_ state: inout PaywallState, _ region: String) -> [PaywallEffect] {
        let parts = region.split(separator: ":", maxSplits: 2).map(String.init)
        guard parts.count >= 2, parts[0] == "fault" else { return [] }
        if var editor = state.control.faults.editor {
            guard parts[1] == "field", parts.count == 3, let field = FaultEditor.Field(rawValue: parts[2]),
                  editor.fields.contains(field) else { return [] }
            if editor.field == field { return activateField(&state, field) }
            editor.field = field
            state.control.faults.editor = editor
            return []
        }
        if parts == ["fault", "clearAll"] { return clearAll(&state) }
        guard parts.count == 3 else { return [] }
        let row: Row? = switch parts[1] {
        case "api": FailableAPI(rawValue: parts[2]).map(Row.api)
        case "switch", "toggle": StoreSwitch(rawValue: parts[2]).map(Row.toggle)
        default: nil
        }
        guard let row, let index = rows.firstIndex(of: row) else { return [] }
        if parts[1] == "toggle" || state.control.faults.selection == index {
            select(&state, index)
            return activate(&state, row)
        }
        select(&state, index)
        return []
    }

    // MARK: Drawing

    static func footerKeys(_ state: PaywallState) -> String {
        state.control.faults.editor == nil ? state.strings.faultsFooterKeys : state.strings.faultEditorFooterKeys
    }

    static func render(_ state: PaywallState, size: Size) -> Canvas {
        var canvas = Canvas(size: size)
        guard size.width > 0, size.height > 0 else { return canvas }
        if let editor = state.control.faults.editor {
            renderEditor(state, editor, on: &canvas)
        } else {
            renderList(state, on: &canvas)
        }
        return canvas
    }

    static func renderList(_ state: PaywallState, on canvas: inout Canvas) {
        let s = state.strings, width = canvas.width
        let selection = min(max(0, state.control.faults.selection), rows.count - 1)
        var header = [Line([Span(" " + s.faultsTitle, .heading)])]
        if !(state.snapshot?.faults.isEmpty ?? true) {
            header[0].right = [Span(s.faultClearAll, .button, region: "fault:clearAll"), Span(" ", .text)]
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
        for (index, row) in rows.enumerated() {
            if case .toggle = row, index == FailableAPI.allCases.count {
                list.append(PanelListRow(Line([Span(" " + s.faultsSwitches, .heading)])))
            }
            let selected = index == selection
            let marker = Span(selected ? " > " : "   ", selected ? .buttonFocused : .text)
            switch row {
            case .api(let api):
                let rule = rule(state, api)
                var spans: [Span]
                if narrow {
                    spans = [marker, Span(rule != nil ? s.switchOn : s.switchOff, rule != nil ? .error : .muted), Span(" ", .text),
                             Span(s.apiName(api), selected ? .buttonFocused : .text)]
                } else {
                    spans = [marker, Span(TextWidth.pad(SafeText(s.apiName(api)), toWidth: nameWidth), selected ? .buttonFocused : .text),
                             Span("  ", .text)]
                    spans.append(rule.map { Span(s.faultRuleLine($0), .error) } ?? Span(s.faultOff, .muted))
                }
                list.append(PanelListRow(Line(spans), region: "fault:api:\(api.rawValue)"))
            case .toggle(let name):
                let on = isOn(state, name)
                let label = explained ? TextWidth.pad(SafeText(s.switchName(name)), toWidth: switchWidth) : SafeText(s.switchName(name))
                var spans = [marker, Span(on ? s.switchOn : s.switchOff, on ? .error : .muted, region: "fault:toggle:\(name.rawValue)"),
                             Span(" ", .text), Span(label, selected ? .buttonFocused : .text)]
                if explained { spans += [Span("  ", .text), Span(s.switchExplanation(name), .muted)] }
                list.append(PanelListRow(Line(spans), region: "fault:switch:\(name.rawValue)"))
            }
            if selected { focus = (list.count - 1)..<list.count }
        }
        // Under the list: the selected row in full (what the API is, or what the switch reproduces).
        var detail: String
        switch rows[selection] {
        case .api(let api):
            if let rule = rule(state, api) {
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

    static func renderEditor(_ state: PaywallState, _ editor: FaultEditor, on canvas: inout Canvas) {
        let s = state.strings, width = canvas.width
        let current = rule(state, editor.api)
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
            let region = "fault:field:\(field.rawValue)"
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
