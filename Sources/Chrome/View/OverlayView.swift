import TerminalUI

/// Sheets drawn over a feature's screen: each is a bordered box centred on the screen whose
/// buttons are always visible: when the screen is short, content is cut, never the buttons.
/// The paywall's sheets (purchase confirmation, a link's URL, the key help, alerts) and the
/// control room's (confirmations, help) are built on this.
package enum OverlayView {
    /// One sheet's parts; `content` is laid out for the sheet's inner width.
    package struct Sheet {
        package var title: Span
        package var content: (Int) -> [Line]
        package var buttons: [Span]
        package var preferredWidth = 64
        /// Content lines scrolled off the top (the help sheet scrolls; the others fit).
        package var scroll = 0

        package init(title: Span, content: @escaping (Int) -> [Line], buttons: [Span], preferredWidth: Int = 64) {
            self.title = title
            self.content = content
            self.buttons = buttons
            self.preferredWidth = preferredWidth
        }
    }

    /// A sheet laid out for a screen: its width, the content lines that fit, and how many do.
    package struct SheetLayout {
        package var width: Int
        package var inner: Int
        package var content: [Line]
        package var buttons: [Line]
        package var chrome: Int
        /// Content lines in all, and the first one on screen.
        package var allContent: Int
        package var start: Int
    }

    package static func layout(_ sheet: Sheet, screen: Size) -> SheetLayout {
        let width = min(screen.width, max(min(screen.width, 24), min(sheet.preferredWidth, screen.width - 2)))
        let inner = max(1, width - 4)
        let all = sheet.content(inner)
        let buttons = Lines.flow(sheet.buttons.map { [$0] }, width: inner)
        // border + title + blank + content + blank + buttons + border
        var chrome = 5 + buttons.count
        if chrome + all.count > screen.height { chrome -= 1 }  // drop the blank before the buttons
        let room = max(0, screen.height - chrome)
        let start = max(0, min(sheet.scroll, all.count - room))
        let content = Array(all.dropFirst(start).prefix(room))
        return SheetLayout(width: width, inner: inner, content: content, buttons: buttons, chrome: chrome,
                           allContent: all.count, start: start)
    }

    /// Rows of `sheet`'s content that fit on `screen`, and how far it can scroll.
    package static func scrollRange(_ sheet: Sheet, screen: Size) -> (room: Int, maxScroll: Int) {
        let laid = layout(sheet, screen: screen)
        return (laid.content.count, max(0, laid.allContent - laid.content.count))
    }

    /// The region name of a sheet's box: sheets are modal, so each feature reads a click on the
    /// box that hits no button as nothing.
    package static let sheetRegionID = "sheet"

    /// The region names of the sheets' buttons. Every feature's sheets are drawn here, so every
    /// feature's targets read these names back.
    package static func buttonRegionID(_ button: SheetButton) -> String { button == .confirm ? "confirm" : "cancel" }
    package static let closeRegionID = "closeSheet"

    /// Draws `sheet` centred on `screen`; its box is a modal region (`sheetRegionID`).
    package static func draw(_ sheet: Sheet, theme: Theme, strings s: Strings, on screen: inout Canvas) {
        let laid = layout(sheet, screen: screen.size)
        let (width, inner, content, buttons, chrome) = (laid.width, laid.inner, laid.content, laid.buttons, laid.chrome)
        let height = min(screen.height, chrome + content.count)
        let origin = Point(x: (screen.width - width) / 2, y: max(0, (screen.height - height) / 2))
        let rect = Rect(origin: origin, size: Size(width: width, height: height))

        screen.fill(rect, style: theme[.sheet])
        screen.addRegion(rect, id: sheetRegionID)
        screen.box(rect, style: theme[.sheetBorder], border: theme.border)
        let x = origin.x + 2
        var title = Line([sheet.title])
        // Rows above or below the window: say so where the title is, as the paywall's footer does.
        let above = laid.start > 0, below = laid.start + content.count < laid.allContent
        if above || below {
            title.right = [Span([below ? s.moreBelow : nil, above ? s.moreAbove : nil].compactMap { $0 }.joined(separator: " "), .muted)]
        }
        screen.paint(title, x: x, y: origin.y + 1, width: inner, theme: theme)
        screen.paint(content, x: x, y: origin.y + 3, width: inner, theme: theme)
        screen.paint(buttons, x: x, y: rect.maxY - 1 - buttons.count, width: inner, theme: theme)
    }
    /// A help sheet: (keys, what they do) rows under `title`, with "Close".
    package static func help(title: String, rows: [(String, String)], strings s: Strings) -> Sheet {
        let rows = rows.map { ($0.0, Span($0.1, .text)) }
        return Sheet(title: Span(title, .sheetTitle), content: { width in
            table(rows, width: width).map { line in
                var line = line
                if let first = line.left.first, first.role == .muted { line.left[0].role = .heading }
                return line
            }
        }, buttons: [Span("[ \(s.closeButton) ]", .buttonFocused, regionID: closeRegionID)], preferredWidth: 72)
    }

    /// "Yes" and "No", the focused one highlighted.
    package static func yesNoButtons(focus: SheetButton, strings s: Strings) -> [Span] {
        [Span("[ \(s.yesButton) ]", focus == .confirm ? .buttonFocused : .button, regionID: buttonRegionID(.confirm)),
         Span("[ \(s.noButton) ]", focus == .cancel ? .buttonFocused : .button, regionID: buttonRegionID(.cancel))]
    }

    /// Label/value rows; values wrap in their column, or under the label when the sheet is narrow.
    package static func table(_ rows: [(String, Span)], width: Int) -> [Line] {
        let labelWidth = rows.map { TextWidth.of($0.0) }.max() ?? 0
        let column = labelWidth + 2
        var lines: [Line] = []
        for (label, value) in rows {
            if width - column >= 14 {
                let wrapped = TextWidth.wrap(value.text, width: width - column)
                for (i, piece) in wrapped.enumerated() {
                    let head = i == 0 ? Span(TextWidth.pad(SafeText(label), toWidth: column), .muted) : Span(TextWidth.pad(.empty, toWidth: column), .text)
                    lines.append(Line([head, Span(piece, value.role)]))
                }
            } else {
                lines.append(Line([Span(label, .muted)]))
                lines += Lines.paragraph(value.text, value.role, width: width, indent: 2)
            }
        }
        return lines
    }
}

/// The two buttons of the confirmation sheet.
public enum SheetButton: Sendable, Hashable {
    case confirm, cancel

    package var other: SheetButton { self == .confirm ? .cancel : .confirm }
}

/// The keys of a help sheet: Esc, Enter, Space and `?` close it, the rest scroll it.
package enum HelpScroll {
    /// nil: close; 0: not a help key; else the lines to scroll by (`page` for a page).
    package static func step(_ key: Key, page: Int) -> Int? {
        switch key {
        case .escape, .enter, .character(" "), .character("?"): nil
        case .down, .character("j"): 1
        case .up, .character("k"): -1
        case .pageDown: page
        case .pageUp: -page
        case .end, .character("G"): Int.max / 2
        case .home, .character("g"): -(Int.max / 2)
        default: 0
        }
    }
}
