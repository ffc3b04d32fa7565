/// The characters a box is drawn with.
///
/// The Unicode sets are East Asian Ambiguous: terminals set to "ambiguous = wide" (common in
/// Japanese setups) draw them two cells wide and every box then looks broken. `.ascii` is the
/// escape hatch for those users (docs/terminal.md §1.3). Borders always go to the terminal as
/// Unicode characters, never as ACS `ESC ( 0` sequences (§1.7).
public enum BorderStyle: Hashable, Sendable, CaseIterable {
    /// `┌─┐│└┘`
    case light
    /// `╭─╮│╰╯`
    case rounded
    /// `┏━┓┃┗┛`
    case heavy
    /// `+-+|++`
    case ascii

    public var topLeft: Character {
        switch self { case .light: "┌"; case .rounded: "╭"; case .heavy: "┏"; case .ascii: "+" }
    }
    public var topRight: Character {
        switch self { case .light: "┐"; case .rounded: "╮"; case .heavy: "┓"; case .ascii: "+" }
    }
    public var bottomLeft: Character {
        switch self { case .light: "└"; case .rounded: "╰"; case .heavy: "┗"; case .ascii: "+" }
    }
    public var bottomRight: Character {
        switch self { case .light: "┘"; case .rounded: "╯"; case .heavy: "┛"; case .ascii: "+" }
    }
    public var horizontal: Character {
        switch self { case .light, .rounded: "─"; case .heavy: "━"; case .ascii: "-" }
    }
    public var vertical: Character {
        switch self { case .light, .rounded: "│"; case .heavy: "┃"; case .ascii: "|" }
    }
    /// Where a separator meets the left side of the box (`├`).
    public var teeLeft: Character {
        switch self { case .light, .rounded: "├"; case .heavy: "┣"; case .ascii: "+" }
    }
    /// Where a separator meets the right side of the box (`┤`).
    public var teeRight: Character {
        switch self { case .light, .rounded: "┤"; case .heavy: "┫"; case .ascii: "+" }
    }
}

extension Canvas {
    /// Draws the outline of `rect` (the inside is left alone). Rectangles narrower or shorter than
    /// 2 cells have no room for corners and draw nothing.
    public mutating func box(_ rect: Rect, style: Style = .plain, border: BorderStyle = .light) {
        guard rect.width >= 2 && rect.height >= 2 else { return }
        let right = rect.maxX - 1, bottom = rect.maxY - 1
        hline(x: rect.x + 1, y: rect.y, length: rect.width - 2, style: style, border: border)
        hline(x: rect.x + 1, y: bottom, length: rect.width - 2, style: style, border: border)
        vline(x: rect.x, y: rect.y + 1, length: rect.height - 2, style: style, border: border)
        vline(x: right, y: rect.y + 1, length: rect.height - 2, style: style, border: border)
        setGlyph(border.topLeft, width: 1, x: rect.x, y: rect.y, style: style)
        setGlyph(border.topRight, width: 1, x: right, y: rect.y, style: style)
        setGlyph(border.bottomLeft, width: 1, x: rect.x, y: bottom, style: style)
        setGlyph(border.bottomRight, width: 1, x: right, y: bottom, style: style)
    }

    /// Draws a horizontal line of `length` cells starting at (`x`, `y`), clipped to the canvas.
    public mutating func hline(x: Int, y: Int, length: Int, style: Style = .plain, border: BorderStyle = .light) {
        guard length > 0 else { return }
        for cx in x..<(x + length) { setGlyph(border.horizontal, width: 1, x: cx, y: y, style: style) }
    }

    /// Draws a vertical line of `length` cells starting at (`x`, `y`), clipped to the canvas.
    public mutating func vline(x: Int, y: Int, length: Int, style: Style = .plain, border: BorderStyle = .light) {
        guard length > 0 else { return }
        for cy in y..<(y + length) { setGlyph(border.vertical, width: 1, x: x, y: cy, style: style) }
    }

    /// Draws a separator across a box drawn at `rect`, on row `y`, joined to its sides (`├───┤`).
    public mutating func separator(in rect: Rect, y: Int, style: Style = .plain, border: BorderStyle = .light) {
        guard rect.width >= 2 else { return }
        hline(x: rect.x + 1, y: y, length: rect.width - 2, style: style, border: border)
        setGlyph(border.teeLeft, width: 1, x: rect.x, y: y, style: style)
        setGlyph(border.teeRight, width: 1, x: rect.maxX - 1, y: y, style: style)
    }
}
