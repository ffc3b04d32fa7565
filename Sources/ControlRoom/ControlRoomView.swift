import Chrome
import MockStore
import TerminalUI

/// Draws a control-room panel in the paywall's frame: the tab bar on top, the panel, then the
/// same pinned rows as the paywall (latest result, store status, active faults, keys), so an
/// injected fault stays named on every screen.
enum ControlRoomView {
    /// The whole window with `panel` open.
    static func render(_ state: ControlRoomScope, panel: Panel) -> Canvas {
        let size = state.size
        var screen = Canvas(size: size)
        if TooSmall.isTooSmall(size) {
            TooSmall.draw(state.strings, theme: state.theme, size: size, on: &screen)
            return screen
        }
        let width = size.width
        let pinned = pinnedLines(state, panel: panel, size: size)
        let bodyHeight = max(1, size.height - 1 - pinned.count)
        screen.paint(tabBar(state, panel: panel, width: width), x: 0, y: 0, width: width, theme: state.theme)
        screen.draw(panel.handler.render(state, size: Size(width: width, height: bodyHeight)), at: Point(x: 0, y: 1))
        screen.paint(pinned, x: 0, y: 1 + bodyHeight, width: width, theme: state.theme)
        if let overlay = state.control.overlay {
            OverlayView.draw(ControlRoomSheets.sheet(overlay, state), theme: state.theme, strings: state.strings, on: &screen)
        }
        return screen
    }

    /// The rows under the panel: latest result, store status, active faults, keys.
    static func pinnedLines(_ state: ControlRoomScope, panel: Panel, size: Size) -> [Line] {
        state.shared.statusRows + [footer(state, panel: panel, width: size.width)]
    }

    /// The size `render` gives the panel at `state.size`, for panels that page or keep a row in
    /// view from `key` (where no canvas exists).
    static func panelSize(_ state: ControlRoomScope, panel: Panel) -> Size {
        let size = state.size
        // The footer is always one row: count it without building it.
        return Size(width: size.width, height: max(1, size.height - 1 - state.shared.statusRows.count - 1))
    }

    /// ` Paywall │ 1 Transactions  2 Clock  3 Faults  4 Settings  5 Events`, the open panel
    /// highlighted; when that doesn't fit, other panels shrink to their digits.
    static func tabBar(_ state: ControlRoomScope, panel: Panel, width: Int) -> Line {
        let s = state.strings
        func spans(compact: Bool) -> [Span] {
            var spans = [Span(" \(s.paywallTab) ", .button, region: .paywallTab), Span("|", .muted)]
            for candidate in Panel.allCases {
                let open = candidate == panel
                let label = compact && !open ? " \(candidate.number) " : " \(candidate.number) \(s.panelName(candidate)) "
                spans.append(Span(label, open ? .buttonFocused : .button, region: .panelTab(candidate)))
            }
            return spans
        }
        let full = spans(compact: false)
        let fits = full.reduce(0) { $0 + $1.width } <= width
        return Line(fits ? full : spans(compact: true))
    }

    /// The panel's keys, then the shared ones. Esc always stays named (it says whether it goes
    /// back a level or to the paywall): when the row is short, whole hints are dropped from the
    /// end (`KeyHints`: the shared ones first, then the panel's), never cut mid-word.
    static func footer(_ state: ControlRoomScope, panel: Panel, width: Int) -> Line {
        let s = state.strings
        let busy = state.control.inFlight > 0 ? s.working + " " : ""
        let available = max(0, width - TextWidth.of(busy))
        let hints: String
        switch state.control.overlay {
        case .adminConfirm?, .appConfirm?: hints = "y/Enter \(s.confirmButton)  n/Esc \(s.cancelButton)"
        case .help?: hints = s.footerCloseKeys
        case .none:
            let backOneLevel = panel.handler.escapeGoesBack(state)
            let panelKeys = panel.handler.footerKeys(state)
            // A panel that names Esc itself (in a sub-view) keeps its wording.
            let esc = panelKeys.contains("Esc") ? [] : [backOneLevel ? s.escBack : s.escPaywall]
            let shared = (backOneLevel ? [] : ["Tab \(s.panelKey)"]) + esc + ["? \(s.helpKey)"]
            hints = ([panelKeys] + shared).filter { !$0.isEmpty }.joined(separator: KeyHints.separator)
        }
        let fitted = KeyHints.fit(hints, width: available) { $0.hasPrefix("Esc") || $0.hasPrefix("n/Esc") }
        return Line([Span(TextWidth.pad(fitted, toWidth: available), .footer), Span(SafeText(busy), .footer)])
    }
}
