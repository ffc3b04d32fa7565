/// Where canvases are shown and input comes from: the real terminal (`NcursesTerminal`) or the
/// headless one used by tests, audits and recordings (`MemoryTerminal`).
///
/// The app's loop runs on one thread: `readEvent` until input, a signal, a wake-up or the next
/// moment something on screen can change; handle the event and any other queues, `present` the
/// new canvas. Implementations are not required to be thread-safe beyond that (ncurses certainly
/// is not); `waker` is what other threads hold.
public protocol Terminal: AnyObject {
    /// The current size in cells; changes only after a `.resize` event has been read.
    var size: Size { get }
    /// What the terminal can show.
    var capabilities: TerminalCapabilities { get }
    /// Shows `canvas`, drawn from the top-left corner and clipped to `size`.
    func present(_ canvas: Canvas)
    /// The next input event, waiting at most `timeoutMilliseconds` (0 polls, negative waits until
    /// something arrives); nil when nothing arrived in time.
    func readEvent(timeoutMilliseconds: Int) -> InputEvent?
    /// Gives the terminal back to the shell. Safe to call more than once.
    func shutdown()
    /// What other threads call when they have posted something for the loop.
    var waker: any InputWaker { get }
}

/// Makes a terminal's `readEvent` that is waiting (on another thread) return nil now, or the
/// next one return at once if none is waiting.
public protocol InputWaker: Sendable {
    func wake()
}

/// What a terminal can show and report.
public struct TerminalCapabilities: Hashable, Sendable {
    /// 0 (no colour, e.g. `NO_COLOR`), 8 or 256. Canvases may use any `Color`; presenting
    /// approximates it (`Color.approximated(forColorCount:)`). Attributes are always kept.
    public var colorCount: Int
    /// Whether mouse reports are enabled.
    public var mouse: Bool

    public init(colorCount: Int, mouse: Bool) {
        self.colorCount = colorCount
        self.mouse = mouse
    }

    /// 256 colours and a mouse: a modern xterm-compatible terminal.
    public static let full = TerminalCapabilities(colorCount: 256, mouse: true)
}
