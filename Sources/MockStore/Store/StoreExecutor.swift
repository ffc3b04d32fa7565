import Dispatch

/// Where a `Store` actor runs: its own serial dispatch queue, not Swift's cooperative pool.
///
/// The store's operations call SQLite synchronously, and a write may wait up to the ledger's
/// busy timeout for another process. On the cooperative pool (one thread per core) a few such
/// waits would hold every thread, and every other task in the process (an HTTP server's
/// requests, a paywall's input) would stop until they end. Dispatch adds threads to its own
/// pool when one blocks, so a waiting store holds up only its own callers.
final class StoreExecutor: SerialExecutor, @unchecked Sendable {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(queue))
    }
}
