/// A terminal that lives in memory: scripted input, the last presented screen, frame statistics.
///
/// Shipped in the library (as swift-log ships its in-memory handler) so tests, the disclosure
/// audit, recordings and benchmarks all drive the app exactly as the real terminal would. It is
/// deterministic: unless made with `waitsForInput`, `readEvent` never waits — it returns the next
/// scripted event, or nil at once — so time in a test is whatever the test's clock says. It is
/// thread-safe, so a test may script input from another task while the app loop runs.
///
/// A terminal that `waitsForInput` blocks in `readEvent` as the real one does, until input is
/// scripted, its `waker` is called or the timeout passes: the app's runtime, which sleeps in
/// `readEvent` when nothing can change, runs on it without spinning.
public final class MemoryTerminal: Terminal, Sendable {
    private struct State {
        var size: Size
        var queue: [InputEvent] = []
        var screen: Canvas
        var changedCells: [Int] = []
        var fullRedrawPending = true  // the first frame paints everything, as on a real terminal
        var isShutDown = false
    }

    private let state: Locked<State>
    /// Whether `readEvent` waits for input (see the type's comment).
    private let waitsForInput: Bool
    private let arrivals = InputArrivals()
    /// What this terminal pretends to support.
    public let capabilities: TerminalCapabilities

    /// A terminal of `size` (80×24 unless given) that claims `capabilities`; with
    /// `waitsForInput`, `readEvent` waits as a real terminal's does.
    public init(size: Size = Size(width: 80, height: 24), capabilities: TerminalCapabilities = .full, waitsForInput: Bool = false) {
        self.capabilities = capabilities
        self.waitsForInput = waitsForInput
        state = Locked(State(size: size, screen: Canvas(size: size)))
    }

    /// Whether a `readEvent` is waiting with no deadline: the reader has nothing to do until
    /// input or a wake-up comes (tests check that an idle app gets there and stays).
    public var isWaitingWithoutDeadline: Bool { arrivals.isWaitingWithoutDeadline }

    public var size: Size { state.withLock { $0.size } }

    /// What the user would see now: the last presented canvas, clipped or padded to `size`
    /// (hit regions included, so a test can click what is on screen).
    public var screen: Canvas { state.withLock { $0.screen } }

    /// How many canvases have been presented.
    public var frameCount: Int { state.withLock { $0.changedCells.count } }

    /// For each presented frame, how many cells differed from the frame before (all of them after
    /// a resize). This is what a diffing terminal writes; the "bytes per selection move"
    /// benchmark compares it with `size.width * size.height`.
    public var changedCellsPerFrame: [Int] { state.withLock { $0.changedCells } }

    /// Events scripted but not yet read.
    public var pendingEventCount: Int { state.withLock { $0.queue.count } }

    /// Whether `shutdown()` has been called.
    public var isShutDown: Bool { state.withLock { $0.isShutDown } }

    /// Scripts input, read back in order by `readEvent`.
    public func enqueue(_ events: [InputEvent]) {
        state.withLock { $0.queue.append(contentsOf: events) }
        arrivals.announce()
    }

    /// Scripts input, read back in order by `readEvent`.
    public func enqueue(_ events: InputEvent...) { enqueue(events) }

    /// Scripts a mouse click as a real terminal reports it: press, release, click.
    public func enqueueClick(at point: Point, button: MouseEvent.Button = .left) {
        enqueue([
            .mouse(MouseEvent(kind: .press, button: button, point: point)),
            .mouse(MouseEvent(kind: .release, button: button, point: point)),
            .mouse(MouseEvent(kind: .click, button: button, point: point)),
        ])
    }

    /// Scripts typing: one `.key(.character)` (or `.enter`, `.control`…) per character.
    public func enqueueTyping(_ text: String) {
        enqueue(text.unicodeScalars.map { .key(Key(rawScalar: $0)) })
    }

    /// Scripts a window resize. As on the real terminal, `size` changes when the app reads the
    /// `.resize` event, and the frame after it is a full redraw.
    public func resize(to newSize: Size) {
        enqueue(.resize(newSize))
    }

    public func present(_ canvas: Canvas) {
        state.withLock { s in
            var next = Canvas(size: s.size)
            next.draw(canvas, at: .zero)
            let full = s.fullRedrawPending || s.screen.size != next.size
            s.changedCells.append(full ? next.width * next.height : next.changedCellCount(comparedTo: s.screen))
            s.screen = next
            s.fullRedrawPending = false
        }
    }

    /// The next scripted event; when none is left, nil at once, or (`waitsForInput`) after
    /// waiting up to the timeout for input or its `waker`.
    public func readEvent(timeoutMilliseconds: Int) -> InputEvent? {
        guard waitsForInput, timeoutMilliseconds != 0 else { return takeScripted() }
        return arrivals.wait(timeoutMilliseconds: timeoutMilliseconds, for: takeScripted)
    }

    public var waker: any InputWaker { arrivals }

    private func takeScripted() -> InputEvent? {
        state.withLock { s in
            guard !s.queue.isEmpty else { return nil }
            let event = s.queue.removeFirst()
            if case .resize(let newSize) = event {
                s.size = newSize
                s.fullRedrawPending = true
            }
            return event
        }
    }

    public func shutdown() {
        state.withLock { $0.isShutDown = true }
    }
}

extension Canvas {
    /// Cells that differ from `other` (same size assumed; otherwise every cell).
    func changedCellCount(comparedTo other: Canvas) -> Int {
        guard size == other.size else { return width * height }
        var n = 0
        for i in cells.indices where cells[i] != other.cells[i] { n += 1 }
        return n
    }
}
