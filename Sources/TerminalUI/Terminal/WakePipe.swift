#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A self-pipe: `NcursesTerminal.readEvent` waits on it together with the tty (poll(2)), so
/// another thread, a signal watcher or the SIGWINCH handler can end the wait by writing a byte.
/// Both ends are non-blocking: a full pipe already wakes the reader, and draining stops when
/// it is empty.
final class WakePipe: InputWaker, Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe; whether anything was in it (a wake-up came since the last drain).
    func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        var any = false
        while read(readEnd, &buffer, buffer.count) > 0 { any = true }
        return any
    }
}
