/// One cell of a `Canvas`: a character with its style, or the continuation (stub) cell that the
/// right half of a wide character occupies.
///
/// Cells are only made by `Canvas`, from `SafeText` or its own border characters, which is what
/// keeps control characters out of the grid. A stub cell carries the style of the character it
/// belongs to, so colour runs stay unbroken; terminals and pyte model wide characters the same
/// way (docs/terminal.md §2.4).
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn here; a space for blank and stub cells.
    public let character: Character
    /// Columns the character covers: 1, 2 for a wide character's first cell, 0 for a stub.
    public let width: Int
    /// How the cell is drawn.
    public let style: Style

    init(character: Character, width: Int, style: Style) {
        self.character = character
        self.width = width
        self.style = style
    }

    /// Whether this is the right half of a wide character (terminals skip it).
    public var isContinuation: Bool { width == 0 }

    /// Whether this is the first cell of a two-column character.
    public var isWide: Bool { width == 2 }

    /// An empty cell in `style`.
    public static func blank(_ style: Style = .plain) -> Cell {
        Cell(character: " ", width: 1, style: style)
    }

    static func continuation(_ style: Style) -> Cell {
        Cell(character: " ", width: 0, style: style)
    }
}
