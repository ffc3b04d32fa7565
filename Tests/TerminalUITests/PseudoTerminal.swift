#if canImport(Glibc)
import Glibc
#endif
import TerminalUI

/// An in-process pseudo-terminal: the terminal under test talks to the slave side as if it were
/// a real tty; the test types on, and reads the screen bytes from, the master side.
final class PseudoTerminal {
    let master: Int32
    let slave: Int32

    init(size: Size) {
        var m: Int32 = -1, s: Int32 = -1
        var ws = winsize(ws_row: UInt16(size.height), ws_col: UInt16(size.width), ws_xpixel: 0, ws_ypixel: 0)
        precondition(openpty(&m, &s, nil, nil, &ws) == 0, "openpty failed")
        master = m
        slave = s
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(slave)
        close(master)
    }

    /// Types bytes as a user (or a terminal emulator reporting the mouse) would.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = write(master, $0.baseAddress, $0.count) }
    }

    /// Everything the terminal has written so far, waiting until it has been quiet for a moment.
    func drain(quietMilliseconds: Int32 = 40) -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, quietMilliseconds) > 0 else { return out }
            let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if n <= 0 { return out }
            out.append(contentsOf: buffer[0..<n])
        }
    }

    /// Resizes the window as an emulator does. The test process is not the pty's session leader,
    /// so the kernel sends no SIGWINCH; raise it ourselves (ncurses' handler picks it up).
    func resize(to size: Size) {
        var ws = winsize(ws_row: UInt16(size.height), ws_col: UInt16(size.width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &ws)
        kill(getpid(), SIGWINCH)
    }
}
