import Chrome
import Foundation
import MockStore
import Paywall
import TerminalUI
import TollboothApp

/// Issue 4: an action on one device until the other device's screen shows it. Device B is the
/// real paywall runtime (listener, snapshot refresher, event loop) drawing into an in-memory
/// terminal; device A is a second store on its own connection to the same ledger file, as a
/// second `tollbooth run --device` would be. Each round buys the lifetime unlock on A, waits
/// for "[ Owned ]" on B's screen, then deletes it from A's transaction manager and waits for
/// the button to come back. Target: p99 ≤ 100 ms.
enum CrossDeviceBench {
    static let rounds = 100

    static let benchmark = Benchmark(
        name: "crossdevice",
        summary: "action on device A → device B's redrawn screen (\(rounds) purchases and \(rounds) deletions, file ledger)",
        targets: [(.median, 50), (.p99, 100)],
        run: { try await run() })

    static func run() async throws -> Measurement {
        let scratch = try Scratch("crossdevice")
        defer { scratch.remove() }
        let path = scratch.path("shared.sqlite")
        let catalog = try CatalogLoader.load(path: try BundledExample.storeKitURL().path)
        let manifest = try BundledExample.manifest()
        let lifetime = "dev.tollbooth.example.lifetime"

        let storeB = try Store(catalog: catalog, ledger: try Ledger.open(path: path), device: "ipad")
        let state = PaywallState(locale: "en_US", theme: try ThemeLoader.resolve(nil), manifest: manifest,
                                 policies: catalog.policies, size: Size(width: 80, height: 24), deviceName: "ipad")
        let runtime = PaywallRuntime(store: storeB, state: state)
        let terminal = MemoryTerminal(size: Size(width: 80, height: 24), waitsForInput: true)
        let loop = Thread { _ = runtime.run(on: terminal) }
        loop.stackSize = 8 << 20
        loop.start()
        let storeA = try Store(catalog: catalog, ledger: try Ledger.open(path: path), device: "iphone")

        func screen() -> String { terminal.screen.text() }
        func waitFor(_ predicate: (String) -> Bool, since start: ContinuousClock.Instant) async throws -> Double {
            let deadline = start + .seconds(5)
            while ContinuousClock.now < deadline {
                if predicate(screen()) { return (ContinuousClock.now - start).milliseconds }
                try await Task.sleep(for: .microseconds(500))
            }
            throw BenchError("device B's screen did not change within 5 s")
        }
        _ = try await waitFor({ $0.contains("Restore Purchases") && $0.contains("$79.99") }, since: .now)

        var purchases: [Double] = [], deletions: [Double] = []
        for _ in 0..<rounds {
            var start = ContinuousClock.now
            let result = try await storeA.purchase(productID: lifetime)
            guard case .success(.verified(let tx)) = result else { throw BenchError("the purchase on device A failed") }
            try await storeA.finish(tx)
            purchases.append(try await waitFor({ $0.contains("[ Owned ]") }, since: start))
            start = ContinuousClock.now
            _ = try await storeA.admin { try $0.delete(tx.id) }
            deletions.append(try await waitFor({ !$0.contains("[ Owned ]") }, since: start))
        }
        terminal.enqueue(.key(.character("q")))
        while !loop.isFinished { try await Task.sleep(for: .milliseconds(5)) }
        await storeA.close()
        await runtime.store.close()
        let p = Measurement(samples: purchases), d = Measurement(samples: deletions)
        return Measurement(samples: purchases + deletions, notes: [
            "purchase on A → B shows Owned: median \(format(p.value(.median))) p99 \(format(p.value(.p99)))",
            "deletion on A → B shows Buy again: median \(format(d.value(.median))) p99 \(format(d.value(.p99)))",
            "B's screen polled every 0.5 ms; store woken by file notifications (fallback poll \(Store.fallbackPollInterval)), snapshot reads at most every 12 ms, input wait until woken",
        ])
    }
}
