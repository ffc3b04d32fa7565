import Testing
@testable import TerminalUI

@Suite("Input decoding")
struct InputTests {
    @Test("raw-mode bytes become keys: Ctrl-C is a key, not a signal")
    func rawKeys() {
        #expect(Key(rawScalar: "\u{03}") == .control("c"))
        #expect(Key(rawScalar: "\u{01}") == .control("a"))
        #expect(Key(rawScalar: "\r") == .enter)
        #expect(Key(rawScalar: "\n") == .enter)
        #expect(Key(rawScalar: "\t") == .tab)
        #expect(Key(rawScalar: "\u{1B}") == .escape)
        #expect(Key(rawScalar: "\u{7F}") == .backspace)
        #expect(Key(rawScalar: "\u{1F}") == .control("_"))
        #expect(Key(rawScalar: "日") == .character("日"))
        #expect(Key(rawScalar: "q") == .character("q"))
    }

    @Test("press and release on the same cell make a click; a drag does not")
    func clicks() {
        var tracker = ClickTracker()
        let at = Point(x: 9, y: 4)
        #expect(tracker.events(for: MouseEvent(kind: .press, point: at)).map(\.kind) == [.press])
        let released = tracker.events(for: MouseEvent(kind: .release, point: at))
        #expect(released == [MouseEvent(kind: .release, point: at), MouseEvent(kind: .click, point: at)])
        _ = tracker.events(for: MouseEvent(kind: .press, point: at))
        #expect(tracker.events(for: MouseEvent(kind: .release, point: Point(x: 12, y: 4))).map(\.kind) == [.release])
        // A release with no press before it (the press happened before we started) is no click.
        #expect(tracker.events(for: MouseEvent(kind: .release, point: at)).map(\.kind) == [.release])
    }

    @Test("colours degrade for 8-colour and NO_COLOR terminals")
    func colourDegradation() {
        #expect(Color.indexed(196).approximated(forColorCount: 8) == .red)
        #expect(Color.indexed(21).approximated(forColorCount: 8) == .blue)
        #expect(Color.indexed(46).approximated(forColorCount: 8) == .green)
        #expect(Color.indexed(231).approximated(forColorCount: 8) == .white)
        #expect(Color.indexed(16).approximated(forColorCount: 8) == .black)
        #expect(Color.ansi(9).approximated(forColorCount: 8) == .red)
        #expect(Color.indexed(196).approximated(forColorCount: 256) == .indexed(196))
        #expect(Color.indexed(196).approximated(forColorCount: 0) == .default)
        #expect(Color.ansi(2).approximated(forColorCount: 0) == .default)
    }
}
