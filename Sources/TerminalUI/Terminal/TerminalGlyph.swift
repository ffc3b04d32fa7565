/// What `NcursesTerminal`, and a recording's `FrameEncoder`, write for the grapheme in one canvas
/// cell: one or more `cchar_t` pieces whose `wcwidth` adds up to exactly the columns the canvas
/// gave the grapheme.
///
/// ncurses advances its idea of the cursor by `wcwidth` of each cell's spacing character and
/// optimises its output on that idea (it moves relatively, or not at all, between cells it
/// believes adjacent). A grapheme whose scalars the terminal measures differently from ncurses
/// therefore shifts everything drawn after it on the row until the next full repaint: that is the
/// stale cell and the moved card border of a `❤️` (ncurses: 1 column, modern terminals: 2), and a
/// `🇯🇵` (glibc: 1, pyte: 4). Writing the raw sequence and then repositioning behind ncurses' back
/// would desynchronise its screen model instead, so such graphemes are substituted:
///
/// | Grapheme                      | Written as                                        |
/// |-------------------------------|---------------------------------------------------|
/// | `e` + U+0301 (base + marks)   | itself, one `cchar_t` (at most CCHARW_MAX scalars) |
/// | `❤️` (base + VS16)            | `❤` and a space                                   |
/// | `👨‍👩‍👧‍👦` (ZWJ sequence)         | `👨`, the emoji before the first joiner            |
/// | `👍🏽` (skin tone)             | `👍`                                              |
/// | `🇯🇵` (flag)                   | `JP`, its region code                             |
///
/// Every scalar that goes out is then one that libc, ncurses, pyte and terminals measure alike:
/// a spacing character, non-spacing marks, and spaces to pad to the canvas width. Variation
/// selectors, joiners and other format characters are left out: terminals disagree on what
/// they do to the width, and some emulators (pyte) stop drawing the rest of the text at them.
public enum TerminalGlyph {
    /// ncurses' CCHARW_MAX: one spacing character and up to four non-spacing ones per cell.
    static let maxScalarsPerCell = 5

    /// The pieces, left to right, that draw `character` in exactly `width` columns; each is one
    /// spacing scalar followed by up to four marks (one `cchar_t`). Empty when `width` is 0.
    public static func pieces(_ character: Character, width: Int) -> [[Unicode.Scalar]] {
        guard width > 0 else { return [] }
        let scalars = Array(character.unicodeScalars)
        var pieces: [[Unicode.Scalar]] = []
        if let first = scalars.first, EmojiSequence.isRegionalIndicator(first) {
            // Letters are one column everywhere; a lone indicator is 1 (glibc) or 2 (pyte).
            pieces = scalars.prefix(2).compactMap(EmojiSequence.regionalLetter).map { [$0] }
        } else if let base = scalars.firstIndex(where: { TextWidth.rawWidth($0) > 0 }) {
            var piece = [scalars[base]]
            for s in scalars[(base + 1)...] {
                // What follows a joiner, a modifier or another spacing scalar is a second picture
                // that the terminal may or may not fuse with the first: leave it out.
                if s.value == EmojiSequence.zeroWidthJoiner || TextWidth.rawWidth(s) != 0 { break }
                if isVariationSelector(s) || s.properties.generalCategory == .format { continue }
                if piece.count < maxScalarsPerCell { piece.append(s) }
            }
            pieces = [piece]
        }
        var used = pieces.reduce(0) { $0 + TextWidth.rawWidth($1[0]) }
        if used > width {
            pieces = []
            used = 0
        }
        while used < width {
            pieces.append([" "])
            used += 1
        }
        return pieces
    }

    /// U+FE00…FE0F and U+E0100…E01EF, which pick a glyph's presentation, not a character.
    static func isVariationSelector(_ s: Unicode.Scalar) -> Bool {
        (0xFE00...0xFE0F).contains(s.value) || (0xE0100...0xE01EF).contains(s.value)
    }
}
