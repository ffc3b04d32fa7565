import MockStore

/// One listener's iteration of a store stream (`Transaction.updates`, `Status.updates`),
/// reporting to the connection's `ListenerRegistry` when it takes a value and when it asks for
/// the next, so session calls can wait until it has processed a change.
///
/// It hears of changes from its creation (an iterator made before a test's action sees the
/// action), but counts as a listener only from its first `next()`: an iterator not yet iterated
/// is nobody a session call should wait for.
final class LiveSubscription<Value: Sendable> {
    private var iterator: AsyncStream<Value>.Iterator
    private let stream: StoreStream<Value>
    private let registry: ListenerRegistry
    private var ticket: Int?

    init(_ stream: StoreStream<Value>, registry: ListenerRegistry) {
        iterator = stream.makeAsyncIterator()
        self.stream = stream
        self.registry = registry
    }

    deinit { if let ticket { registry.remove(ticket) } }

    func next() async -> Value? {
        let ticket = self.ticket ?? registry.register { [stream] in stream.handedCount }
        self.ticket = ticket
        registry.asking(ticket)
        let value = await iterator.next()
        if value != nil { registry.took(ticket) } else { registry.remove(ticket) }
        return value
    }
}

extension AppStoreHost {
    /// The current connection, or nil after reporting why there is none (once per process):
    /// for APIs that cannot throw.
    static func reachable(during call: String) -> AppStoreConnection? {
        do {
            return try current()
        } catch {
            StoreKitReport.unconfigured(error)
            return nil
        }
    }

    /// The current connection, or `StoreKitError.unknown` after reporting why there is none.
    static func connection(during call: String) throws -> AppStoreConnection {
        guard let connection = reachable(during: call) else { throw StoreKitError.unknown }
        return connection
    }
}
