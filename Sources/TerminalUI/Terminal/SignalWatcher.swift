import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns SIGINT, SIGTERM, SIGHUP and SIGQUIT into events the app loop reads, instead of a process
/// kill (or, for SIGQUIT, the Swift runtime's crash banner drawn over the paywall in raw mode).
///
/// If these signals are at their defaults when ncurses starts, ncurses installs a handler that
/// calls `endwin()` and `_exit()`, so `defer` blocks, the ledger and recordings never get to
/// finish (docs/terminal.md §1.6). So they are ignored before ncurses starts, and dispatch signal
/// sources, which run in normal (not signal-handler) context, record them for
/// `NcursesTerminal.readEvent` to return as `.signal`.
///
/// One watcher serves the whole process and its sources are never cancelled, because Linux
/// libdispatch installs its own `sigaction` (which forwards the signal to its `signalfd`) only the
/// first time a source for that signal is created. Putting `SIG_DFL` back at the end of a session
/// would leave later sessions deaf. Instead the watcher is *disarmed* between sessions, and a
/// signal arriving then gets the process's original behaviour: the original disposition is put
/// back and the signal raised again (so SIGTERM after `shutdown()` still terminates).
/// Signals that were already ignored when we started (`nohup`, background jobs) stay ignored.
final class SignalWatcher: Sendable {
    /// The signals a terminal session takes over.
    static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// The process-wide watcher; created (and the signals taken over) on first use.
    static let shared = SignalWatcher()

    private struct State {
        var armed = false
        var received: [Int32] = []
        /// Wakes the session's waiting `readEvent`, so a signal ends the loop at once.
        var waker: (any InputWaker)?
        /// The disposition each watched signal had before we took it over.
        var originals: [Int32: sighandler_t?] = [:]
    }

    private let state = Locked(State())
    private let queue = DispatchQueue(label: "tollbooth.terminal.signals")
    // Kept alive for the life of the process; see the type comment.
    private let sources = Locked<[any DispatchSourceSignal]>([])

    private init() {
        for signo in Self.watched {
            let previous = signal(signo, SIG_IGN)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            state.withLock { $0.originals[signo] = previous }
            let source = DispatchSource.makeSignalSource(signal: signo, queue: queue)
            source.setEventHandler { [weak self] in self?.deliver(signo) }
            source.resume()
            sources.withLock { $0.append(source) }
            Self.waitForDispatchHandler(signo)
        }
    }

    /// libdispatch registers the source, and installs its forwarding handler, on its manager
    /// thread. Until then the signal is still ignored and would be lost, so wait (once per
    /// process, normally well under a millisecond) until the handler is in place.
    private static func waitForDispatchHandler(_ signo: Int32) {
        #if os(Linux)
        for _ in 0..<500 {
            var action = sigaction()
            _ = sigaction(signo, nil, &action)
            let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
            if handler != unsafeBitCast(SIG_IGN, to: Int.self) { return }
            usleep(200)
        }
        #endif
    }

    /// Starts reporting signals (a session began), waking `waker` on each.
    func arm(waker: any InputWaker) {
        state.withLock {
            $0.armed = true
            $0.received.removeAll()
            $0.waker = waker
        }
    }

    /// Stops reporting signals (the session ended); later ones act as they would without us.
    func disarm() {
        state.withLock {
            $0.armed = false
            $0.received.removeAll()
            $0.waker = nil
        }
    }

    /// The oldest signal not yet reported, if any.
    func take() -> Int32? {
        state.withLock { $0.received.isEmpty ? nil : $0.received.removeFirst() }
    }

    private func deliver(_ signo: Int32) {
        let (original, waker): (sighandler_t??, (any InputWaker)?) = state.withLock { s in
            if s.armed {
                s.received.append(signo)
                return (.none, s.waker)
            }
            return (.some(s.originals[signo] ?? nil), nil)
        }
        waker?.wake()
        guard case .some(let handler) = original else { return }
        _ = signal(signo, handler)
        kill(getpid(), signo)
    }
}
