import Foundation
import TestSupport
import Testing
@testable import TerminalUI

@Suite("Canvas keeps borders and wide characters intact")
struct CanvasTests {
    /// A boxed card with text that is exactly, one more than, and one less than the inside width.
    @Test("Japanese and emoji never push or break a box border", arguments: BorderStyle.allCases)
    func bordersHold(border: BorderStyle) {
        var canvas = Canvas(width: 12, height: 6)
        let box = Rect(x: 0, y: 0, width: 12, height: 6)
        canvas.box(box, border: border)
        let inside = box.inset(by: 1)
        canvas.put("日本語のプラン", x: 1, y: 1, maxWidth: inside.width)  // 14 cells into 10
        canvas.put("😀😀😀😀😀😀", x: 1, y: 2, maxWidth: inside.width)  // 12 cells into 10
        canvas.put("a日本語のプラ", x: 1, y: 3, maxWidth: inside.width)  // the last wide char straddles
        canvas.put("¥480/月", x: 1, y: 4, maxWidth: inside.width)
        let rows = canvas.text().split(separator: "\n").map(String.init)
        for row in rows {
            #expect(TextWidth.of(row) == 12, "row \(row) is not 12 cells")
            #expect(row.first == border.vertical || row.first == border.topLeft || row.first == border.bottomLeft)
            #expect(row.last == border.vertical || row.last == border.topRight || row.last == border.bottomRight)
        }
        #expect(rows[1] == "\(border.vertical)日本語のプ\(border.vertical)")
        #expect(rows[3] == "\(border.vertical)a日本語の \(border.vertical)")
        #expect(rows[4] == "\(border.vertical)¥480/月   \(border.vertical)")
    }

    @Test("text is clipped at the right edge; a straddling wide char becomes a space")
    func clipAtEdge() {
        var canvas = Canvas(width: 5, height: 1)
        let drawn = canvas.put("ab日本", x: 0, y: 0)
        #expect(drawn == 5)
        #expect(canvas.text() == "ab日")
        #expect(canvas.cell(at: Point(x: 4, y: 0))?.character == " ")
        #expect(canvas.cell(at: Point(x: 4, y: 0))?.isContinuation == false)
        // Off the canvas entirely: nothing drawn, nothing crashes.
        #expect(canvas.put("x", x: 0, y: 3) == 0)
        #expect(canvas.put("x", x: 9, y: 0) == 0)
        // Clipped on the left, the visible half of a wide char is a space.
        var left = Canvas(width: 4, height: 1)
        left.put("日本", x: -1, y: 0)
        #expect(left.text() == " 本")
    }

    @Test("overwriting half of a wide character blanks the other half")
    func overwriteHalf() {
        var canvas = Canvas(width: 6, height: 2)
        canvas.put("日本語", x: 0, y: 0, style: Style(fg: .red))
        canvas.put("x", x: 1, y: 0)  // right half of 日
        #expect(canvas.text().split(separator: "\n").first == " x本語")
        #expect(canvas.style(at: Point(x: 0, y: 0)) == Style(fg: .red))  // the orphan keeps its colour
        canvas.put("y", x: 2, y: 0)  // left half of 本
        #expect(canvas.line(0) == " xy 語")
        canvas.put("日本", x: 1, y: 1)
        canvas.put("語", x: 2, y: 1)  // a wide char over two halves of two wide chars
        #expect(canvas.line(1) == "  語")
        #expect(canvas.cell(at: Point(x: 3, y: 1))?.isContinuation == true)
        #expect(canvas.cell(at: Point(x: 4, y: 1))?.isContinuation == false)
        // A border drawn through Japanese text stays a border.
        var boxed = Canvas(width: 6, height: 3)
        boxed.put("日本語", x: 0, y: 1)
        boxed.box(Rect(x: 1, y: 0, width: 4, height: 3))
        #expect(boxed.text() == " ┌──┐\n │本│\n └──┘")
    }

    @Test("fill and draw keep the invariant: every wide lead has its stub")
    func compose() {
        var child = Canvas(width: 4, height: 1)
        child.put("日本", x: 0, y: 0, style: Style(bold: true))
        child.addRegion(Rect(x: 0, y: 0, width: 4, height: 1), id: "plan.ja")
        var parent = Canvas(width: 5, height: 2)
        parent.draw(child, at: Point(x: 2, y: 0))  // 本 falls off the right edge
        parent.draw(child, at: Point(x: -1, y: 1))  // 日 falls off the left edge
        #expect(parent.text() == "  日\n 本")
        #expect(parent.region(at: Point(x: 4, y: 0)) == "plan.ja")
        #expect(parent.region(at: Point(x: 1, y: 0)) == nil)
        #expect(parent.region(at: Point(x: 0, y: 1)) == "plan.ja")
        parent.fill(Rect(x: 3, y: 0, width: 1, height: 1), style: .plain)
        #expect(parent.line(0) == "")
    }

    @Test("hit regions map clicks to ids; later regions are on top")
    func hitRegions() {
        var canvas = Canvas(width: 20, height: 5)
        canvas.addRegion(Rect(x: 0, y: 0, width: 20, height: 5), id: "card")
        canvas.addRegion(Rect(x: 2, y: 1, width: 8, height: 1), id: "plan.monthly")
        canvas.addRegion(Rect(x: 2, y: 2, width: 8, height: 1), id: "plan.yearly")
        #expect(canvas.region(at: Point(x: 5, y: 1)) == "plan.monthly")
        #expect(canvas.region(at: Point(x: 9, y: 2)) == "plan.yearly")
        #expect(canvas.region(at: Point(x: 10, y: 2)) == "card")
        #expect(canvas.region(at: Point(x: 25, y: 2)) == nil)
    }

    @Test("find, style(at:) and styleMap report what a user sees")
    func inspection() {
        var canvas = Canvas(width: 16, height: 2)
        canvas.put("プラン ¥480", x: 1, y: 0, style: Style(fg: .green, bold: true))
        canvas.put("Restore", x: 2, y: 1, style: Style(reverse: true))
        #expect(canvas.find("¥480") == [Point(x: 8, y: 0)])
        #expect(canvas.find("Restore") == [Point(x: 2, y: 1)])
        #expect(canvas.find("ラン") == [Point(x: 3, y: 0)])
        #expect(canvas.style(at: Point(x: 2, y: 0))?.bold == true)  // a stub has its char's style
        #expect(canvas.style(at: Point(x: 0, y: 0)) == .plain)
        #expect(canvas.styleMap() == "0 1-11: bold fg=green\n1 2-8: reverse")
    }

    @Test("a paywall card matches its reviewed golden")
    func golden() {
        var canvas = Canvas(width: 30, height: 8)
        let card = Rect(x: 1, y: 0, width: 28, height: 8)
        canvas.box(card, style: Style(fg: .indexed(75)), border: .rounded)
        canvas.put("Tollbooth Pro 👑", x: 3, y: 1, style: Style(bold: true))
        canvas.separator(in: card, y: 2, style: Style(fg: .indexed(75)), border: .rounded)
        canvas.put(" 月額プラン    ¥480/月 ", x: 3, y: 3, style: Style(reverse: true))
        canvas.put(" 年額プラン  ¥4,800/年 ", x: 3, y: 4)
        canvas.put(TextWidth.truncate("A very long hostile\u{1B}[31m name", toWidth: 22), x: 3, y: 5, style: Style(dim: true))
        canvas.put("[ 購入する ]", x: 9, y: 6, style: Style(fg: .black, bg: .green, bold: true))
        assertGolden(canvas, named: "paywall-card", in: goldenDirectory())
    }
}
