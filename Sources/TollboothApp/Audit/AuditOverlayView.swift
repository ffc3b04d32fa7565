import Chrome
import Paywall
import TerminalUI

/// Draws the audit overlay: the paywall in its part of the window with the selected rule's
/// cells marked, the rules' list with their verdicts, and the status row naming a failure.
enum AuditOverlayView {
    static func render(_ state: PaywallState, audit: AuditOverlay, size: Size) -> Canvas {
        var screen = Canvas(size: size)
        if TooSmall.isTooSmall(size) {
            TooSmall.draw(state.strings, theme: state.theme, size: size, on: &screen)
            return screen
        }
        let layout = AuditLayout(size: size)
        // The paywall exactly as the runtime audited it: without the overlay, at its part's size.
        let paywallState = state
        let paywallLayout = ScreenLayout(state: paywallState, size: layout.paywall.size)
        var paywall = paywallLayout.render(paywallState)
        // Marks belong to the audited screen: not over a sheet, nor on a layout of another size.
        if paywallState.overlay == nil, let rule = audit.selectedRule, audit.result?.size == layout.paywall.size {
            for rect in rule.marks.compactMap({ onScreen($0, paywallLayout) }) {
                paywall.restyle(rect) { mark($0, with: state.theme[.auditMark]) }
            }
        }
        screen.draw(paywall, at: layout.paywall.origin)
        drawList(state, audit: audit, in: layout, on: &screen)
        screen.paint(Line([statusSpan(state, audit: audit)]), x: 0, y: layout.status.y, width: size.width, theme: state.theme)
        return screen
    }

    /// Where a mark on the screen scrolled `mark.scroll` rows down falls on the screen as it is
    /// scrolled now: body rows move with the scroll (and may be out of view), pinned rows don't.
    static func onScreen(_ mark: AuditMark, _ layout: ScreenLayout) -> Rect? {
        let viewport = Rect(x: 0, y: 0, width: layout.size.width, height: layout.viewportHeight)
        if mark.rect.y >= layout.viewportHeight { return mark.rect }
        let moved = mark.rect.offsetBy(dx: 0, dy: mark.scroll - layout.scroll).intersection(viewport)
        return moved.isEmpty ? nil : moved
    }

    /// `style` with the mark laid over it: the mark's colours replace its own; reverse flips,
    /// underline and bold add.
    static func mark(_ style: Style, with mark: Style) -> Style {
        var out = style
        if mark.fg != .default || mark.bg != .default {
            out.fg = mark.fg
            out.bg = mark.bg
            out.reverse = false
            out.dim = false
        }
        if mark.reverse { out.reverse.toggle() }
        out.underline = out.underline || mark.underline
        out.bold = out.bold || mark.bold
        return out
    }

    // MARK: The list

    static func drawList(_ state: PaywallState, audit: AuditOverlay, in layout: AuditLayout, on screen: inout Canvas) {
        let s = state.strings
        let theme = state.theme
        var area = layout.list
        if layout.isSide {
            // A rule between the paywall and the list, then a column of margin.
            for y in area.y..<area.maxY { screen.put(SafeText(String(theme.border.vertical)), x: area.x, y: y, style: theme[.card]) }
            area = Rect(x: area.x + 2, y: area.y, width: max(0, area.width - 3), height: area.height)
        }
        guard area.width > 0, area.height > 0 else { return }
        let rules = audit.result?.rules ?? []
        let selected = audit.selectedIndex
        var title = Line([Span(s.auditTitle, .heading)])
        title.right = [Span(selected.map { "\($0 + 1)/\(rules.count)" } ?? "", .muted)]
        if !layout.isSide { title.left.append(Span("  " + s.auditKeys, .muted)) }
        screen.paint(title, x: area.x, y: area.y, width: area.width, theme: theme)

        // Side: the list, a blank row and the selected rule's findings in full, then the keys.
        let keysRows = layout.isSide ? 1 : 0
        let room = max(0, area.height - 1 - keysRows)
        let detailRows = layout.isSide ? min(6, room / 3) : 0
        let listRows = min(rules.count, max(0, room - detailRows))
        let start = max(0, min((selected ?? 0) - (listRows - 1), rules.count - listRows))
        for (row, index) in (start..<min(rules.count, start + listRows)).enumerated() {
            let y = area.y + 1 + row
            let line = ruleLine(rules[index], title: s.auditRuleTitle(rules[index].rule), selected: index == selected)
            if index == selected { screen.fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: theme[.buttonFocused]) }
            screen.paint(line, x: area.x, y: y, width: area.width, theme: theme)
        }
        if layout.isSide {
            let top = area.y + 1 + listRows + 1
            let rows = max(0, area.maxY - keysRows - top)
            if let rule = audit.selectedRule, rows > 0 {
                let text = rule.messages.joined(separator: " / ")
                screen.paint(Lines.paragraph(text, .muted, width: area.width, maxLines: rows), x: area.x, y: top, width: area.width, theme: theme)
            }
            screen.paint(Line([Span(s.auditKeys, .muted)]), x: area.x, y: area.maxY - 1, width: area.width, theme: theme)
        }
    }

    /// "FAIL D5 Privacy Policy link" (the finding itself for a rule without a title), cut at
    /// the list's width.
    static func ruleLine(_ rule: RuleVerdict, title: String?, selected: Bool) -> Line {
        let label = switch rule.verdict {
        case .pass: "PASS"
        case .fail: "FAIL"
        case .warning: "WARN"
        case .human: "HUMAN"
        }
        let message = title ?? rule.messages.first ?? ""
        if selected { return Line([Span("\(label) \(rule.rule) \(message)", .buttonFocused)]) }
        return Line([Span(label, verdictRole(rule.verdict)), Span(" \(rule.rule) ", .planName), Span(message, .muted)])
    }

    static func verdictRole(_ verdict: RuleVerdict.Verdict) -> ThemeRole {
        switch verdict {
        case .pass: .success
        case .fail: .error
        case .warning: .warning
        case .human: .info
        }
    }

    // MARK: The status row

    /// "Audit: D5 fails — …" for the first failing rule, else "Audit: all 12 rules pass".
    static func statusSpan(_ state: PaywallState, audit: AuditOverlay) -> Span {
        let s = state.strings
        guard let result = audit.result else { return Span(s.auditRunning, .info) }
        if let first = result.failed.first {
            return Span(s.auditFails(first.rule, first.messages.first ?? "", more: result.failed.count - 1), .error)
        }
        let count = { (verdict: RuleVerdict.Verdict) in result.rules.count { $0.verdict == verdict } }
        return Span(s.auditPasses(count(.pass), warnings: count(.warning), human: count(.human)), .success)
    }
}
