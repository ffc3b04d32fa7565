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

extension TerminalContractTests {
    @Test("a press and a later release (a slow click) decode from SGR reports into a click")
    func slowClick() throws {
        let driver = try NcursesDriver()
        defer { driver.ncurses.shutdown() }
        driver.pty.send("\u{1B}[<0;10;5M")
        #expect(collect(1, from: driver.ncurses) == [.mouse(MouseEvent(kind: .press, point: Point(x: 9, y: 4)))])
        driver.pty.send("\u{1B}[<0;10;5m")
        #expect(collect(2, from: driver.ncurses) == [
            .mouse(MouseEvent(kind: .release, point: Point(x: 9, y: 4))),
            .mouse(MouseEvent(kind: .click, point: Point(x: 9, y: 4))),
        ])
        // Pressed on one plan, released on another: a drag, not a click.
        driver.pty.send("\u{1B}[<2;3;3M")
        #expect(collect(1, from: driver.ncurses).first == .mouse(MouseEvent(kind: .press, button: .right, point: Point(x: 2, y: 2))))
        driver.pty.send("\u{1B}[<2;3;7m")
        #expect(collect(1, from: driver.ncurses) == [.mouse(MouseEvent(kind: .release, button: .right, point: Point(x: 2, y: 6)))])
        #expect(driver.ncurses.readEvent(timeoutMilliseconds: 30) == nil)
    }

    @Test("SIGTERM does not kill the process: readEvent returns .signal promptly")
    func signals() throws {
        let driver = try NcursesDriver()
        defer { driver.ncurses.shutdown() }
        let start = Date()
        kill(getpid(), SIGTERM)
        var event: InputEvent?
        // The app loop asks for 16 ms at a time; a caller asking for longer is still woken in ≤ 50 ms.
        event = driver.ncurses.readEvent(timeoutMilliseconds: 2_000)
        #expect(event == .signal(SIGTERM))
        #expect(Date().timeIntervalSince(start) < 1.0)
        kill(getpid(), SIGHUP)
        #expect(collect(1, from: driver.ncurses) == [.signal(SIGHUP)])
    }

    @Test("start-up refuses a pipe, an unset TERM, TERM=dumb and an unknown TERM with one sentence")
    func startUpErrors() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        #expect(throws: TerminalError.notATerminal) {
            try NcursesTerminal(input: fds[0], output: fds[1], environment: ["TERM": "xterm"])
        }
        let pty = PseudoTerminal(size: Size(width: 80, height: 24))
        #expect(throws: TerminalError.termUnset) {
            try NcursesTerminal(input: pty.slave, output: pty.slave, environment: [:])
        }
        #expect(throws: TerminalError.dumbTerminal) {
            try NcursesTerminal(input: pty.slave, output: pty.slave, environment: ["TERM": "dumb"])
        }
        #expect(throws: TerminalError.unknownTerminalType("no-such-terminal")) {
            try NcursesTerminal(input: pty.slave, output: pty.slave, environment: ["TERM": "no-such-terminal"])
        }
        // A failed start leaves nothing open: a real session starts right after.
        let open = try NcursesTerminal(input: pty.slave, output: pty.slave, environment: ["TERM": "xterm-256color"])
        #expect(throws: TerminalError.alreadyActive) {
            try NcursesTerminal(input: pty.slave, output: pty.slave, environment: ["TERM": "xterm-256color"])
        }
        open.shutdown()
        for error in [TerminalError.notATerminal, .termUnset, .dumbTerminal, .unknownTerminalType("x"), .alreadyActive] {
            #expect(error.description.hasSuffix("."))
            #expect(error.description.filter { $0 == "." }.count <= 2)  // one sentence (TERM=xterm-256color has a dot)
        }
    }

    @Test("NO_COLOR drops colours but keeps bold and reverse")
    func noColor() throws {
        let driver = try NcursesDriver(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])
        defer { driver.ncurses.shutdown() }
        #expect(driver.ncurses.capabilities.colorCount == 0)
        var canvas = Canvas(size: driver.ncurses.size)
        canvas.put("Buy", x: 1, y: 1, style: Style(fg: .indexed(196), bg: .blue, bold: true))
        driver.ncurses.present(canvas)
        let out = String(decoding: driver.pty.drain(), as: UTF8.self)
        #expect(out.contains("Buy"))
        #expect(out.contains("\u{1B}[1m") || out.contains(";1m") || out.contains("[0;1m"))
        #expect(!out.contains("38;5;") && !out.contains("\u{1B}[31m") && !out.contains("\u{1B}[44m"))
    }

    @Test("an 8-colour terminal gets the nearest ANSI colour for an indexed one")
    func eightColours() throws {
        let driver = try NcursesDriver(environment: ["TERM": "xterm"])
        defer { driver.ncurses.shutdown() }
        #expect(driver.ncurses.capabilities.colorCount == 8)
        var canvas = Canvas(size: driver.ncurses.size)
        canvas.put("Sale", x: 1, y: 1, style: Style(fg: .indexed(196)))
        driver.ncurses.present(canvas)
        let out = String(decoding: driver.pty.drain(), as: UTF8.self)
        #expect(out.contains("\u{1B}[31m"))
        #expect(!out.contains("38;5;196"))
    }
}
