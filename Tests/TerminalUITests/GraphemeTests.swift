import Testing
@testable import TerminalUI

/// The graphemes that are more than one scalar: flags, ZWJ families, VS16, skin tones and
/// combining marks (issue 11).
enum Graphemes {
    static let flag = "\u{1F1EF}\u{1F1F5}"  // 🇯🇵
    static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"  // 👨‍👩‍👧‍👦
    static let heart = "\u{2764}\u{FE0F}"  // ❤️
    static let thumb = "\u{1F44D}\u{1F3FD}"  // 👍🏽
    static let accent = "e\u{301}"  // é, decomposed
    static let all = [flag, family, heart, thumb, accent]
    /// All five between bars: the bars land where a terminal draws them.
    static let name = "|\(all.joined(separator: "|"))|"
    /// The columns of the bars in `name`, as xterm, kitty and `wcwidth.wcswidth` measure it.
    static let barColumns = [0, 3, 6, 9, 12, 14]
}

@Suite("Grapheme clusters stay whole and as wide as the terminal draws them")
struct GraphemeTests {
    @Test("each sequence is one Character, two columns wide except the accented letter")
    func widths() {
        for g in Graphemes.all { #expect(g.count == 1, "\(g.unicodeScalars.map(\.value)) is not one grapheme") }
        #expect(TextWidth.of(Character(Graphemes.flag)) == 2)
        #expect(TextWidth.of(Character(Graphemes.family)) == 2)
        #expect(TextWidth.of(Character(Graphemes.heart)) == 2)
        #expect(TextWidth.of(Character(Graphemes.thumb)) == 2)
        #expect(TextWidth.of(Character("\u{261D}\u{1F3FD}")) == 2)  // ☝🏽: a narrow base
        #expect(TextWidth.of(Character("#\u{FE0F}\u{20E3}")) == 2)  // #️⃣
        #expect(TextWidth.of(Character(Graphemes.accent)) == 1)
        // Without the sequence, wcwidth of the scalar still decides.
        #expect(TextWidth.of(Character("\u{2764}")) == 1)
        #expect(TextWidth.of(Character("\u{1F1EF}")) == 1)
        #expect(TextWidth.of(Character("a\u{FE0F}")) == 1)  // VS16 after a letter is no emoji
        #expect(TextWidth.of(Graphemes.name) == 15)
    }

    @Test("a card's right border lands in the same column after emoji sequences as after plain text")
    func borderAfterSequences() {
        var card = Canvas(width: 24, height: 4)
        card.box(Rect(x: 0, y: 0, width: 24, height: 4))
        card.put(SafeText(Graphemes.name), x: 2, y: 1, maxWidth: 20)
        card.put("Plain name, same box", x: 2, y: 2, maxWidth: 20)
        #expect(card.find("|").map(\.x) == Graphemes.barColumns.map { $0 + 2 })
        #expect(card.find("│").map(\.x) == [0, 23, 0, 23])
        // Each grapheme is one cell, whole, followed by its stub.
        for (i, g) in Graphemes.all.enumerated() {
            let x = 2 + Graphemes.barColumns[i] + 1
            #expect(card.cell(at: Point(x: x, y: 1))?.character == Character(g))
            #expect(card.cell(at: Point(x: x + 1, y: 1))?.isContinuation == (g != Graphemes.accent))
        }
        #expect(card.line(1) == "│ \(Graphemes.name)      │")
    }

    @Test("a sequence that does not fit before the edge becomes spaces, not half a picture")
    func clipped() {
        var canvas = Canvas(width: 4, height: 1)
        #expect(canvas.put(SafeText("ab" + Graphemes.heart), x: 0, y: 0, maxWidth: 3) == 3)
        #expect(canvas.line(0) == "ab")
        canvas.put(SafeText(Graphemes.family), x: 2, y: 0)
        canvas.put("x", x: 3, y: 0)  // over the stub: the family goes, whole
        #expect(canvas.line(0) == "ab x")
    }

    @Test("the terminal gets only scalars every emulator measures alike, padded to the canvas width")
    func terminalPieces() {
        func pieces(_ g: String) -> [String] {
            TerminalGlyph.pieces(Character(g), width: TextWidth.of(Character(g))).map { String(String.UnicodeScalarView($0)) }
        }
        #expect(pieces(Graphemes.flag) == ["J", "P"])
        #expect(pieces(Graphemes.family) == ["\u{1F468}"])
        #expect(pieces(Graphemes.heart) == ["\u{2764}", " "])
        #expect(pieces(Graphemes.thumb) == ["\u{1F44D}"])
        #expect(pieces(Graphemes.accent) == [Graphemes.accent])
        #expect(pieces("日") == ["日"])
        // More marks than a cchar_t holds: the base and the first four.
        let zalgo = "a" + String(repeating: "\u{301}", count: 7)
        #expect(pieces(zalgo) == ["a" + String(repeating: "\u{301}", count: 4)])
    }
}

extension TerminalContractTests {
    /// What ncurses believes is on screen, compared column by column with the canvas: a flag or
    /// a VS16 heart measured differently by the two would move the bar after it.
    @Test("ncurses puts the border after emoji sequences in the canvas's column, and leaves no stray cell")
    func ncursesSequences() throws {
        let driver = try NcursesDriver()
        defer { driver.ncurses.shutdown() }
        func canvas(selected: Bool) -> Canvas {
            var c = Canvas(size: driver.ncurses.size)
            c.box(Rect(x: 0, y: 0, width: 24, height: 4))
            c.put(SafeText(Graphemes.name), x: 2, y: 1, style: Style(reverse: selected), maxWidth: 20)
            c.put("Plain", x: 2, y: 2, style: Style(reverse: !selected))
            return c
        }
        let expected = "│ |JP|\u{1F468}|\u{2764} |\u{1F44D}|\(Graphemes.accent)|      │"
        for selected in [true, false, true] {
            driver.ncurses.present(canvas(selected: selected))
            let out = String(decoding: driver.pty.drain(), as: UTF8.self)
            let row = driver.ncurses.windowText().split(separator: "\n", omittingEmptySubsequences: false)[1]
            #expect(row == expected)
            let border = try #require(row.lastIndex(of: "│"))
            #expect(TextWidth.of(row[..<border]) == 23)
            let disputed = out.unicodeScalars.filter {
                $0.value == 0x200D || $0.value == 0xFE0F || EmojiSequence.isRegionalIndicator($0) || $0.properties.isEmojiModifier
            }
            #expect(disputed.isEmpty, "sent \(disputed.map { String($0.value, radix: 16) })")
        }
    }
}
