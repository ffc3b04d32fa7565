import MockStore

/// One listener's iteration of a store stream (`Transaction.updates`, `Status.updates`),
/// reporting to the connection's `ListenerRegistry` when it takes a value and when it asks for
/// the next, so session calls can wait until it has processed a change.
final class LiveSubscription<Value: Sendable> {
    private var iterator: AsyncStream<Value>.Iterator
    private let registry: ListenerRegistry
    private let ticket: Int

    init(_ stream: StoreStream<Value>, registry: ListenerRegistry) {
        iterator = stream.makeAsyncIterator()
        self.registry = registry
        ticket = registry.register { stream.handedCount }
    }

    deinit { registry.remove(ticket) }

    func next() async -> Value? {
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
