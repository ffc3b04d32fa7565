import Scenario
import TerminalUI
import Testing

private let esc = "\u{1B}"
private let fullRedraw = "\(esc)[0m\(esc)[?25l\(esc)[H\(esc)[2J"

private func canvas(_ width: Int, _ height: Int, _ draw: (inout Canvas) -> Void = { _ in }) -> Canvas {
    var c = Canvas(width: width, height: height)
    draw(&c)
    return c
}

@Suite struct FrameEncoderTests {
    let encoder = FrameEncoder()

    @Test func theFirstFrameClearsAndDrawsEveryCellThatIsNotBlank() {
        let frame = canvas(6, 2) { $0.put("ab", x: 0, y: 0, style: Style(bold: true)); $0.put("c", x: 2, y: 1) }
        #expect(encoder.encode(from: nil, to: frame) == "\(fullRedraw)\(esc)[1;1H\(esc)[0;1mab\(esc)[2;3H\(esc)[0mc")
    }

    @Test func aLaterFrameWritesOnlyTheCellsThatChanged() {
        let before = canvas(6, 2) { $0.put("abcd", x: 0, y: 0) }
        let after = canvas(6, 2) { $0.put("abXY", x: 0, y: 0); $0.put("z", x: 5, y: 1) }
        #expect(encoder.encode(from: before, to: after) == "\(esc)[1;3HXY\(esc)[2;6Hz")
        #expect(encoder.encode(from: after, to: after) == "")
    }

    @Test func aShortGapInTheSamePenIsWrittenRatherThanJumped() {
        let words = canvas(16, 1) { $0.put("a  b", x: 0, y: 0); $0.put("c", x: 10, y: 0); $0.put("d", x: 12, y: 0, style: Style(bold: true)) }
        #expect(encoder.encode(from: nil, to: words) == "\(fullRedraw)\(esc)[1;1Ha  b\(esc)[1;11Hc \(esc)[0;1md\(esc)[0m")
    }

    @Test func aNewSizeIsAFullRedraw() {
        let small = canvas(4, 2) { $0.put("ab", x: 0, y: 0) }
        let large = canvas(6, 3) { $0.put("ab", x: 0, y: 0) }
        #expect(encoder.encode(from: small, to: large) == "\(fullRedraw)\(esc)[1;1Hab")
    }

    @Test func aWideCharacterIsWrittenOnceAtItsLeadCell() {
        let japanese = canvas(6, 1) { $0.put("日本", x: 1, y: 0) }
        #expect(encoder.encode(from: nil, to: japanese) == "\(fullRedraw)\(esc)[1;2H日本")
        // Drawing over the right half of 日 blanks its lead: both cells go out, 本 stays.
        let overwritten = canvas(6, 1) { $0.put("日本", x: 1, y: 0); $0.put("x", x: 2, y: 0) }
        #expect(encoder.encode(from: japanese, to: overwritten) == "\(esc)[1;2H x")
    }

    @Test func graphemesGoOutAsTheRealTerminalWritesThem() {
        // A flag is its two region letters everywhere (docs/terminal.md §1.3).
        let flag = canvas(4, 1) { $0.put("🇯🇵", x: 0, y: 0) }
        #expect(encoder.encode(from: nil, to: flag) == "\(fullRedraw)\(esc)[1;1HJP")
    }

    @Test func stylesBecomeOneSGRFromAReset() {
        let styled = Style(fg: .ansi(9), bg: .indexed(236), bold: true, dim: true, italic: true, underline: true, reverse: true)
        #expect(encoder.sgr(styled) == "\(esc)[0;1;2;3;4;7;91;48;5;236m")
        #expect(encoder.sgr(Style(fg: .red, bg: .indexed(3))) == "\(esc)[0;31;43m")
        #expect(encoder.sgr(Style(fg: .indexed(12), bg: .ansi(8))) == "\(esc)[0;94;100m")
        #expect(encoder.sgr(.plain) == "\(esc)[0m")
        #expect(FrameEncoder(colorCount: 8).sgr(Style(fg: .ansi(9), bg: .indexed(196))) == "\(esc)[0;31;41m")
        #expect(FrameEncoder(colorCount: 0).sgr(Style(fg: .red, reverse: true)) == "\(esc)[0;7m")
    }

    @Test func thePenIsResetAtTheEndOfAFrame() {
        let frame = canvas(3, 1) { $0.put("x", x: 2, y: 0, style: Style(reverse: true)) }
        #expect(encoder.encode(from: nil, to: frame).hasSuffix("\(esc)[0;7mx\(esc)[0m"))
    }

    @Test func hostileTextCannotPutAControlCharacterInTheOutput() {
        let hostile = ["\(esc)[2J\(esc)]0;owned\u{7}", "\u{9B}31mred", "a\u{0}b\u{8}c\r\nd", "\u{202E}evil\u{85}", "\(esc)P+q\(esc)\\x", "\u{7F}\u{9D}8;;x\u{9C}"]
        var before: Canvas?
        for (i, text) in hostile.enumerated() {
            let frame = canvas(30, 6) { $0.put(SafeText(text), x: i, y: i, style: Style(fg: .red)) }
            var model = VTModel(width: 30, height: 6)
            if let before { model.feed(encoder.encode(from: nil, to: before)) }
            model.feed(encoder.encode(from: before, to: frame))
            #expect(model.unknown == [], "hostile \(text.debugDescription)")
            before = frame
        }
    }

    @Test func replayingTheFramesGivesEachCanvasExactly() {
        var random = SplitMix(seed: 7)
        let words: [SafeText] = ["ab", "日本", "x", "プレミアム", "  ", "¥480/月", "Premium Yearly", "e\u{301}"]
        let styles = [Style.plain, Style(bold: true), Style(fg: .green, reverse: true), Style(fg: .indexed(208), bg: .ansi(4), underline: true)]
        var size = Size(width: 12, height: 4)
        var model = VTModel(width: size.width, height: size.height)
        var previous: Canvas?
        var frame = Canvas(size: size)
        for step in 0..<300 {
            if step % 50 == 49 {
                size = Size(width: 8 + random.next(9), height: 2 + random.next(4))
                model.resize(width: size.width, height: size.height)
                var resized = Canvas(size: size)
                resized.draw(frame, at: .zero)
                frame = resized
            }
            for _ in 0..<(1 + random.next(3)) {
                let word = words[random.next(words.count)], style = styles[random.next(styles.count)]
                if random.next(6) == 0 {
                    frame.fill(Rect(x: random.next(size.width), y: random.next(size.height), width: 3, height: 2), style: style)
                } else {
                    frame.put(word, x: random.next(size.width + 2) - 2, y: random.next(size.height), style: style)
                }
            }
            let bytes = encoder.encode(from: previous, to: frame)
            model.feed(bytes)
            #expect(model.unknown == [], "step \(step)")
            #expect(model.cells == VTModel.expected(frame, encoder: encoder), "step \(step): \(bytes.debugDescription)")
            if model.cells != VTModel.expected(frame, encoder: encoder) { return }
            previous = frame
        }
    }
}

/// A small seeded generator, so the replay test is the same on every run.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    /// A number in 0..<bound.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
