import Chrome
import MockStore
import TerminalUI

extension ClockPanelView {
    /// The rate chooser (r): every preset with what it means, Xcode's current ones first and
    /// the deprecated ones under their own heading; under the list, the highlighted rate for
    /// this account's periods and what changing the rate does.
    static func renderRates(_ state: ControlRoomScope, on canvas: inout Canvas) {
        let s = state.strings, width = canvas.width
        let current = state.snapshot?.timeRate ?? .realTime
        let selection = min(max(0, state.control.clock.rateSelection), ClockPanel.rateOrder.count - 1)
        let header = [Line([Span(" \(s.rateChooserTitle)", .heading)], right: [Span(current.name, .text), Span(" ", .text)])]
        let nameWidth = ClockPanel.rateOrder.map { TextWidth.of($0.name) }.max() ?? 0
        let wide = width >= 4 + nameWidth + 2 + 24
        var list: [PanelListRow] = []
        var focus = 0..<1
        for (index, rate) in ClockPanel.rateOrder.enumerated() {
            if ClockPanel.isDeprecated(rate), index > 0, !ClockPanel.isDeprecated(ClockPanel.rateOrder[index - 1]) {
                list.append(PanelListRow(Line([Span(" \(s.rateDeprecatedHeading)", .heading)])))
            }
            let selected = index == selection
            if selected { focus = list.count..<(list.count + 1) }
            var spans = [Span(selected ? " > " : "   ", selected ? .buttonFocused : .text),
                         Span(rate == current ? "* " : "  ", .success),
                         Span(wide ? TextWidth.pad(SafeText(rate.name), toWidth: nameWidth) : SafeText(rate.name),
                              selected ? .buttonFocused : .text)]
            if wide { spans += [Span("  ", .text), Span(s.rateMeaning(rate), .muted)] }
            list.append(PanelListRow(Line(spans), region: .rate(index)))
        }
        // Under the list: the chosen rate for this account's periods, and what a rate changes (B16).
        let chosen = ClockPanel.rateOrder[selection]
        var about = s.rateMeaning(chosen, periods: accountPeriods(state))
        if chosen == current { about += " (\(s.rateCurrent))" }
        if ClockPanel.isDeprecated(chosen) { about += " (\(s.rateDeprecated))" }
        var footer = [Line.blank]
        footer += Lines.paragraph(about, .info, width: width, indent: 1, maxLines: 2)
        footer += Lines.paragraph(s.rateChooserNote, .muted, width: width, indent: 1, maxLines: canvas.height >= 20 ? 3 : 2)
        PanelListWindow.paint(header: header, list: list, focus: focus, footer: footer,
                              on: &canvas, theme: state.theme)
    }
}
