import Chrome
/// Store time in three-row seven-segment digits, ASCII only (box-drawing blocks are ambiguous
/// width and would shift a row on "ambiguous = wide" terminals).
enum BigDigits {
    static let glyphs: [Character: [String]] = [
        "0": [" _ ", "| |", "|_|"], "1": ["   ", "  |", "  |"], "2": [" _ ", " _|", "|_ "],
        "3": [" _ ", " _|", " _|"], "4": ["   ", "|_|", "  |"], "5": [" _ ", "|_ ", " _|"],
        "6": [" _ ", "|_ ", "|_|"], "7": [" _ ", "  |", "  |"], "8": [" _ ", "|_|", "|_|"],
        "9": [" _ ", "|_|", " _|"], ":": [" ", ".", "."],
    ]

    /// "09:00:00" as three rows; characters without a glyph are left out.
    static func lines(_ text: String) -> [String] {
        let parts = text.compactMap { glyphs[$0] }
        return (0..<3).map { row in parts.map { $0[row] }.joined(separator: " ") }
    }
}
