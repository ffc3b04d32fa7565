import Foundation
import MockStore
import Synchronization

/// (c) Cross-process latency: a purchase written by a child process (this binary run with the
/// hidden `child` argument) until it comes out of this process's `Store.updates`, over ~200
/// changes. Targets: p50 ≤ 30 ms, p99 ≤ 100 ms.
///
/// The start of each interval is the wall time the child's store operation began (the event's
/// `wallTime`, taken before the write lock), so the figure includes the child's write and
/// commit, this process's poll interval, the read, and the hop to the listening task.
enum CrossProcessBench {
    static let changes = 200

    static let benchmark = Benchmark(
        name: "crossprocess",
        summary: "purchase in another process → this process's updates (\(changes) changes, file ledger)",
        targets: [(.median, 30), (.p99, 100)],
        run: run)

    static let catalog = BenchCatalog.make(groups: 1, consumables: 1)

    static func run() async throws -> Measurement {
        let scratch = try Scratch("crossprocess")
        defer { scratch.remove() }
        let path = scratch.path("ledger.sqlite")
        let store = try Store(catalog: catalog, ledger: try Ledger.open(path: path), device: "listener")
        let received = Mutex<[UInt64: Date]>([:])
        let listener = Task {
            for await update in store.updates {
                let now = Date()
                received.withLock { $0[update.unsafePayloadValue.id] = now }
            }
        }

        let child = Process()
        child.executableURL = URL(fileURLWithPath: selfExecutable())
        child.arguments = ["child", path, String(changes)]
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            child.terminationHandler = { _ in continuation.resume() }
            do { try child.run() } catch { continuation.resume(throwing: error) }
        }
        guard child.terminationStatus == 0 else { throw BenchError("the child process failed (\(child.terminationStatus))") }
        let deadline = ContinuousClock.now + .seconds(5)
        while received.withLock({ $0.count }) < changes && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        listener.cancel()
        let events = try await store.admin { try $0.events() }.filter { $0.kind == .purchase && $0.deliversTransaction }
        await store.close()
        let arrivals = received.withLock { $0 }
        var samples: [Double] = []
        for event in events {
            guard let id = event.transactionID, let arrival = arrivals[id] else { continue }
            samples.append(arrival.timeIntervalSince(event.wallTime) * 1000)
        }
        var notes = ["\(samples.count) of \(events.count) purchases arrived; the child wrote one every 15–35 ms (random)",
                     "fallback poll \(Store.fallbackPollInterval), else woken by a file notification"]
        if samples.count < events.count { notes.append("MISSING: \(events.count - samples.count) never arrived within 5 s") }
        return Measurement(samples: samples, notes: notes)
    }

    /// The writer: opens the same ledger and buys `count` times from outside the app.
    static func child(_ arguments: [String]) async throws {
        guard arguments.count == 2, let count = Int(arguments[1]) else { throw BenchError("usage: child LEDGER COUNT") }
        let store = try Store(catalog: catalog, ledger: try Ledger.open(path: arguments[0]), device: "writer",
                              polling: false, role: .admin)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<count {
            _ = try await store.admin { try $0.buy("coins.0", device: "writer") }
            try await Task.sleep(for: .milliseconds(Int.random(in: 15...35, using: &generator)))
        }
        await store.close()
    }

    static func selfExecutable() -> String {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return resolved }
        return CommandLine.arguments[0]
    }
}
