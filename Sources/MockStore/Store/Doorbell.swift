import Dispatch
import Synchronization

/// One waiter sleeps until someone rings, or until a timeout: how the store's watcher waits for
/// the ledger to change or a renewal to fall due, and the paywall's refresher for the snapshot
/// to go stale, without waking on a beat while nothing happens.
///
/// A ring with nobody waiting is kept (once), so a change between a waiter's last look and its
/// next wait is never lost. Cancelling the waiting task ends the wait.
public final class Doorbell: Sendable {
    private struct State {
        var rung = false
        var waiter: CheckedContinuation<Bool, Never>?
        /// Tells a timeout apart from a later wait's.
        var generation = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// Wakes the waiter, or the next wait if nobody waits now.
    public func ring() {
        let waiter = state.withLock { s -> CheckedContinuation<Bool, Never>? in
            guard let waiter = s.waiter else {
                s.rung = true
                return nil
            }
            s.waiter = nil
            return waiter
        }
        waiter?.resume(returning: true)
    }

    /// Whether it was rung since the last wait or take, without waiting; clears the ring.
    public func take() -> Bool {
        state.withLock { s in
            defer { s.rung = false }
            return s.rung
        }
    }

    /// Returns when rung (at once if rung since the last wait), after `timeout` (nil: none), or
    /// when the task is cancelled. One waiter at a time. Whether it was rung.
    @discardableResult
    public func wait(timeout: Duration? = nil) async -> Bool {
        let generation = state.withLock { s in
            s.generation += 1
            return s.generation
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: CheckedContinuation<Bool, Never>) in
                let resumeNow = state.withLock { s -> Bool? in
                    if s.rung || Task.isCancelled {
                        defer { s.rung = false }
                        return s.rung
                    }
                    s.waiter = waiter
                    return nil
                }
                if let resumeNow {
                    waiter.resume(returning: resumeNow)
                } else if let timeout {
                    let (seconds, attoseconds) = timeout.components
                    let nanoseconds = max(0, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
                    DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [weak self] in
                        self?.expire(generation)
                    }
                }
            }
        } onCancel: {
            expire(generation)
        }
    }

    /// Ends wait number `generation` if it is still waiting.
    private func expire(_ generation: Int) {
        let waiter = state.withLock { s -> CheckedContinuation<Bool, Never>? in
            guard s.generation == generation, let waiter = s.waiter else { return nil }
            s.waiter = nil
            return waiter
        }
        waiter?.resume(returning: false)
    }
}
