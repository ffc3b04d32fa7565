import Chrome
import Foundation
import MockStore
import TerminalUI

/// Draws the Events panel: the title with the filter and warning count, the warnings, the
/// column header and the log rows, or one event's detail, or every warning.
enum EventsPanelView {
    static func render(_ state: ControlRoomScope, size: Size) -> Canvas {
        var canvas = Canvas(size: size, style: state.theme[.text])
        guard size.width > 0, size.height > 0 else { return canvas }
        let theme = state.theme
        let width = size.width
        let warnings = EventsPanel.warnings(state)
        let list = EventsPanel.visible(state)
        canvas.paint(titleLine(state, count: list.count, warnings: warnings.count, width: width), x: 0, y: 0, width: width, theme: theme)
        let body = Size(width: width, height: size.height - 1)
        let panel = state.control.events
        if panel.showsWarnings {
            canvas.paint(warningsView(state, warnings, size: body), x: 0, y: 1, width: width, theme: theme)
            return canvas
        }
        if let id = panel.detail, let event = panel.events.first(where: { $0.id == id }) {
            canvas.paint(detailView(state, event, size: body), x: 0, y: 1, width: width, theme: theme)
            return canvas
        }
        let layout = EventsPanel.layout(state, warnings: warnings.count, size: size)
        var y = 1
        let shown = layout.hiddenWarnings > 0 ? layout.warningRows - 1 : layout.warningRows
        for warning in warnings.prefix(shown) {
            canvas.paint(warningLine(warning.text, width: width), x: 0, y: y, width: width, theme: theme)
            y += 1
        }
        if layout.hiddenWarnings > 0, layout.warningRows > 0 {
            let text = TextWidth.truncate(SafeText("  " + state.strings.moreWarnings(layout.hiddenWarnings)), toWidth: width)
            canvas.paint(Line([Span(text, .warning, region: .eventWarnings)]), x: 0, y: y, width: width, theme: theme)
            y += 1
        }
        let columns = Columns(width: width)
        if layout.showsColumnHeader {
            canvas.paint(columns.header(state), x: 0, y: y, width: width, theme: theme)
            y += 1
        }
        guard layout.logRows > 0 else { return canvas }
        if list.isEmpty {
            let text = panel.events.isEmpty ? state.strings.noEvents : state.strings.noEventsInFilter
            canvas.paint(Lines.paragraph(text, .muted, width: width, indent: 1, maxLines: layout.logRows), x: 0, y: y, width: width, theme: theme)
            return canvas
        }
        let (top, cursor) = EventsPanel.window(state, list: list, rows: layout.logRows)
        let unfinished = Set(state.snapshot?.unfinished.map(\.id) ?? [])
        for index in top..<min(list.count, top + layout.logRows) {
            let line = columns.row(list[index], state: state, selected: index == cursor, unfinished: unfinished)
            canvas.paint(line, x: 0, y: y, width: width, theme: theme)
            y += 1
        }
        return canvas
    }

    /// ` Events 124  filter: all  following      ! 3 warnings`; narrower, the filter's name
    /// alone, and the follow state only when paused.
    static func titleLine(_ state: ControlRoomScope, count: Int, warnings: Int, width: Int) -> Line {
        let s = state.strings
        let panel = state.control.events
        let right = warnings > 0 ? [Span(s.warningCount(warnings) + " ", .warning, region: .eventWarnings)] : []
        let rightWidth = right.reduce(0) { $0 + $1.width }
        let title = Span(" \(s.eventsTitle) \(s.eventCount(count))", .heading)
        let follow = Span("  " + (panel.isFollowing ? s.followingLabel : s.scrolledLabel), panel.isFollowing ? .muted : .info)
        let candidates: [[Span]] = [
            [title, Span("  " + s.filterShown(panel.filter), .muted, region: .eventFilter), follow],
            [title, Span("  [\(s.filterLabel(panel.filter))]", .muted, region: .eventFilter)]
                + (panel.isFollowing ? [] : [Span(" " + s.pausedShort, .info)]),
            [title, Span(" [\(s.filterLabel(panel.filter))]", .muted, region: .eventFilter)],
            [title],
        ]
        let left = candidates.first { $0.reduce(0) { $0 + $1.width } + rightWidth + 1 <= width } ?? [title]
        return Line(left, right: right)
    }

    static func warningLine(_ text: String, width: Int) -> Line {
        Line([Span(TextWidth.truncate(SafeText(" ! " + text), toWidth: width), .warning, region: .eventWarnings)])
    }

    static func warningsView(_ state: ControlRoomScope, _ warnings: [EventWarning], size: Size) -> [Line] {
        let s = state.strings
        var lines = Lines.paragraph(s.warningsTitle, .heading, width: size.width, indent: 1)
        if warnings.isEmpty { lines += Lines.paragraph(s.noWarnings, .muted, width: size.width, indent: 1) }
        for warning in warnings {
            let wrapped = Lines.paragraph(warning.text, .warning, width: size.width, indent: 3)
            guard var first = wrapped.first else { continue }
            first.indent = 1
            first.left.insert(Span("! ", .warning), at: 0)
            lines += [first] + wrapped.dropFirst()
        }
        if lines.count > size.height, size.height > 0 {
            lines = Array(lines.prefix(size.height - 1)) + [Line([Span(" ...", .muted)])]
        }
        return lines
    }

    /// Every field of one event, with what it meant for the app. Where the panel is short, the
    /// wall time, category, product id and status group give way to the explanation.
    static func detailView(_ state: ControlRoomScope, _ event: StoreEvent, size: Size) -> [Line] {
        let full = detailLines(state, event, width: size.width, compact: false)
        let lines = full.count <= size.height ? full : detailLines(state, event, width: size.width, compact: true)
        return Array(lines.prefix(max(0, size.height)))
    }

    static func detailLines(_ state: ControlRoomScope, _ event: StoreEvent, width: Int, compact: Bool) -> [Line] {
        let s = state.strings
        let unfinished = state.snapshot?.unfinished.first { $0.id == event.transactionID }
        let note = EventsPanel.note(event, state: state)
        var rows: [(String, Span)] = [
            (s.fieldEvent, Span("#\(event.id)", .text)),
            (s.fieldKind, Span(event.kind.rawValue, event.kind == .faultFired ? .error : .text)),
        ]
        if !compact { rows.append((s.fieldCategory, Span(s.filterLabel(EventsPanel.category(event)), .text))) }
        rows.append((s.fieldStoreTime, Span(state.dates.clock(event.storeTime), .text)))
        if !compact { rows.append((s.fieldWallTime, Span(state.dates.clock(event.wallTime), .muted))) }
        if let id = event.transactionID { rows.append((s.fieldTransaction, Span("\(id)", .text))) }
        if let product = event.productID {
            rows.append((s.fieldProduct, Span(state.displayName(product), .text)))
            if !compact, state.displayName(product) != product { rows.append((s.fieldProductID, Span(product, .muted))) }
        }
        rows.append((s.fieldDevice, Span(event.device ?? s.noDevice, event.device == nil ? .muted : .text)))
        rows.append((s.fieldDelivers, Span(s.deliversValue(event.deliversTransaction), .text)))
        if let group = event.statusGroupID, !compact { rows.append((s.fieldStatusGroup, Span(group, .text))) }
        if !event.detail.isEmpty { rows.append((s.fieldDetail, Span(asciiArrows(event.detail), .text))) }
        if let unfinished {
            rows.append((s.fieldUnfinished, Span("\(s.yes)\(unfinished.device.map { " (\($0))" } ?? "")", .warning)))
        }
        let role: ThemeRole = switch note {
        case .faultFired: .error
        case .statusOnly: .warning
        case .serverNotification(let attempt): Self.role(of: attempt)
        default: .info
        }
        var lines = OverlayView.table(rows, width: max(1, width - 2)).map { line in
            var line = line
            line.indent = 1
            return line
        }
        if !compact { lines.append(.blank) }
        lines += Lines.paragraph(s.deliveryExplanation(note, device: event.device ?? state.deviceName), role, width: width, indent: 1)
        return lines
    }

    /// A delivery attempt's colour: delivered, to be retried, or given up.
    static func role(of attempt: NotificationAttemptNote) -> ThemeRole {
        switch attempt.status {
        case .delivered: .success
        case .pending: .warning
        case .failed: .error
        }
    }

    /// The engine's details use `→`, which is ambiguous width: drawn as `->`.
    static func asciiArrows(_ text: String) -> String {
        text.replacingOccurrences(of: "→", with: "->")
    }
}
