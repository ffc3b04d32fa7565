import Foundation

/// A value behind a lock. Used for the little state shared with signal handlers and test
/// threads; `Synchronization.Mutex` would need macOS 15, which the package does not require.
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
