import Testing
@testable import TerminalUI

@Suite("MemoryTerminal")
struct MemoryTerminalTests {
    @Test("scripted input comes back in order, then nil without waiting")
    func scriptedInput() {
        let terminal = MemoryTerminal()
        terminal.enqueue(.key(.down), .key(.down))
        terminal.enqueueTyping("y\u{03}")
        terminal.enqueueClick(at: Point(x: 3, y: 2))
        var events: [InputEvent] = []
        while let e = terminal.readEvent(timeoutMilliseconds: 10_000) { events.append(e) }
        #expect(events.count == 7)
        #expect(events[0...3] == [.key(.down), .key(.down), .key(.character("y")), .key(.control("c"))])
        #expect(events.last == .mouse(MouseEvent(kind: .click, point: Point(x: 3, y: 2))))
        #expect(terminal.pendingEventCount == 0)
    }

    @Test("the screen is the last canvas clipped to the terminal, with its hit regions")
    func screen() {
        let terminal = MemoryTerminal(size: Size(width: 10, height: 2))
        var canvas = Canvas(width: 12, height: 3)
        canvas.put("Pro ¥480/月 yes", x: 0, y: 0)
        canvas.addRegion(Rect(x: 0, y: 0, width: 3, height: 1), id: "plan.pro")
        terminal.present(canvas)
        #expect(terminal.screen.size == Size(width: 10, height: 2))
        #expect(terminal.screen.text() == "Pro ¥480/\n")
        #expect(terminal.screen.region(at: Point(x: 1, y: 0)) == "plan.pro")
    }

    @Test("frame statistics count only the cells a selection move changes")
    func frameStatistics() {
        let terminal = MemoryTerminal(size: Size(width: 40, height: 10))
        func frame(selected: Int) -> Canvas {
            var c = Canvas(width: 40, height: 10)
            for row in 0..<5 {
                c.put("Plan \(row)", x: 2, y: row, style: Style(reverse: row == selected), maxWidth: 10)
            }
            return c
        }
        terminal.present(frame(selected: 0))
        terminal.present(frame(selected: 1))
        terminal.present(frame(selected: 1))
        #expect(terminal.frameCount == 3)
        #expect(terminal.changedCellsPerFrame == [400, 12, 0])
    }

    @Test("resize delivers .resize, the size changes as it is read, the next frame is a full redraw")
    func resize() {
        let terminal = MemoryTerminal()
        terminal.present(Canvas(width: 80, height: 24))
        terminal.resize(to: Size(width: 100, height: 30))
        #expect(terminal.size == Size(width: 80, height: 24))
        #expect(terminal.readEvent(timeoutMilliseconds: 0) == .resize(Size(width: 100, height: 30)))
        #expect(terminal.size == Size(width: 100, height: 30))
        terminal.present(Canvas(width: 100, height: 30))
        #expect(terminal.changedCellsPerFrame.last == 3000)
        terminal.shutdown()
        terminal.shutdown()
        #expect(terminal.isShutDown)
    }
}
