import Chrome
import TerminalUI

/// One row of a panel's list, clickable across the whole width when it has a region.
struct PanelListRow {
    var line: Line
    var region: ControlRoomTarget?

    init(_ line: Line, region: ControlRoomTarget? = nil) {
        self.line = line
        self.region = region
    }
}

/// Lays a panel out as a header, a list scrolled to keep the cursor in view, and a few lines
/// pinned under the list. Stateless: the scroll offset follows from the cursor, so what is
/// drawn and what a click hits are always the same rows.
enum PanelListWindow {
    /// Paints `header` from the top, `footer` at the bottom and as much of `list` as fits in
    /// between, with the rows in `focus` visible. When rows are short, the footer gives way
    /// first, then the header from its end, so the cursor row always stays on screen.
    static func paint(header: [Line], list: [PanelListRow], focus: Range<Int>?, footer: [Line] = [],
                      on canvas: inout Canvas, theme: Theme) {
        let height = canvas.height, width = canvas.width
        guard height > 0, width > 0 else { return }
        var header = header, footer = footer
        let wanted = min(list.count, 3)
        // Short of rows: a blank spacer above the footer goes first, then the list is scrolled
        // rather than cut until only `wanted` rows remain, then the footer and header give way.
        if header.count + footer.count + list.count > height, footer.first.map(isBlank) == true { footer.removeFirst() }
        while header.count + footer.count + wanted > height, !footer.isEmpty { footer.removeLast() }
        while header.count + footer.count + wanted > height, !header.isEmpty { header.removeLast() }
        let listHeight = max(0, height - header.count - footer.count)
        canvas.paint(header.map { fit($0, width: width) }, x: 0, y: 0, width: width, theme: theme)

        let offset = self.offset(count: list.count, visible: listHeight, focus: focus)
        let scrolls = list.count > listHeight
        // A scrolled list keeps its last two columns for a gap and the "more" marks.
        let rowWidth = scrolls && width > 2 ? width - 2 : width
        let top = header.count
        for index in offset..<min(list.count, offset + listHeight) {
            let y = top + index - offset
            // The row's region first, so regions of spans inside it (a switch's box) win.
            if let region = list[index].region { canvas.addRegion(Rect(x: 0, y: y, width: width, height: 1), region) }
            canvas.paint(fit(list[index].line, width: rowWidth), x: 0, y: y, width: rowWidth, theme: theme)
        }
        if scrolls, listHeight > 0, width > 1 {
            if offset > 0 { canvas.put("^", x: width - 1, y: top, style: theme[.muted]) }
            if offset + listHeight < list.count { canvas.put("v", x: width - 1, y: top + listHeight - 1, style: theme[.muted]) }
        }
        canvas.paint(footer.map { fit($0, width: width) }, x: 0, y: height - footer.count, width: width, theme: theme)
    }

    /// `line` cut to `width` cells: the left spans end in "..." where text was cut (rather than
    /// stopping mid-word), and the right spans go when they would leave the left no room.
    static func fit(_ line: Line, width: Int) -> Line {
        var line = line
        if !line.right.isEmpty, line.leftWidth + 1 + line.rightWidth > width, width - line.rightWidth - 1 - line.indent < 8 {
            line.right = []
        }
        let available = width - line.indent - (line.right.isEmpty ? 0 : line.rightWidth + 1)
        guard line.leftWidth - line.indent > available else { return line }
        var kept: [Span] = []
        var used = 0
        for span in line.left {
            let remaining = available - used
            if remaining <= 0 { break }
            if span.width <= remaining {
                kept.append(span)
                used += span.width
                continue
            }
            var cut = span
            cut.text = TextWidth.truncate(span.text, toWidth: remaining)
            kept.append(cut)
            break
        }
        line.left = kept
        return line
    }

    static func isBlank(_ line: Line) -> Bool { line.leftWidth == 0 && line.rightWidth == 0 }

    /// The first row shown: 0 when everything fits, else the focus centred as far as the ends allow.
    static func offset(count: Int, visible: Int, focus: Range<Int>?) -> Int {
        guard count > visible, visible > 0, let focus else { return 0 }
        let span = min(focus.count, visible)
        let centred = focus.lowerBound - (visible - span) / 2
        return max(0, min(centred, count - visible))
    }
}
