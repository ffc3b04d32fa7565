import Audit
import Foundation
@testable import ControlRoom
@testable import Paywall
@testable import TollboothApp
import TerminalUI

/// Reading a rendered screen the way a person reads it.
extension Canvas {
    /// The text inside `rect`, row by row (stub cells skipped).
    func text(in rect: Rect) -> [String] {
        (rect.y..<rect.maxY).map { y in
            var row = ""
            for x in rect.x..<rect.maxX {
                guard let cell = cell(at: Point(x: x, y: y)), !cell.isContinuation else { continue }
                row.append(cell.character)
            }
            return row
        }
    }

    /// The open sheet's text as one line: borders dropped, runs of spaces collapsed, so a
    /// sentence wrapped inside the sheet can be found whole.
    var sheetText: String? {
        guard let rect = regionRect(.sheet) else { return nil }
        return collapse(text(in: rect.inset(by: 1)).joined(separator: " "))
    }

    /// The whole screen as one line (for text outside sheets).
    var flatText: String { collapse(text()) }

    /// Where a click hits `target` (the topmost region for it).
    func regionRect(_ target: HitTarget) -> Rect? { targets.last { $0.target == target }?.rect }

    /// Where a click hits a control-room `target` (the topmost region for it).
    func regionRect(_ target: ControlRoomTarget) -> Rect? { regions.last { $0.id == target.regionID }?.rect }
}

/// Joins wrapped lines as a reviewer reads them (the audit's own reading).
func collapse(_ text: String) -> String { ScreenText.collapse(text) }
