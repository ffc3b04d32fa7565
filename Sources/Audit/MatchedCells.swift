import Foundation
import TerminalUI

/// The cells a finding's matched text covers on the screen it was read on, as one rect per
/// row: the text is followed from its first cell in reading order, across wrapped rows,
/// skipping the spaces and box borders a wrap or a card puts between its words.
enum MatchedCells {
    static let borders: Set<Character> = ["|", "│", "┃", "║"]

    static func rects(of match: AuditMatch, on canvas: Canvas) -> [Rect] {
        guard match.row >= 0, match.column >= 0, match.row < canvas.height, match.column < canvas.width else { return [] }
        let wanted = Array(match.text.filter { !$0.isWhitespace })
        var rects: [Rect] = []
        var next = 0
        var x = match.column, y = match.row
        var run: (start: Int, end: Int)?
        func closeRun() {
            if let r = run { rects.append(Rect(x: r.start, y: y, width: r.end - r.start, height: 1)) }
            run = nil
        }
        while next < wanted.count, y < canvas.height {
            if x >= canvas.width {
                closeRun()
                (x, y) = (0, y + 1)
                continue
            }
            guard let cell = canvas.cell(at: Point(x: x, y: y)) else { break }
            if cell.isContinuation {
                x += 1
            } else if cell.character == wanted[next] {
                run = (run?.start ?? x, x + cell.width)
                next += 1
                x += cell.width
            } else if cell.character == " " || borders.contains(cell.character) {
                x += 1
            } else {
                break  // something else is drawn here: the text does not go on
            }
        }
        closeRun()
        if rects.isEmpty {
            // Found by its start only: mark as much of one row as the text would take.
            let width = min(TextWidth.of(SafeText(match.text)), canvas.width - match.column)
            return [Rect(x: match.column, y: match.row, width: max(1, width), height: 1)]
        }
        return rects
    }
}
