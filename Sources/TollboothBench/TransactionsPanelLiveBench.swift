import Chrome
import Foundation
import Synchronization
import MockStore
import Paywall
import TerminalUI
import TollboothApp

/// The Transactions panel kept busy: the real runtime (listeners, ledger reads, event loop) on
/// a ledger file of 100,000 transactions, the panel open, while another device on the same
/// account buys something every 250 ms — each purchase changes the ledger under the open panel.
/// Meanwhile `j` and `k` are pressed 25 ms apart, and each is timed from the key to the first
/// frame whose cursor (the row marked ">") has moved. Target: p99 ≤ 5 ms, as for the quiet panel.
enum TransactionsPanelLiveBench {
    static let keys = 400

    static let benchmark = Benchmark(
        name: "transactions-panel-live",
        summary: "Transactions panel, 100,000 transactions, another device buying every 250 ms: key → frame in the real runtime",
        targets: [(.p99, 5)],
        run: { try await run() })

    static func run() async throws -> Measurement {
        let scratch = try Scratch("transactions-live")
        defer { scratch.remove() }
        let catalog = BenchCatalog.make(groups: 50, consumables: 20, nonConsumables: 200)
        let path = scratch.path("ledger.sqlite")
        // Store time stands still (a manual wall clock), so only the other device changes the store.
        let clock = ManualWallClock(benchStart)
        let setup = try await milliseconds { try await EntitlementsBench.seed(path: path, catalog: catalog, clock: clock) }

        let store = try Store(catalog: catalog, ledger: try Ledger.open(path: path), device: "ipad", wallClock: clock)
        let state = PaywallState(locale: "en_US", theme: try ThemeLoader.resolve(nil), manifest: .empty,
                                 policies: catalog.policies, size: Size(width: 80, height: 24), deviceName: "ipad")
        let runtime = PaywallRuntime(store: store, state: state, wallClock: clock)
        let terminal = MemoryTerminal(size: Size(width: 80, height: 24), waitsForInput: true)
        let loop = Thread { _ = runtime.run(on: terminal) }
        loop.stackSize = 8 << 20
        loop.start()

        /// The id on the row marked ">" in the Transactions panel, if it is on screen.
        @Sendable func selectedID() -> String? {
            for line in terminal.screen.text().split(separator: "\n") where line.hasPrefix(">") {
                return line.dropFirst().split(separator: " ").first.map(String.init)
            }
            return nil
        }
        func wait(upTo seconds: Double, for condition: () -> Bool) async throws {
            let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
            while !condition() {
                guard ContinuousClock.now < deadline else { throw BenchError("the panel did not answer within \(seconds) s") }
                try await Task.sleep(for: .microseconds(500))
            }
        }
        try await wait(upTo: 30) { terminal.screen.text().contains("Restore Purchases") }
        terminal.enqueue(.key(.character("t")))
        let opened = ContinuousClock.now
        try await wait(upTo: 30) { selectedID() != nil }
        let firstLoad = (ContinuousClock.now - opened).milliseconds
        terminal.enqueue(.key(.character("j")))
        try await wait(upTo: 5) { selectedID() != nil && terminal.pendingEventCount == 0 }

        // The other device: a purchase every 250 ms until the keys are done.
        let other = try Store(catalog: catalog, ledger: try Ledger.open(path: path), device: "iphone", wallClock: clock)
        let buying = Task {
            var bought = 0
            while !Task.isCancelled {
                let product = "coins.\(bought % 20)"
                _ = try? await other.admin { try $0.buy(product, device: "iphone") }
                bought += 1
                try? await Task.sleep(for: .milliseconds(250))
            }
            return bought
        }

        // Keys are pressed and the screen watched from a thread of their own: a task on the
        // cooperative pool would wait behind the store's work and time its own waiting.
        let keysStart = ContinuousClock.now, processCPUStart = processCPUMilliseconds()
        let watcherCPU = Mutex(0.0)
        let pressed = await withCheckedContinuation { (done: CheckedContinuation<Result<[Double], BenchError>, Never>) in
            let presser = Thread {
                let cpuStart = TransactionsPanelBench.threadCPUMilliseconds()
                defer { watcherCPU.withLock { $0 = TransactionsPanelBench.threadCPUMilliseconds() - cpuStart } }
                var samples: [Double] = []
                for index in 0..<keys {
                    Thread.sleep(forTimeInterval: 0.025)
                    guard let before = selectedID() else { return done.resume(returning: .failure(BenchError("the panel's cursor left the screen"))) }
                    let start = ContinuousClock.now
                    terminal.enqueue(.key(.character(index % 2 == 0 ? "k" : "j")))
                    while selectedID() == before || selectedID() == nil {
                        guard ContinuousClock.now - start < .seconds(10) else {
                            return done.resume(returning: .failure(BenchError("key \(index) had no effect within 10 s")))
                        }
                        Thread.sleep(forTimeInterval: 0.0002)
                    }
                    samples.append((ContinuousClock.now - start).milliseconds)
                }
                done.resume(returning: .success(samples))
            }
            presser.start()
        }
        let keysWall = (ContinuousClock.now - keysStart).milliseconds, processCPU = processCPUMilliseconds() - processCPUStart
        let samples = try pressed.get()
        let slowest = samples.enumerated().map { ($0.element, $0.offset) }
        buying.cancel()
        let bought = await buying.value
        terminal.enqueue(.key(.escape), .key(.character("q")))
        while !loop.isFinished { try await Task.sleep(for: .milliseconds(5)) }
        await other.close()
        await runtime.store.close()

        let worst = slowest.sorted { $0.0 > $1.0 }.prefix(5).map { "\(format($0.0)) (key \($0.1))" }
        return Measurement(samples: samples, notes: [
            "setup \(Int(setup / 1000)) s; the panel's first read of 100,000 transactions reached the screen in \(format(firstLoad))",
            "\(bought) purchases by the other device while \(keys) keys were pressed; each one changed the ledger under the open panel",
            "the screen is polled every 0.2 ms from a thread of its own; slowest: \(worst.joined(separator: ", "))",
            "CPU time while the keys were pressed (\(format(keysWall)) of wall time, 2 cores at most): this process "
                + "\(format(processCPU)), of which the thread pressing keys and watching the screen \(format(watcherCPU.withLock { $0 }))",
        ])
    }

    /// CPU time of the whole process, all its threads.
    static func processCPUMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
    }
}
