import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Scenario
import TerminalUI
import Testing
import TestSupport

/// The canvas behind `__Goldens__/snapshot.svg`, which the end-to-end suite also opens in a
/// browser (Tests/EndToEnd/test_recording.py): keep the two in step.
///
/// Row 0: bold `Tollbooth 日本語` from column 1. Row 1: ` Buy now ` in reverse on columns 2–10.
/// Row 2: `¥480/月` green and underlined from column 1, `dim` at column 12. Row 3: a blue
/// (xterm 24) background on columns 14–19. Everything else is the dark background.
func snapshotCanvas() -> Canvas {
    var canvas = Canvas(width: 20, height: 4)
    canvas.put("Tollbooth 日本語", x: 1, y: 0, style: Style(bold: true))
    canvas.put(" Buy now ", x: 2, y: 1, style: Style(reverse: true))
    canvas.put("¥480/月", x: 1, y: 2, style: Style(fg: .green, underline: true))
    canvas.put("dim", x: 12, y: 2, style: Style(dim: true))
    canvas.fill(Rect(x: 14, y: 3, width: 6, height: 1), style: Style(bg: .indexed(24)))
    return canvas
}

@Suite struct SVGWriterTests {
    @Test func aSmallScreenMatchesItsGolden() {
        assertGolden(text: SVGWriter().svg(of: snapshotCanvas()), named: "snapshot.svg", in: goldenDirectory())
    }

    @Test func aWideCharacterFillsExactlyItsTwoCells() {
        var canvas = Canvas(width: 6, height: 1)
        canvas.put("a日b", x: 1, y: 0)
        let svg = SVGWriter().svg(of: canvas)
        #expect(svg.contains(##"<text xml:space="preserve" x="9" y="14" fill="#d0d0d0" textLength="9" lengthAdjust="spacingAndGlyphs">a</text>"##))
        #expect(svg.contains(##"<text xml:space="preserve" x="18" y="14" fill="#d0d0d0" textLength="18" lengthAdjust="spacingAndGlyphs">日</text>"##))
        #expect(svg.contains(##"<text xml:space="preserve" x="36" y="14" fill="#d0d0d0" textLength="9" lengthAdjust="spacingAndGlyphs">b</text>"##))
    }

    @Test func reverseSwapsTheColoursAndRunsOfBackgroundMerge() {
        var canvas = Canvas(width: 8, height: 1)
        canvas.put("OK", x: 1, y: 0, style: Style(fg: .red, bg: .indexed(24), reverse: true))
        canvas.put("  ", x: 3, y: 0, style: Style(fg: .white, bg: .ansi(1)))
        let svg = SVGWriter().svg(of: canvas)
        #expect(svg.contains(##"<rect x="9" y="0" width="36" height="18" fill="#cd0000"/>"##))
        #expect(svg.contains(##"fill="#005f87" textLength="18""##))
    }

    @Test func textIsEscapedForXML() throws {
        var canvas = Canvas(width: 20, height: 1)
        canvas.put("<b> & \"q\" 'x'\u{1B}[31m", x: 0, y: 0)
        let svg = SVGWriter().svg(of: canvas)
        #expect(svg.contains(">&lt;b&gt; &amp; &quot;q&quot; &apos;x&apos;</text>"))
        #expect(SVGWriter.escaped("a\u{0}\u{1B}\u{85}\u{FFFF}b") == "ab")
        #expect(try XMLDocument(xmlString: svg).rootElement()?.name == "svg")
    }

    @Test func theSameCanvasGivesTheSameBytes() {
        #expect(SVGWriter().svg(of: snapshotCanvas()) == SVGWriter().svg(of: snapshotCanvas()))
    }
}
