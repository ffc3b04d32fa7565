import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which process delivers a ledger's notifications: the one holding an advisory lock on
/// `<ledger>.courier.lock` beside it. Every long-lived Tollbooth process on the ledger
/// delivers (claims with leases keep them from sending one attempt twice); the lock only tells
/// a one-shot command whether it must start `tollbooth notify deliver` itself. The kernel
/// drops the lock when its holder dies, `kill -9` included.
final class CourierLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    static func path(forLedger ledger: String) -> String { ledger + ".courier.lock" }

    /// Takes the lock for this process's lifetime, or nil when another process holds it (or
    /// the lock file cannot be made: a read-only folder, where nothing can be delivered either).
    static func take(ledger: String) -> CourierLock? {
        let fd = open(path(forLedger: ledger), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        return CourierLock(descriptor: fd)
    }

    /// Whether some process holds the lock now.
    static func isHeld(ledger: String) -> Bool {
        let fd = open(path(forLedger: ledger), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard flock(fd, LOCK_SH | LOCK_NB) == 0 else { return true }
        flock(fd, LOCK_UN)
        return false
    }
}
