/// One listener's stream of what a store broadcasts: `Store.updates`, `statusUpdates` and
/// `events`, like StoreKit's `Transaction.Transactions`. Iterate it with `for await`.
///
/// It also knows how many values the store has handed it, so a consumer can tell "nothing
/// more came" from "not here yet" without waiting an arbitrary time (`deliveredCount()`).
public struct StoreStream<Element: Sendable>: AsyncSequence, Sendable {
    let values: AsyncStream<Element>
    let tally: DeliveryTally
    /// Weak: a stream kept by an app or a test must not keep a closed store alive.
    weak var store: Store?

    init(_ stream: (values: AsyncStream<Element>, tally: DeliveryTally), store: Store) {
        values = stream.values
        tally = stream.tally
        self.store = store
    }

    public func makeAsyncIterator() -> AsyncStream<Element>.Iterator { values.makeAsyncIterator() }

    /// How many values the store has handed this stream so far, launch replay included, without
    /// waiting for broadcasts under way (see `deliveredCount()`).
    public var handedCount: Int { tally.value }

    /// How many values the store has handed this stream, launch replay included, counted once
    /// every broadcast the store has started has been handed out (`Store.idle()`). A consumer
    /// that has taken this many has everything there is for now.
    public func deliveredCount() async -> Int {
        await store?.idle()
        return tally.value
    }
}
