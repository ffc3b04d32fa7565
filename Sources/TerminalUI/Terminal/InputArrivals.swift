import Foundation

/// Where a `MemoryTerminal` that waits for input sleeps: until input is scripted, someone calls
/// `wake()`, or the timeout passes. One condition guards both announcements, so an arrival
/// between the reader's last look and its wait still wakes it.
final class InputArrivals: InputWaker, @unchecked Sendable {
    private let condition = NSCondition()
    /// A `wake()` not yet consumed by a read.
    private var woken = false
    /// Readers waiting with no deadline.
    private var waitingWithoutDeadline = 0

    var isWaitingWithoutDeadline: Bool {
        condition.lock()
        defer { condition.unlock() }
        return waitingWithoutDeadline > 0
    }

    /// Input was scripted.
    func announce() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    func wake() {
        condition.lock()
        woken = true
        condition.broadcast()
        condition.unlock()
    }

    /// `take()`'s event as soon as it has one; nil on a wake or when the timeout passes
    /// (negative: no timeout). The state `take` reads is changed only before an announcement.
    func wait(timeoutMilliseconds: Int, for take: () -> InputEvent?) -> InputEvent? {
        let deadline = timeoutMilliseconds < 0 ? nil : Date().addingTimeInterval(Double(timeoutMilliseconds) / 1000)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let event = take() { return event }
            if woken {
                woken = false
                return nil
            }
            if let deadline {
                if !condition.wait(until: deadline) { return take() }
            } else {
                waitingWithoutDeadline += 1
                condition.wait()
                waitingWithoutDeadline -= 1
            }
        }
    }
}
