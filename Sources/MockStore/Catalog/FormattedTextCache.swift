import Synchronization

/// A small, thread-safe memo for formatted text. Building an ICU formatter costs far more than
/// a paywall frame may take, and a frame formats the same few prices and dates again and again.
public final class FormattedTextCache<Key: Hashable & Sendable>: Sendable {
    private let entries = Mutex<[Key: String]>([:])
    private let limit: Int

    public init(limit: Int = 1024) { self.limit = limit }

    /// The cached text for `key`, or `make()`'s result, remembered.
    public func text(for key: Key, _ make: () -> String) -> String {
        if let hit = entries.withLock({ $0[key] }) { return hit }
        let text = make()
        entries.withLock { entries in
            // Bounded: a long session with a running clock must not grow without end.
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[key] = text
        }
        return text
    }
}
