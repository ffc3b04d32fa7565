import Foundation
import Testing
@testable import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

/// Drives one terminal implementation the way a user and a window manager would.
protocol ContractDriver: AnyObject {
    var terminal: any Terminal { get }
    func type(_ text: String)
    func press(_ key: Key)
    func click(at point: Point)
    func wheelUp(at point: Point)
    func resize(to size: Size)
    /// What the terminal holds on screen, as `Canvas.text()` renders it.
    func visibleText() -> String
}

final class MemoryDriver: ContractDriver {
    let memory = MemoryTerminal(size: Size(width: 80, height: 24))
    var terminal: any Terminal { memory }
    func type(_ text: String) { memory.enqueueTyping(text) }
    func press(_ key: Key) { memory.enqueue(.key(key)) }
    func click(at point: Point) { memory.enqueueClick(at: point) }
    func wheelUp(at point: Point) { memory.enqueue(.mouse(MouseEvent(kind: .wheelUp, button: .none, point: point))) }
    func resize(to size: Size) { memory.resize(to: size) }
    func visibleText() -> String { trimmedText(memory.screen) }
}

final class NcursesDriver: ContractDriver {
    let pty = PseudoTerminal(size: Size(width: 80, height: 24))
    let ncurses: NcursesTerminal
    var terminal: any Terminal { ncurses }

    init(environment: [String: String] = ["TERM": "xterm-256color"]) throws {
        ncurses = try NcursesTerminal(input: pty.slave, output: pty.slave, environment: environment)
        _ = pty.drain()
    }

    func type(_ text: String) { pty.send(text) }
    func press(_ key: Key) {
        // keypad() switches xterm to application cursor keys (smkx), so arrows arrive as ESC O A.
        let sequences: [Key: String] = [.up: "\u{1B}OA", .down: "\u{1B}OB", .right: "\u{1B}OC", .left: "\u{1B}OD", .escape: "\u{1B}"]
        pty.send(sequences[key]!)
    }
    /// xterm SGR (1006) reports, 1-based: press `M`, release `m`.
    func click(at p: Point) { pty.send("\u{1B}[<0;\(p.x + 1);\(p.y + 1)M\u{1B}[<0;\(p.x + 1);\(p.y + 1)m") }
    func wheelUp(at p: Point) { pty.send("\u{1B}[<64;\(p.x + 1);\(p.y + 1)M") }
    func resize(to size: Size) { pty.resize(to: size) }
    func visibleText() -> String {
        _ = pty.drain(quietMilliseconds: 5)  // keep the pty from filling up
        return trimmingEmptyRows(ncurses.windowText())
    }
}

/// Reads until `count` events arrived or `seconds` passed — waiting on a condition, not a sleep.
func collect(_ count: Int, from terminal: any Terminal, seconds: Double = 3) -> [InputEvent] {
    var events: [InputEvent] = []
    let deadline = Date().addingTimeInterval(seconds)
    while events.count < count && Date() < deadline {
        if let e = terminal.readEvent(timeoutMilliseconds: 16) { events.append(e) }
    }
    return events
}

/// The canvas text with trailing empty rows removed, as `visibleText` reports it.
func trimmedText(_ canvas: Canvas) -> String { trimmingEmptyRows(canvas.text()) }

func trimmingEmptyRows(_ text: String) -> String {
    var text = text
    while text.hasSuffix("\n") { text.removeLast() }
    return text
}

func paywallCanvas(_ size: Size, selected: Int) -> Canvas {
    var c = Canvas(size: size)
    let card = Rect(x: 2, y: 1, width: min(50, size.width - 4), height: 8)
    c.box(card, style: Style(fg: .indexed(75)))
    c.put("プレミアムに登録 ¥480/月 👍", x: 4, y: 2, style: Style(bold: true))
    for (i, plan) in ["Monthly  ¥480", "Yearly ¥4,800", "Lifetime ¥9,800"].enumerated() {
        c.put(TextWidth.pad(SafeText(plan), toWidth: 30), x: 4, y: 4 + i,
              style: Style(fg: .green, reverse: i == selected))
    }
    return c
}

/// The cases are ordered, so the first failing step names itself.
enum Backend: String, CaseIterable, CustomTestStringConvertible {
    case memory, ncurses
    var testDescription: String { rawValue }
    func driver() throws -> any ContractDriver {
        switch self {
        case .memory: return MemoryDriver()
        case .ncurses: return try NcursesDriver()
        }
    }
}

/// Everything that touches ncurses or process signals runs one test at a time: ncurses keeps
/// global state, and only one session may be open per process.
@Suite("Terminal contract and the ncurses backend", .serialized)
struct TerminalContractTests {
    @Test("the same scripted session behaves the same on both terminals", arguments: Backend.allCases)
    func contract(backend: Backend) throws {
        let driver = try backend.driver()
        let terminal = driver.terminal
        #expect(terminal.size == Size(width: 80, height: 24))
        #expect(terminal.capabilities.mouse)

        let first = paywallCanvas(terminal.size, selected: 0)
        terminal.present(first)
        #expect(driver.visibleText() == trimmedText(first))

        driver.type("q日\u{03}\r")
        #expect(collect(4, from: terminal) == [.key(.character("q")), .key(.character("日")), .key(.control("c")), .key(.enter)])

        driver.press(.up)
        driver.press(.down)
        #expect(collect(2, from: terminal) == [.key(.up), .key(.down)])
        driver.press(.escape)
        #expect(collect(1, from: terminal) == [.key(.escape)])

        let at = Point(x: 9, y: 4)
        driver.click(at: at)
        #expect(collect(3, from: terminal) == [
            .mouse(MouseEvent(kind: .press, point: at)),
            .mouse(MouseEvent(kind: .release, point: at)),
            .mouse(MouseEvent(kind: .click, point: at)),
        ])
        driver.wheelUp(at: Point(x: 2, y: 1))
        #expect(collect(1, from: terminal) == [.mouse(MouseEvent(kind: .wheelUp, button: .none, point: Point(x: 2, y: 1)))])

        let moved = paywallCanvas(terminal.size, selected: 1)
        terminal.present(moved)
        #expect(driver.visibleText() == trimmedText(moved))

        let newSize = Size(width: 60, height: 20)
        driver.resize(to: newSize)
        #expect(collect(1, from: terminal) == [.resize(newSize)])
        #expect(terminal.size == newSize)
        let resized = paywallCanvas(newSize, selected: 2)
        terminal.present(resized)
        #expect(driver.visibleText() == trimmedText(resized))

        #expect(terminal.readEvent(timeoutMilliseconds: 0) == nil)
        terminal.shutdown()
        terminal.shutdown()
    }
}
