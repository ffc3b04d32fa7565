import TerminalUI

/// Draws a canvas as one self-contained SVG image: what a scenario's `Snapshot` saves
/// (docs/recordings.md).
///
/// Every cell is `cellWidth` × `cellHeight` pixels. The image is a background rectangle, one
/// `<rect>` per run of cells with another background, then the text: one `<text>` per run of
/// same-styled narrow characters on a row, and one per wide character, each placed at its cell
/// and given the exact width of its cells (`textLength`), so a fallback font with other advances
/// (CJK, emoji) cannot shift the columns. Bold, italic and underline become font attributes,
/// dim an opacity, reverse swaps the colours. Text is XML-escaped and characters XML 1.0 forbids
/// are dropped. The same canvas always gives the same bytes.
public struct SVGWriter: Sendable {
    public var palette: SVGPalette
    public var cellWidth = 9
    public var cellHeight = 18
    public var fontSize = 15
    /// A monospace stack with a CJK face, ending in the generic family.
    public var fontFamily = "'DejaVu Sans Mono', 'Noto Sans Mono CJK JP', 'Noto Sans CJK JP', Menlo, Consolas, monospace"

    public init(palette: SVGPalette = .dark) {
        self.palette = palette
    }

    /// The SVG document for `canvas`, ending with a newline.
    public func svg(of canvas: Canvas) -> String {
        let width = canvas.width * cellWidth, height = canvas.height * cellHeight
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
            + "viewBox=\"0 0 \(width) \(height)\" font-family=\"\(fontFamily)\" font-size=\"\(fontSize)\">\n"
        out += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(palette.background.hex)\"/>\n"
        for y in 0..<canvas.height { out += backgrounds(of: canvas, row: y) }
        out += "<g xml:space=\"preserve\" style=\"white-space:pre\">\n"
        for y in 0..<canvas.height { out += texts(of: canvas, row: y) }
        out += "</g>\n</svg>\n"
        return out
    }

    /// The colours a style paints with, after `reverse`.
    private func colors(_ style: Style) -> (fg: SVGPalette.RGB, bg: SVGPalette.RGB) {
        let fg = palette.rgb(style.fg, isForeground: true), bg = palette.rgb(style.bg, isForeground: false)
        return style.reverse ? (bg, fg) : (fg, bg)
    }

    /// One `<rect>` per run of cells whose background is not the image's.
    private func backgrounds(of canvas: Canvas, row y: Int) -> String {
        var out = ""
        var x = 0
        while x < canvas.width {
            let bg = colors(canvas.style(at: Point(x: x, y: y)) ?? .plain).bg
            var end = x + 1
            while end < canvas.width, colors(canvas.style(at: Point(x: end, y: y)) ?? .plain).bg == bg { end += 1 }
            if bg != palette.background {
                out += "<rect x=\"\(x * cellWidth)\" y=\"\(y * cellHeight)\" width=\"\((end - x) * cellWidth)\" "
                    + "height=\"\(cellHeight)\" fill=\"\(bg.hex)\"/>\n"
            }
            x = end
        }
        return out
    }

    /// What a text run looks like; runs split where it changes.
    private struct Pen: Equatable {
        var fill: SVGPalette.RGB
        var bold, italic, underline, dim: Bool
    }

    private func pen(_ style: Style) -> Pen {
        Pen(fill: colors(style).fg, bold: style.bold, italic: style.italic, underline: style.underline, dim: style.dim)
    }

    /// The `<text>` elements of one row.
    private func texts(of canvas: Canvas, row y: Int) -> String {
        var out = ""
        var x = 0
        while x < canvas.width {
            guard let cell = canvas.cell(at: Point(x: x, y: y)), !cell.isContinuation else {
                x += 1
                continue
            }
            let runPen = pen(cell.style)
            var characters = [cell.character]
            var end = x + max(1, cell.width)
            if !cell.isWide {
                while end < canvas.width, let next = canvas.cell(at: Point(x: end, y: y)),
                      next.width == 1, pen(next.style) == runPen {
                    characters.append(next.character)
                    end += 1
                }
            }
            out += text(characters, from: x, row: y, pen: runPen)
            x = end
        }
        return out
    }

    /// One positioned `<text>`; blanks at either end are left out unless underlined.
    private func text(_ characters: [Character], from x: Int, row y: Int, pen: Pen) -> String {
        var start = 0, end = characters.count
        if !pen.underline {
            while start < end, characters[start] == " " { start += 1 }
            while end > start, characters[end - 1] == " " { end -= 1 }
        }
        guard start < end else { return "" }
        let isWide = characters.count == 1 && TextWidth.of(characters[0]) == 2
        let columns = isWide ? 2 : end - start
        var attributes = "x=\"\((x + start) * cellWidth)\" y=\"\(y * cellHeight + baseline)\" fill=\"\(pen.fill.hex)\""
        if pen.bold { attributes += " font-weight=\"bold\"" }
        if pen.italic { attributes += " font-style=\"italic\"" }
        if pen.underline { attributes += " text-decoration=\"underline\"" }
        if pen.dim { attributes += " opacity=\"0.5\"" }
        attributes += " textLength=\"\(columns * cellWidth)\" lengthAdjust=\"spacingAndGlyphs\""
        // xml:space on the element itself: Chromium collapses runs of spaces inside a run
        // ("quit     more") when the setting is only on the enclosing group.
        return "<text xml:space=\"preserve\" \(attributes)>\(Self.escaped(String(characters[start..<end])))</text>\n"
    }

    /// Where the text's baseline sits in its cell.
    private var baseline: Int { cellHeight * 4 / 5 }

    /// XML text: `&<>"'` escaped; C0 and C1 controls, DEL and U+FFFE/U+FFFF (which XML 1.0
    /// forbids or discourages, and a canvas never holds) dropped.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0xFFFE || v == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
