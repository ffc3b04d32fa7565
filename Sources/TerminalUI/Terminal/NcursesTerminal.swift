import CNCursesW
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if os(Linux)
typealias WindowPointer = UnsafeMutablePointer<WINDOW>
#else
typealias WindowPointer = OpaquePointer
#endif

/// The real terminal, through ncursesw, set up exactly as docs/terminal.md §1.2 prescribes.
///
/// - Start-up refuses, with a one-sentence `TerminalError`, when stdin/stdout is not a tty or
///   `TERM` is unset or `dumb`, instead of letting `initscr` print and exit.
/// - SIGINT, SIGTERM, SIGHUP and SIGQUIT are ignored before ncurses starts and come back from `readEvent`
///   as `.signal(n)` at once (the signal watcher wakes the wait); the app then quits through
///   its normal path. Ctrl-C typed in raw mode is `.key(.control("c"))`.
/// - `readEvent` sleeps in poll(2) on the tty and a `WakePipe` until a key, a signal, a resize,
///   the `waker` or its timeout: an idle paywall wakes only when something can change.
/// - `present` writes only the cells that differ from the previous canvas, each as `cchar_t`s
///   (so borders go out as Unicode, never ACS `ESC ( 0`; emoji sequences in a form ncurses and the
///   terminal measure alike, see `TerminalGlyph`), then `wnoutrefresh` + `doupdate`.
///   Moving a selection therefore costs a few dozen bytes, not a repaint.
/// - `NO_COLOR` turns colours off (attributes stay); 256-colour canvases are approximated on
///   8-colour terminals. Colour pairs are allocated lazily per (fg, bg).
/// - `shutdown()` restores the terminal and is idempotent; it also runs from `deinit`, and an
///   `atexit` hook calls `endwin()` if the process exits with a session still open.
///
/// Uses `newterm` rather than `initscr`, so the same code drives any tty pair (the contract test
/// runs it over a pseudo-terminal) and failures are errors, not exits. Only one session can be open
/// per process; all calls must come from the thread that created it.
public final class NcursesTerminal: Terminal {
    public private(set) var size: Size
    public let capabilities: TerminalCapabilities

    private let screenHandle: OpaquePointer
    private let window: WindowPointer
    private let outputFile: UnsafeMutablePointer<FILE>
    private let inputFile: UnsafeMutablePointer<FILE>
    private let signals: SignalWatcher
    private let wakePipe: WakePipe
    /// The tty's input descriptor (the duplicate ncurses reads), which `readEvent` polls.
    private let inputDescriptor: Int32
    private var previous: Canvas?
    private var needsFullRedraw = true
    private var pending: [InputEvent] = []
    private var clicks = ClickTracker()
    private var pairs: [PairKey: Int32] = [:]
    private var nextPair: Int32 = 1
    private var isShutDown = false

    /// The `TERM` a session on these descriptors would use, or the reason there can be none:
    /// what opening one checks first, for a command to check before it writes anything.
    @discardableResult
    public static func usableTerminal(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO,
                                      environment: [String: String] = ProcessInfo.processInfo.environment) throws(TerminalError) -> String {
        guard isatty(input) == 1, isatty(output) == 1 else { throw TerminalError.notATerminal }
        guard let term = environment["TERM"], !term.isEmpty else { throw TerminalError.termUnset }
        guard term != "dumb" else { throw TerminalError.dumbTerminal }
        return term
    }

    /// Opens the process's own terminal (stdin and stdout).
    public convenience init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        try self.init(input: STDIN_FILENO, output: STDOUT_FILENO, environment: environment)
    }

    /// Opens a session on the given tty descriptors (they are duplicated, not taken over), with
    /// `TERM` and `NO_COLOR` read from `environment`.
    public init(input: Int32, output: Int32, environment: [String: String]) throws {
        let term = try Self.usableTerminal(input: input, output: output, environment: environment)
        guard Session.begin() else { throw TerminalError.alreadyActive }

        guard let wakePipe = WakePipe() else {
            Session.end()
            throw TerminalError.notATerminal
        }
        self.wakePipe = wakePipe
        _ = TextWidth.isUTF8LocaleActive  // 1. setlocale, before ncurses reads the codeset
        signals = SignalWatcher.shared  // 2. ignore SIGINT/TERM/HUP before ncurses could claim them
        signals.arm(waker: wakePipe)

        let dupOut = dup(output), dupIn = dup(input)
        guard dupOut >= 0, dupIn >= 0, let out = fdopen(dupOut, "w"), let inp = fdopen(dupIn, "r") else {
            signals.disarm()
            Session.end()
            throw TerminalError.notATerminal
        }
        guard let sp = newterm(term, out, inp) else {  // 3. initscr, as newterm
            fclose(out)
            fclose(inp)
            signals.disarm()
            Session.end()
            throw TerminalError.unknownTerminalType(term)
        }
        screenHandle = sp
        outputFile = out
        inputFile = inp
        inputDescriptor = dupIn
        tb_forward_winch_to(wakePipe.writeEnd)  // after newterm, which installs ncurses' handler
        window = tb_stdscr()
        Session.markCursesActive()

        raw()
        noecho()
        keypad(window, true)
        // No insert/delete-line optimisation: `present` already sends only changed cells.
        idlok(window, false)
        set_escdelay(25)
        let mouseOn = mousemask(tb_all_mouse_events(), nil) != 0
        mouseinterval(0)

        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        var colorCount = 0
        if !noColor && has_colors() {
            start_color()
            use_default_colors()
            colorCount = tb_colors() >= 256 ? 256 : (tb_colors() >= 8 ? 8 : 0)
        }
        capabilities = TerminalCapabilities(colorCount: colorCount, mouse: mouseOn)
        curs_set(0)
        // The cursor is hidden, so after an update ncurses need not move it back to the window's
        // cursor position: one escape sequence fewer in every frame (a selection move is ~100 B).
        leaveok(window, true)
        refresh()  // 4. the first refresh clears the screen; get it over with (§1.7)
        size = Size(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
    }

    deinit { shutdown() }

    // MARK: Output

    public func present(_ canvas: Canvas) {
        guard !isShutDown else { return }
        let full = needsFullRedraw || previous?.size != canvas.size
        if full { werase(window) }
        let rows = min(canvas.height, size.height), columns = min(canvas.width, size.width)
        for y in 0..<rows {
            for x in 0..<columns {
                let i = y * canvas.width + x
                let cell = canvas.cells[i]
                if cell.isContinuation { continue }  // ncurses fills it when drawing the lead
                if !full, let previous, previous.cells[i] == cell { continue }
                draw(cell, x: x, y: y, columns: columns)
            }
        }
        wnoutrefresh(window)
        doupdate()
        previous = canvas
        needsFullRedraw = false
    }

    /// Writes the cell's grapheme as `TerminalGlyph` pieces at `x`, `x + 1`…, so ncurses' cursor
    /// arithmetic and the terminal's agree with the canvas. Columns the window does not have
    /// (it is narrower than the canvas) get spaces instead of half a wide piece.
    private func draw(_ cell: Cell, x: Int, y: Int, columns: Int) {
        let (attributes, pair) = render(cell.style)
        var column = x
        for piece in TerminalGlyph.pieces(cell.character, width: cell.width) {
            let pieceWidth = max(1, TextWidth.rawWidth(piece[0]))
            if column + pieceWidth > columns {
                while column < columns {
                    put([" "], x: column, y: y, attributes: attributes, pair: pair)
                    column += 1
                }
                return
            }
            put(piece, x: column, y: y, attributes: attributes, pair: pair)
            column += pieceWidth
        }
    }

    /// One `cchar_t`: a spacing scalar plus its marks.
    private func put(_ scalars: [Unicode.Scalar], x: Int, y: Int, attributes: attr_t, pair: Int32) {
        let text = scalars.map { wchar_t(bitPattern: $0.value) } + [0]
        var cc = cchar_t()
        _ = text.withUnsafeBufferPointer { buffer in tb_setcchar(&cc, buffer.baseAddress, attributes, pair) }
        _ = tb_mvwadd_wch(window, Int32(y), Int32(x), &cc)  // ERR in the bottom-right corner is expected
    }

    private struct PairKey: Hashable {
        let fg: Int32
        let bg: Int32
    }

    /// ncurses attributes and colour pair for a style, after approximating its colours.
    private func render(_ style: Style) -> (attr_t, Int32) {
        var a = tb_a_normal()
        if style.bold { a |= tb_a_bold() }
        if style.dim { a |= tb_a_dim() }
        if style.italic { a |= tb_a_italic() }
        if style.underline { a |= tb_a_underline() }
        if style.reverse { a |= tb_a_reverse() }
        guard capabilities.colorCount > 0 else { return (a, 0) }
        let fg = colorNumber(style.fg), bg = colorNumber(style.bg)
        if fg == -1 && bg == -1 { return (a, 0) }
        let key = PairKey(fg: fg, bg: bg)
        if let pair = pairs[key] { return (a, pair) }
        guard nextPair < Int32(tb_color_pairs()), tb_init_pair(nextPair, fg, bg) == OK else {
            return (a, 0)  // out of pairs: keep the attributes, lose the colour
        }
        pairs[key] = nextPair
        nextPair += 1
        return (a, nextPair - 1)
    }

    private func colorNumber(_ color: Color) -> Int32 {
        guard let index = color.approximated(forColorCount: capabilities.colorCount).paletteIndex else { return -1 }
        return Int32(index)
    }

    // MARK: Input

    public var waker: any InputWaker { wakePipe }

    public func readEvent(timeoutMilliseconds: Int) -> InputEvent? {
        guard !isShutDown else { return nil }
        if !pending.isEmpty { return pending.removeFirst() }
        let deadline = timeoutMilliseconds < 0 ? nil : ContinuousClock.now + .milliseconds(timeoutMilliseconds)
        var inputOpen = true
        while true {
            if let signo = signals.take() { return .signal(signo) }
            // What ncurses holds already (it reads ahead in escape sequences), a resize it was
            // told of, or what the tty has: all without waiting.
            wtimeout(window, 0)
            var wch: wint_t = 0
            let result = wget_wch(window, &wch)
            if result == OK, let scalar = Unicode.Scalar(UInt32(wch)) {
                return .key(Key(rawScalar: scalar))
            }
            if result == KEY_CODE_YES {
                if let event = decodeKeyCode(Int32(wch)) { return event }
                if !pending.isEmpty { return pending.removeFirst() }
                continue  // a key we do not map: keep waiting
            }
            if wakePipe.drain() { return signals.take().map(InputEvent.signal) }
            var wait: Int32 = -1
            if let deadline {
                let left = deadline - ContinuousClock.now
                if left <= .zero { return nil }
                wait = Int32(clamping: Int((Double(left.components.attoseconds) / 1e15).rounded(.up)) + Int(left.components.seconds) * 1000)
            }
            // A closed tty would poll as readable forever; after it hangs up, only a wake-up,
            // a signal or the timeout ends the wait.
            var fds = [pollfd(fd: inputOpen ? inputDescriptor : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakePipe.readEnd, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 2, wait) == 0 { return nil }
            if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { inputOpen = false }
        }
    }

    private func decodeKeyCode(_ code: Int32) -> InputEvent? {
        switch code {
        case KEY_RESIZE:
            size = Size(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
            needsFullRedraw = true
            clearok(tb_curscr(), true)  // the emulator may have reflowed; repaint from scratch
            return .resize(size)
        case KEY_MOUSE:
            var report = MEVENT()
            guard getmouse(&report) == OK else { return nil }
            for event in Self.mouseEvents(report) {
                pending.append(contentsOf: clicks.events(for: event).map(InputEvent.mouse))
            }
            return pending.isEmpty ? nil : pending.removeFirst()
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_DC: return .key(.delete)
        case KEY_IC: return .key(.insert)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_ENTER: return .key(.enter)
        case KEY_BTAB: return .key(.backTab)
        case tb_key_f(1)...tb_key_f(63): return .key(.function(Int(code - tb_key_f(0))))
        default: return nil
        }
    }

    /// The press/release reports behind one ncurses mouse event. When a press and its release
    /// arrive in the same read, ncurses merges them into `CLICKED` (or `DOUBLE_`/`TRIPLE_CLICKED`)
    /// even with `mouseinterval(0)`; they are split again here so the app sees the same
    /// press, release, click sequence however fast the click was.
    private static func mouseEvents(_ report: MEVENT) -> [MouseEvent] {
        let state = report.bstate
        let point = Point(x: Int(report.x), y: Int(report.y))
        func has(_ mask: mmask_t) -> Bool { state & mask != 0 }
        if has(tb_button_pressed(4)) { return [MouseEvent(kind: .wheelUp, button: .none, point: point)] }
        if has(tb_button_pressed(5)) { return [MouseEvent(kind: .wheelDown, button: .none, point: point)] }
        let buttons: [(Int32, MouseEvent.Button)] = [(1, .left), (2, .middle), (3, .right)]
        for (n, button) in buttons {
            let press = MouseEvent(kind: .press, button: button, point: point)
            let release = MouseEvent(kind: .release, button: button, point: point)
            if has(tb_button_pressed(n)) { return [press] }
            if has(tb_button_released(n)) { return [release] }
            if has(tb_button_clicked(n)) { return [press, release] }
            if has(tb_button_double_clicked(n)) { return [press, release, press, release] }
            if has(tb_button_triple_clicked(n)) { return [press, release, press, release, press, release] }
        }
        if has(tb_report_mouse_position()) { return [MouseEvent(kind: .move, button: .none, point: point)] }
        return []
    }

    // MARK: Shut-down

    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        tb_stop_forwarding_winch()
        endwin()
        Session.markCursesInactive()
        delscreen(screenHandle)
        fclose(outputFile)
        fclose(inputFile)
        signals.disarm()
        Session.end()
    }

    // MARK: Test support

    /// What ncurses believes is on screen, read back from its window as text (wide stubs left out,
    /// trailing spaces trimmed), so the contract test can compare it with `Canvas.text()`.
    func windowText() -> String {
        var lines: [String] = []
        for y in 0..<size.height {
            var line = ""
            var x = 0
            while x < size.width {
                var cc = cchar_t()
                var chars = [wchar_t](repeating: 0, count: 8)
                var attributes: attr_t = 0
                var pair: Int16 = 0
                _ = tb_mvwin_wch(window, Int32(y), Int32(x), &cc)
                _ = getcchar(&cc, &chars, &attributes, &pair, nil)
                let scalars = chars.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }
                let text = String(String.UnicodeScalarView(scalars))
                line += text.isEmpty ? " " : text
                x += max(1, TextWidth.of(text))
            }
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

/// Process-wide bookkeeping: one session at a time, and `endwin()` at exit if one is still open.
private enum Session {
    private static let state = Locked((open: false, cursesActive: false))

    static func begin() -> Bool {
        _ = atexitInstalled
        return state.withLock { s in
            if s.open { return false }
            s.open = true
            return true
        }
    }

    static func end() { state.withLock { $0.open = false } }
    static func markCursesActive() { state.withLock { $0.cursesActive = true } }
    static func markCursesInactive() { state.withLock { $0.cursesActive = false } }

    /// Restores the terminal on an exit that skipped `shutdown()` (an error path, `exit()` from
    /// elsewhere), so the shell is not left in raw mode.
    private static let atexitInstalled: Void = {
        atexit {
            if Session.state.withLock({ $0.cursesActive }) { endwin() }
        }
    }()
}
