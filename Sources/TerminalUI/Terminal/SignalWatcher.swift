import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns SIGINT, SIGTERM and SIGHUP into a flag the app loop reads, instead of a process kill.
///
/// If these signals are at their defaults when ncurses starts, ncurses installs a handler that
/// calls `endwin()` and `_exit()`, so `defer` blocks, the ledger and recordings never get to
/// finish (docs/terminal.md §1.6). Ignoring them first makes ncurses leave them alone; a dispatch
/// signal source still sees them, in normal (not signal-handler) context, and records them for
/// `NcursesTerminal.readEvent` to return as `.signal`.
final class SignalWatcher: @unchecked Sendable {
    // @unchecked: `sources` and `previous` are written only in init and `stop()`, which run on the
    // terminal's own thread; the handlers only touch `received`, which is locked.
    private let received = Locked<[Int32]>([])
    private var sources: [any DispatchSourceSignal] = []
    private var previous: [(Int32, sighandler_t?)] = []
    private let queue = DispatchQueue(label: "tollbooth.terminal.signals")

    /// The signals a terminal session takes over.
    static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    init(signals: [Int32] = SignalWatcher.watched) {
        for signo in signals {
            previous.append((signo, signal(signo, SIG_IGN)))
            let source = DispatchSource.makeSignalSource(signal: signo, queue: queue)
            source.setEventHandler { [received] in
                received.withLock { $0.append(signo) }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// The oldest signal not yet reported, if any.
    func take() -> Int32? {
        received.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }

    /// Stops watching and puts the previous dispositions back, so a child process started after
    /// the session does not inherit "ignore SIGINT". Idempotent.
    func stop() {
        for source in sources { source.cancel() }
        sources.removeAll()
        for (signo, handler) in previous { _ = signal(signo, handler) }
        previous.removeAll()
    }
}
