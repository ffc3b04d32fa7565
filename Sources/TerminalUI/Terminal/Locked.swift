import Foundation

/// A value behind an `NSLock`: the little state TerminalUI shares between threads (the signal
/// watcher's, the ncurses session flags read at exit, the memory terminal's screen and input).
/// Not `Synchronization.Mutex`, whose `withLock` takes only values it can prove are not used
/// elsewhere (`sending`): the signal watcher keeps its dispatch sources, which are not
/// `Sendable`, in one. Here the lock, not the compiler, keeps every access serial.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
