import Synchronization

/// Fans values out to every live stream made from it. Registration is synchronous, so a
/// listener started before an event is guaranteed to see it.
///
/// One that `holdsForFirstListener` keeps what it is handed before any stream was made and
/// gives it to the first stream, after its replay: an app whose listener starts a moment after
/// launch still hears of what happened in that moment.
final class Broadcast<Element: Sendable>: Sendable {
    private struct Listener {
        let continuation: AsyncStream<Element>.Continuation
        let tally: DeliveryTally
    }
    private struct Listeners {
        var next = 0
        var all: [Int: Listener] = [:]
        var finished = false
        /// Values handed out before the first stream; nil once there was one (or never held).
        var held: [Element]?
    }
    private let listeners: Mutex<Listeners>

    init(holdsForFirstListener: Bool = false) {
        listeners = Mutex(Listeners(held: holdsForFirstListener ? [] : nil))
    }

    /// A new stream of the values yielded from now on, `replay` values first, with the tally
    /// of what was handed to it.
    func stream(replay: [Element] = []) -> (values: AsyncStream<Element>, tally: DeliveryTally) {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .unbounded)
        let tally = DeliveryTally()
        let id: Int? = listeners.withLock { state in
            // Inside the lock: nothing yielded meanwhile can overtake the replay and held values.
            for value in replay + (state.held ?? []) { tally.count(continuation.yield(value)) }
            state.held = nil
            if state.finished { return nil }
            defer { state.next += 1 }
            state.all[state.next] = Listener(continuation: continuation, tally: tally)
            return state.next
        }
        if let id {
            continuation.onTermination = { [weak self] _ in
                _ = self?.listeners.withLock { $0.all.removeValue(forKey: id) }
            }
        } else {
            continuation.finish()
        }
        return (stream, tally)
    }

    /// Whether values wait for a first stream that was never made.
    var isHolding: Bool { listeners.withLock { !($0.held?.isEmpty ?? true) } }

    func yield(_ value: Element) {
        let targets = listeners.withLock { state in
            state.held?.append(value)
            return Array(state.all.values)
        }
        for listener in targets { listener.tally.count(listener.continuation.yield(value)) }
    }

    func finish() {
        let targets = listeners.withLock { state in
            state.finished = true
            defer { state.all = [:] }
            return Array(state.all.values)
        }
        for listener in targets { listener.continuation.finish() }
    }
}

/// How many values one stream was handed.
final class DeliveryTally: Sendable {
    private let handed = Atomic<Int>(0)

    var value: Int { handed.load(ordering: .acquiring) }

    /// Counts a yield that reached the stream's buffer (not one after the stream ended).
    func count<T>(_ result: AsyncStream<T>.Continuation.YieldResult) {
        if case .enqueued = result { handed.add(1, ordering: .releasing) }
    }
}
