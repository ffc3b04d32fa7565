import TerminalUI

/// A run of safe text in one theme role, optionally clickable.
package struct Span {
    package var text: SafeText
    package var role: ThemeRole
    /// What a click on this span's cells hits: a feature's `RegionTarget`, by its name.
    package var regionID: String?

    package init(_ text: SafeText, _ role: ThemeRole, regionID: String?) {
        self.text = text
        self.role = role
        self.regionID = regionID
    }

    package init(_ text: SafeText, _ role: ThemeRole) {
        self.init(text, role, regionID: nil)
    }

    /// Untrusted or computed text goes through the sanitiser here, once.
    package init(_ untrusted: String, _ role: ThemeRole) {
        self.init(SafeText(untrusted), role, regionID: nil)
    }

    package var width: Int { TextWidth.of(text) }
}

/// One row: spans from the left edge, and optionally spans flush right.
package struct Line {
    package var left: [Span]
    package var right: [Span]
    package var indent: Int

    package init(_ left: [Span], right: [Span] = [], indent: Int = 0) {
        self.left = left
        self.right = right
        self.indent = indent
    }

    package static let blank = Line([])

    package var leftWidth: Int { indent + left.reduce(0) { $0 + $1.width } }
    package var rightWidth: Int { right.reduce(0) { $0 + $1.width } }
}

/// Turning text into lines that fit a width.
package enum Lines {
    /// `text` wrapped to `width`, every line in `role`; at most `maxLines`, the last one cut
    /// with "..." when text remains.
    package static func paragraph(_ text: SafeText, _ role: ThemeRole, width: Int, indent: Int = 0,
                          maxLines: Int = .max) -> [Line] {
        let available = max(1, width - indent)
        // One line more than shown is enough to tell whether text remains and what the cut
        // line holds: wrapping stops there, however long the text.
        var wrapped = TextWidth.wrap(text, width: available, maxLines: maxLines == .max ? .max : maxLines + 1)
        if wrapped.count > maxLines {
            let rest = SafeText.joined(Array(wrapped[(maxLines - 1)...]), separator: " ")
            wrapped = Array(wrapped.prefix(maxLines - 1)) + [TextWidth.truncate(rest, toWidth: available)]
        }
        return wrapped.map { Line([Span($0, role)], indent: indent) }
    }

    package static func paragraph(_ text: String, _ role: ThemeRole, width: Int, indent: Int = 0, maxLines: Int = .max) -> [Line] {
        paragraph(SafeText(text), role, width: width, indent: indent, maxLines: maxLines)
    }

    /// Lays out items (each a few spans that belong together) left to right with `gap` spaces,
    /// starting a new line when the next item doesn't fit. An item wider than a whole line is
    /// wrapped on its own lines, so nothing is ever cut off (prices, URLs, terms) unless
    /// `maxItemLines` says otherwise: then such an item takes at most that many lines, the last
    /// one cut with "...".
    package static func flow(_ items: [[Span]], width: Int, indent: Int = 0, gap: Int = 2, maxItemLines: Int = .max) -> [Line] {
        let available = max(1, width - indent)
        var lines: [Line] = []
        var current: [Span] = []
        var used = 0
        func flush() {
            if !current.isEmpty { lines.append(Line(current, indent: indent)) }
            current = []
            used = 0
        }
        for item in items {
            let itemWidth = item.reduce(0) { $0 + $1.width }
            if itemWidth == 0 { continue }
            if itemWidth > available {
                flush()
                // Too wide for any line: wrap its text, keeping the role of its last span.
                let role = item.last?.role ?? .text
                let region = item.last?.regionID
                let joined = SafeText.joined(item.map(\.text))
                for piece in paragraph(joined, role, width: available, maxLines: maxItemLines) {
                    lines.append(Line(piece.left.map { Span($0.text, role, regionID: region) }, indent: indent))
                }
                continue
            }
            let needed = used == 0 ? itemWidth : used + gap + itemWidth
            if needed > available { flush() }
            if used > 0 {
                current.append(Span(SafeText(String(repeating: " ", count: gap)), .text))
                used += gap
            }
            current += item
            used += itemWidth
        }
        flush()
        return lines
    }
}

extension Canvas {
    /// Paints `line` on row `y` between `x` and `x + width`, right spans flush right; left
    /// spans are cut where they would run into them. Spans with a region become clickable.
    package mutating func paint(_ line: Line, x: Int, y: Int, width: Int, theme: Theme) {
        let rightWidth = line.rightWidth
        let rightStart = x + width - rightWidth
        let leftLimit = rightWidth > 0 ? rightStart - 1 : x + width
        var cx = x + line.indent
        for span in line.left where cx < leftLimit {
            let drawn = put(span.text, x: cx, y: y, style: theme[span.role], maxWidth: leftLimit - cx)
            if let region = span.regionID, drawn > 0 { addRegion(Rect(x: cx, y: y, width: drawn, height: 1), id: region) }
            cx += drawn
        }
        var rx = max(x, rightStart)
        for span in line.right {
            let drawn = put(span.text, x: rx, y: y, style: theme[span.role], maxWidth: x + width - rx)
            if let region = span.regionID, drawn > 0 { addRegion(Rect(x: rx, y: y, width: drawn, height: 1), id: region) }
            rx += drawn
        }
    }

    /// Paints lines from row `y` down; returns the row after the last.
    @discardableResult
    package mutating func paint(_ lines: [Line], x: Int, y: Int, width: Int, theme: Theme) -> Int {
        for (i, line) in lines.enumerated() { paint(line, x: x, y: y + i, width: width, theme: theme) }
        return y + lines.count
    }
}
