import Chrome
import MockStore
import TerminalUI

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

    static func rule(_ state: ControlRoomScope, _ api: FailableAPI) -> FaultRule? {
        state.snapshot?.faults.first { $0.api == api }
    }

    static func isOn(_ state: ControlRoomScope, _ name: StoreSwitch) -> Bool {
        state.snapshot?.switches[name] ?? false
    }

    // MARK: Keys

    static func key(_ state: inout ControlRoomScope, _ key: Key) -> [ControlRoomEffect] {
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
                return ControlRoomFeature.request(&state, .clearFaults(api))
            }
        case .character("X"):
            return clearAll(&state)
        default:
            break
        }
        return []
    }

    static func select(_ state: inout ControlRoomScope, _ index: Int) {
        state.control.faults.selection = min(max(0, index), rows.count - 1)
    }

    static func activate(_ state: inout ControlRoomScope, _ row: Row) -> [ControlRoomEffect] {
        switch row {
        case .api(let api):
            state.control.faults.editor = FaultEditor(api: api, rule: rule(state, api))
            return []
        case .toggle(let name):
            return ControlRoomFeature.request(&state, .setSwitch(name, !isOn(state, name)))
        }
    }

    static func clearAll(_ state: inout ControlRoomScope) -> [ControlRoomEffect] {
        guard !(state.snapshot?.faults.isEmpty ?? true) else { return [] }
        return ControlRoomFeature.request(&state, .clearFaults(nil))
    }

    static func editorKey(_ state: inout ControlRoomScope, _ key: Key) -> [ControlRoomEffect] {
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
    static func activateField(_ state: inout ControlRoomScope, _ field: FaultEditor.Field) -> [ControlRoomEffect] {
        guard let editor = state.control.faults.editor else { return [] }
        switch field {
        case .apply:
            state.control.faults.editor = nil
            return ControlRoomFeature.request(&state, .setFault(editor.rule))
        case .clear:
            state.control.faults.editor = nil
            guard rule(state, editor.api) != nil else { return [] }
            return ControlRoomFeature.request(&state, .clearFaults(editor.api))
        case .clearAll:
            state.control.faults.editor = nil
            return clearAll(&state)
        default:
            state.control.faults.editor?.change(field, by: 1)
            return []
        }
    }

    static func escapeGoesBack(_ state: ControlRoomScope) -> Bool { state.control.faults.editor != nil }

    static func escape(_ state: inout ControlRoomScope) -> Bool {
        guard escapeGoesBack(state) else { return false }
        state.control.faults.editor = nil
        return true
    }

    /// A click selects a row or field; a click on the selected one activates it. The on/off box
    /// of a switch toggles at once.
    static func click(_ state: inout ControlRoomScope, _ target: ControlRoomTarget) -> [ControlRoomEffect] {
        if var editor = state.control.faults.editor {
            guard case .faultField(let field) = target, editor.fields.contains(field) else { return [] }
            if editor.field == field { return activateField(&state, field) }
            editor.field = field
            state.control.faults.editor = editor
            return []
        }
        let row: Row, atOnce: Bool
        switch target {
        case .clearAllFaults: return clearAll(&state)
        case .faultAPI(let api): (row, atOnce) = (.api(api), false)
        case .faultSwitch(let name): (row, atOnce) = (.toggle(name), false)
        case .faultSwitchBox(let name): (row, atOnce) = (.toggle(name), true)
        default: return []
        }
        guard let index = rows.firstIndex(of: row) else { return [] }
        if atOnce || state.control.faults.selection == index {
            select(&state, index)
            return activate(&state, row)
        }
        select(&state, index)
        return []
    }

    static func footerKeys(_ state: ControlRoomScope) -> String {
        state.control.faults.editor == nil ? state.strings.faultsFooterKeys : state.strings.faultEditorFooterKeys
    }

    static func render(_ state: ControlRoomScope, size: Size) -> Canvas {
        FaultsPanelView.render(state, size: size)
    }
}
