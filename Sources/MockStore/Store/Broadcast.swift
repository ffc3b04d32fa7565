import Synchronization

/// Fans values out to every live `AsyncStream` made from it. Registration is synchronous, so a
/// listener started before an event is guaranteed to see it.
final class Broadcast<Element: Sendable>: Sendable {
    private struct Listeners {
        var next = 0
        var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
        var finished = false
    }
    private let listeners = Mutex(Listeners())

    /// A new stream; `replay` values are yielded to it first.
    func stream(replay: [Element] = []) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .unbounded)
        for value in replay { continuation.yield(value) }
        let id: Int? = listeners.withLock { state in
            if state.finished { return nil }
            defer { state.next += 1 }
            state.continuations[state.next] = continuation
            return state.next
        }
        if let id {
            continuation.onTermination = { [weak self] _ in
                _ = self?.listeners.withLock { $0.continuations.removeValue(forKey: id) }
            }
        } else {
            continuation.finish()
        }
        return stream
    }

    func yield(_ value: Element) {
        let targets = listeners.withLock { Array($0.continuations.values) }
        for continuation in targets { continuation.yield(value) }
    }

    func finish() {
        let targets = listeners.withLock { state in
            state.finished = true
            defer { state.continuations = [:] }
            return Array(state.continuations.values)
        }
        for continuation in targets { continuation.finish() }
    }

}
