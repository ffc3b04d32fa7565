import TerminalUI

/// Turns one canvas into the bytes that make a terminal showing the previous canvas show it:
/// the `"o"` data of an asciicast (docs/recordings.md).
///
/// The first frame, and the first after a resize, is a full redraw (reset, hide the cursor, home,
/// clear, then every cell that is not a plain blank); later frames write only the cells that
/// changed. Only sequences every common player implements go out: CUP (`ESC[row;colH`), SGR,
/// ED 2, `?25l`, and UTF-8 text — no scrolling, no REP, no saved cursor, no OSC. Each grapheme
/// is written as `TerminalGlyph` pieces, exactly what `NcursesTerminal` gives ncurses, so a
/// player's idea of the cursor agrees with the canvas as the real terminal's did. A wide
/// character is written once, at its lead cell; its stub is never written.
public struct FrameEncoder: Sendable {
    /// Colours are approximated to this count (0, 8 or 256), as the real terminal showed them.
    public let colorCount: Int

    public init(colorCount: Int = 256) {
        self.colorCount = colorCount
    }

    /// The bytes (as a string) that turn a terminal showing `previous` into one showing `next`;
    /// a full redraw when there is no previous frame or its size differs. Empty when nothing changed.
    public func encode(from previous: Canvas?, to next: Canvas) -> String {
        let full = previous == nil || previous?.size != next.size
        var out = Output(encoder: self)
        if full { out.text += "\u{1B}[0m\u{1B}[?25l\u{1B}[H\u{1B}[2J" }
        for y in 0..<next.height {
            for x in 0..<next.width {
                let point = Point(x: x, y: y)
                guard let cell = next.cell(at: point), !cell.isContinuation else { continue }
                if full {
                    if cell == .blank() { continue }  // the clear left it so
                } else if previous?.cell(at: point) == cell {
                    continue  // a stub always has its lead's style, so an unchanged lead means an unchanged pair
                }
                out.bridge(to: point, in: next)
                out.write(cell, at: point, rowWidth: next.width)
            }
        }
        if out.style != .plain { out.text += "\u{1B}[0m" }
        return out.text
    }

    /// The SGR sequence that sets `style` from scratch (reset first), after approximating colours.
    public func sgr(_ style: Style) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.italic { codes.append("3") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if let fg = colorCode(style.fg, base: 30, brightBase: 90, extended: 38) { codes.append(fg) }
        if let bg = colorCode(style.bg, base: 40, brightBase: 100, extended: 48) { codes.append(bg) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// 30–37 / 90–97 for palette entries 0–15 (what xterm-256color's terminfo makes ncurses send),
    /// `38;5;n` above; nil for the default colour, which the reset already set.
    private func colorCode(_ color: Color, base: Int, brightBase: Int, extended: Int) -> String? {
        guard let index = color.approximated(forColorCount: colorCount).paletteIndex else { return nil }
        if index < 8 { return String(base + index) }
        if index < 16 { return String(brightBase + index - 8) }
        return "\(extended);5;\(index)"
    }

    /// The frame being built, with what the terminal's cursor and pen are known to be.
    private struct Output {
        let encoder: FrameEncoder
        var text = ""
        var cursor: Point?
        var style = Style.plain

        /// Rewrites the few cells between the cursor and `point` when they are in the current pen:
        /// a space or two is shorter than a cursor move, and the cells get what they already hold.
        mutating func bridge(to point: Point, in canvas: Canvas) {
            guard let from = cursor, from.y == point.y, from.x < point.x, point.x - from.x <= 4 else { return }
            let gap = (from.x..<point.x).compactMap { canvas.cell(at: Point(x: $0, y: point.y)) }
            guard gap.allSatisfy({ $0.style == style }), gap.last?.isWide != true else { return }
            for x in from.x..<point.x {
                let cell = gap[x - from.x]
                if !cell.isContinuation { write(cell, at: Point(x: x, y: point.y), rowWidth: canvas.width) }
            }
        }

        mutating func write(_ cell: Cell, at point: Point, rowWidth: Int) {
            if cursor != point { text += "\u{1B}[\(point.y + 1);\(point.x + 1)H" }
            if cell.style != style {
                text += encoder.sgr(cell.style)
                style = cell.style
            }
            for piece in TerminalGlyph.pieces(cell.character, width: cell.width) {
                for scalar in piece { text.unicodeScalars.append(Self.isControl(scalar) ? " " : scalar) }
            }
            let end = point.x + cell.width
            // At the right edge the cursor waits to wrap, and players differ on where it is.
            cursor = end < rowWidth ? Point(x: end, y: point.y) : nil
        }

        /// C0, DEL and C1: never in a canvas (SafeText), and never let out if one were.
        static func isControl(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        }
    }
}
