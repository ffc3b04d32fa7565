import Foundation
import Testing
@testable import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

/// A screen filled edge to edge, like a real paywall: each row a 30-cell plan label (the
/// selectable part, reversed when selected) followed by feature text.
func denseCanvas(_ size: Size, selected: Int) -> Canvas {
    var c = Canvas(size: size)
    c.box(Rect(origin: .zero, size: size), style: Style(fg: .indexed(75)))
    for y in 1..<(size.height - 1) {
        let label = TextWidth.pad(SafeText("Plan \(y) プラン ¥\(y * 120)/月"), toWidth: 30)
        let x = 2 + c.put(label, x: 2, y: y, style: Style(fg: .green, reverse: y == selected))
        c.put(SafeText(" 広告なし・オフライン再生 — unlimited downloads \(y)"), x: x, y: y, maxWidth: size.width - 2 - x)
    }
    return c
}

extension TerminalContractTests {
    /// Bytes follow the cells that changed: a 30-cell selection moving costs ~3% of a repaint
    /// (a selection spanning the full 80-column row would cost ~7%).
    @Test("a one-cell change and a selection move write a small fraction of a full repaint")
    func bytesPerChange() throws {
        let driver = try NcursesDriver()
        defer { driver.ncurses.shutdown() }
        let size = driver.ncurses.size
        driver.ncurses.present(denseCanvas(size, selected: 3))
        let full = driver.pty.drain()
        var oneCell = denseCanvas(size, selected: 3)
        oneCell.put("X", x: 40, y: 10)
        driver.ncurses.present(oneCell)
        let single = driver.pty.drain()
        driver.ncurses.present(denseCanvas(size, selected: 4))
        let move = driver.pty.drain()
        print("bytes: full repaint \(full.count), one cell \(single.count), selection move \(move.count)")
        #expect(single.count * 20 <= full.count)
        #expect(move.count * 20 <= full.count)
        // Borders go out as Unicode, never as DEC line drawing (ESC ( 0) that pyte shows as lqqk.
        #expect(String(decoding: full, as: UTF8.self).contains("┌──"))
        #expect(!full.windows(ofCount: 3).contains { Array($0) == [0x1B, 0x28, 0x30] })
        #expect(driver.visibleText() == trimmedText(denseCanvas(size, selected: 4)))
    }
}

extension Array where Element == UInt8 {
    func windows(ofCount n: Int) -> [ArraySlice<UInt8>] {
        count < n ? [] : (0...(count - n)).map { self[$0..<$0 + n] }
    }
}
