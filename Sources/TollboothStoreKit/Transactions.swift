import Foundation
import MockStore

extension Transaction {
    /// A sequence of transactions, as StoreKit's `Transaction.Transactions`: live for `updates`,
    /// finite for `all`, `currentEntitlements` and `unfinished`, read when iteration starts.
    public struct Transactions: AsyncSequence, Sendable {
        public typealias Element = VerificationResult<Transaction>
        public typealias Failure = Never

        typealias Records = [MockStore.VerificationResult<MockStore.Transaction>]

        enum Source: Sendable {
            case updates
            case list(call: String, read: @Sendable (MockStore.Store) async throws -> Records)
        }
        let source: Source

        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: source) }

        public struct AsyncIterator: AsyncIteratorProtocol {
            public typealias Element = VerificationResult<Transaction>
            public typealias Failure = Never

            private let source: Source
            private var live: LiveSubscription<MockStore.VerificationResult<MockStore.Transaction>>?
            private var pending: ArraySlice<MockStore.VerificationResult<MockStore.Transaction>>?
            private var ended = false

            init(source: Source) {
                self.source = source
                // `updates` listens from here, so a change made between creating the iterator
                // and its first `next()` is not missed.
                if case .updates = source { subscribe() }
            }

            private mutating func subscribe() {
                guard let connection = AppStoreHost.reachable(during: "Transaction.updates") else {
                    ended = true
                    return
                }
                live = LiveSubscription(connection.store.updates, registry: connection.listeners)
            }

            public mutating func next() async -> VerificationResult<Transaction>? {
                guard !ended else { return nil }
                switch source {
                case .updates:
                    guard let record = await live?.next() else { return finish() }
                    return VerificationResult(record)
                case .list(let call, let read):
                    if pending == nil {
                        guard let connection = AppStoreHost.reachable(during: call) else { return finish() }
                        do {
                            pending = try await read(connection.store)[...]
                        } catch {
                            StoreKitReport.failure(error, during: call, connection: connection)
                            return finish()
                        }
                    }
                    guard let record = pending?.popFirst() else { return finish() }
                    return VerificationResult(record)
                }
            }

            private mutating func finish() -> VerificationResult<Transaction>? {
                ended = true
                live = nil
                return nil
            }
        }
    }
}

extension VerificationResult where SignedType == Transaction {
    init(_ record: MockStore.VerificationResult<MockStore.Transaction>) {
        switch record {
        case .verified(let transaction): self = .verified(Transaction(transaction))
        case .unverified(let transaction, let error): self = .unverified(Transaction(transaction), ErrorBridge.verification(error))
        }
    }
}
