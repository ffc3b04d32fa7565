import Chrome
import Scenario
import TerminalUI

/// A tiny terminal that understands exactly the sequences `FrameEncoder` may send (CUP, home,
/// ED 2, SGR, `?25l`) and fails on anything else, so a test can replay frames and compare the
/// result with the canvas. Each cell keeps its text and the SGR sequence in force when written.
struct VTModel {
    struct Cell: Equatable {
        var text = " "
        var pen = "\u{1B}[0m"
    }

    private(set) var width: Int
    private(set) var height: Int
    private(set) var cells: [[Cell]]
    private var x = 0, y = 0
    private var pen = "\u{1B}[0m"
    /// Sequences it did not understand, and control characters that are not ESC.
    private(set) var unknown: [String] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Array(repeating: Cell(), count: width), count: height)
    }

    /// A resize as a player applies an `"r"` event: keep what fits, blank the rest.
    mutating func resize(width newWidth: Int, height newHeight: Int) {
        var grid = Array(repeating: Array(repeating: Cell(), count: newWidth), count: newHeight)
        for row in 0..<min(height, newHeight) {
            for column in 0..<min(width, newWidth) { grid[row][column] = cells[row][column] }
        }
        (width, height, cells) = (newWidth, newHeight, grid)
    }

    mutating func feed(_ data: String) {
        var scalars = Array(data.unicodeScalars)[...]
        while let s = scalars.popFirst() {
            if s == "\u{1B}" {
                var sequence = "\u{1B}"
                while let next = scalars.popFirst() {
                    sequence.unicodeScalars.append(next)
                    if sequence.unicodeScalars.count > 2 && (0x40...0x7E).contains(next.value) { break }
                }
                apply(sequence)
            } else if s.value < 0x20 || (0x7F...0x9F).contains(s.value) {
                unknown.append(String(s))
            } else {
                put(s)
            }
        }
    }

    private mutating func apply(_ sequence: String) {
        let body = String(sequence.dropFirst(2).dropLast())
        switch (sequence.dropFirst().first, sequence.last) {
        case ("[", "H") where body.isEmpty:
            (x, y) = (0, 0)
        case ("[", "H"):
            let parts = body.split(separator: ";").compactMap { Int($0) }
            guard parts.count == 2 else { unknown.append(sequence); return }
            (y, x) = (parts[0] - 1, parts[1] - 1)
        case ("[", "J") where body == "2":
            cells = Array(repeating: Array(repeating: Cell(text: " ", pen: pen), count: width), count: height)
        case ("[", "m") where body.hasPrefix("0"):
            pen = sequence
        case ("[", "l") where body == "?25":
            break
        default:
            unknown.append(sequence)
        }
    }

    private mutating func put(_ s: Unicode.Scalar) {
        let w = TextWidth.of(Character(s))
        if w <= 0 {
            if x > 0 && y < height { cells[y][min(x, width) - 1].text.unicodeScalars.append(s) }
            return
        }
        guard y >= 0 && y < height && x + w <= width else { unknown.append("write outside the screen"); return }
        cells[y][x] = Cell(text: String(s), pen: pen)
        if w == 2 { cells[y][x + 1] = Cell(text: "", pen: pen) }
        x += w
    }

    /// What the model should hold for `canvas` encoded by `encoder`: each lead cell's text
    /// (a stub's is empty) in the SGR the encoder uses for its style.
    static func expected(_ canvas: Canvas, encoder: FrameEncoder) -> [[Cell]] {
        (0..<canvas.height).map { row in
            (0..<canvas.width).map { column in
                let cell = canvas.cell(at: Point(x: column, y: row))!
                return Cell(text: cell.isContinuation ? "" : String(cell.character), pen: encoder.sgr(cell.style))
            }
        }
    }
}
