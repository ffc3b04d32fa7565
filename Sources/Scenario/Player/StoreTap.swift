import MockStore

/// One of the store's streams, read in step with the player: `takeNew()` returns what the store
/// has handed the stream so far and not yet taken, and never waits for more. What a store
/// broadcast is counted once the broadcast is done (`StoreStream.deliveredCount`), so the
/// player sees every change in the same order on every run.
final class StoreTap<Element: Sendable> {
    private let stream: StoreStream<Element>
    private var iterator: AsyncStream<Element>.Iterator
    private var taken = 0

    init(_ stream: StoreStream<Element>) {
        self.stream = stream
        iterator = stream.makeAsyncIterator()
    }

    func takeNew() async -> [Element] {
        let delivered = await stream.deliveredCount()
        var new: [Element] = []
        while taken < delivered {
            // Already in the stream's buffer: this returns at once.
            guard let value = await iterator.next(isolation: nil) else { break }
            new.append(value)
            taken += 1
        }
        return new
    }
}

/// The three listeners a running app keeps on its store (docs/architecture.md §7).
struct StoreListeners {
    let updates: StoreTap<VerificationResult<Transaction>>
    let statuses: StoreTap<SubscriptionStatus>
    let events: StoreTap<StoreEvent>

    init(_ store: Store) {
        updates = StoreTap(store.updates)
        statuses = StoreTap(store.statusUpdates)
        events = StoreTap(store.events)
    }
}
