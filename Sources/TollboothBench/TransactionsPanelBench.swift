import Chrome
import ControlRoom
import Foundation
import MockStore
import Paywall
import TerminalUI
import TollboothApp

/// The control room's Transactions panel with 100,000 transactions loaded: `update` + `view`
/// (+ the runtime's state comparison) per key press — j, k, PgDn, G, g, and typing a filter
/// character then Backspace. Target: p99 ≤ 5 ms. Notes also time `Store.ledgerContents()`
/// on a 100,000-transaction ledger file, and taking a read into the panel (`.ledgerLoaded`).
enum TransactionsPanelBench {
    static let benchmark = Benchmark(
        name: "transactions-panel",
        summary: "Transactions panel, 100,000 transactions: update+view per key (j k PgDn G g, filter char + Backspace), 80×24",
        targets: [(.p99, 5)],
        run: { try await run() })

    static let rounds = 400

    static func run() async throws -> Measurement {
        var notes: [String] = []
        let catalog = try CatalogLoader.load(path: try BundledExample.storeKitURL().path)
        let manifest = try BundledExample.manifest()
        let store = try Store(catalog: catalog, ledger: .inMemory(), device: "bench", polling: false)
        let products = try await store.products(for: manifest.productIDs)
        let snapshot = try await store.snapshot()
        await store.close()

        var state = AppState(paywall: PaywallState(locale: "en_US", theme: try ThemeLoader.resolve(nil), manifest: manifest,
                                                   policies: catalog.policies, size: Size(width: 80, height: 24), deviceName: "iPhone"))
        _ = update(&state, .launched)
        _ = update(&state, .paywall(.productsLoaded(products)))
        _ = update(&state, .paywall(.snapshotChanged(snapshot)))
        _ = update(&state, .input(.key(.character("t"))))
        let contents = synthetic(count: 100_000, products: products.map(\.id), at: snapshot.storeTime)
        var loads: [Double] = []
        for _ in 0..<5 {
            var fresh = state
            loads.append(time { _ = update(&fresh, .controlRoom(.ledgerLoaded(contents))) })
        }
        _ = update(&state, .controlRoom(.ledgerLoaded(contents)))
        notes.append(reloadOnTheLoop(state, products: products.map(\.id), at: snapshot.storeTime))
        let loadTimes = Measurement(samples: loads)
        notes.append("taking a read of 100,000 transactions into the panel (.ledgerLoaded: rows, states, search text): "
                     + "median \(format(loadTimes.value(.median))), max \(format(loads.max() ?? .nan))")

        // Each round: move about, then type a filter character and take it back.
        let keys: [(String, Key)] = [("j", .character("j")), ("k", .character("k")), ("PgDn", .pageDown), ("G", .character("G")),
                                     ("g", .character("g")), ("/", .character("/")), ("filter char", .character("7")),
                                     ("Backspace", .backspace), ("Enter", .enter)]
        var samples: [Double] = []
        var byKey: [String: [Double]] = [:]
        var previous = state
        var parts: [String: [Double]] = [:]
        for round in 0..<(rounds + 20) {
            for (name, key) in keys {
                let cpuStart = threadCPUMilliseconds()
                let start = ContinuousClock.now
                _ = update(&state, .input(.key(key)))
                let updated = ContinuousClock.now
                let canvas = view(state, size: state.size)
                let viewed = ContinuousClock.now
                if state != previous { previous = state }
                let end = ContinuousClock.now
                let cpu = threadCPUMilliseconds() - cpuStart
                precondition(canvas.width == 80)
                guard round >= 20 else { continue }  // warm-up
                let elapsed = (end - start).milliseconds
                samples.append(elapsed)
                byKey[name, default: []].append(elapsed)
                parts["update", default: []].append((updated - start).milliseconds)
                parts["view", default: []].append((viewed - updated).milliseconds)
                parts["compare", default: []].append((end - viewed).milliseconds)
                parts["cpu", default: []].append(cpu)
            }
        }
        precondition(state.control.transactions.filterText.isEmpty, "the filter was not taken back")
        notes.append("\(samples.count) key presses after 20 warm-up rounds; per key (median / p99 / max):")
        for (name, _) in keys {
            let m = Measurement(samples: byKey[name] ?? [])
            notes.append("  \(name): \(format(m.value(.median))) / \(format(m.value(.p99))) / \(format(byKey[name]?.max() ?? .nan))")
        }
        notes.append("  wall time by part, and this thread's CPU time for the whole key (median / p99): "
                     + ["update", "view", "compare", "cpu"].map { part in
            let m = Measurement(samples: parts[part] ?? [])
            return "\(part) \(format(m.value(.median))) / \(format(m.value(.p99)))"
        }.joined(separator: ", "))
        if ProcessInfo.processInfo.environment["TXN_BENCH_SKIP_LEDGER"] == nil { notes += try await ledgerRead() }
        return Measurement(samples: samples, notes: notes)
    }

    /// `Store.ledgerContents()` on the entitlements benchmark's 100,000-transaction ledger file.
    static func ledgerRead() async throws -> [String] {
        let scratch = try Scratch("transactions-panel")
        defer { scratch.remove() }
        let catalog = BenchCatalog.make(groups: 50, consumables: 20, nonConsumables: 200)
        let path = scratch.path("ledger.sqlite")
        let clock = ManualWallClock(benchStart)
        let setup = try await milliseconds { try await EntitlementsBench.seed(path: path, catalog: catalog, clock: clock) }
        let store = try Store(catalog: catalog, ledger: try Ledger.open(path: path), device: "bench", wallClock: clock, polling: false)
        var contents = LedgerContents()
        _ = try await store.ledgerContents()  // warm-up
        var reads: [Double] = []
        for _ in 0..<10 {
            reads.append(try await milliseconds { contents = try await store.ledgerContents() })
        }
        let snapshot = try await store.snapshot()
        await store.close()
        let m = Measurement(samples: reads)
        var state = AppState(paywall: PaywallState(locale: "en_US", size: Size(width: 80, height: 24)))
        _ = update(&state, .paywall(.snapshotChanged(snapshot)))
        _ = update(&state, .input(.key(.character("t"))))
        let load = time { _ = update(&state, .controlRoom(.ledgerLoaded(contents))) }
        return [
            "Store.ledgerContents() on a ledger file of \(contents.transactions.count) transactions (setup \(Int(setup / 1000)) s): "
                + "median \(format(m.value(.median))), max \(format(reads.max() ?? .nan)) over 10 reads; "
                + "then .ledgerLoaded \(format(load))",
        ]
    }

    /// What a reload after another device's purchase costs the event loop: `update` merging
    /// the one new transaction (`.ledgerChanged`), the loop's `state != previous`, and letting
    /// the previous state go.
    static func reloadOnTheLoop(_ state: AppState, products: [String], at now: Date) -> String {
        var update_ms: [Double] = [], compare_ms: [Double] = [], free_ms: [Double] = []
        var current = state
        for round in 1...5 {
            let held = current.control.transactions.contents?.changeCursor ?? 0
            let id = UInt64(200_000 + round)
            let bought = Transaction(id: id, originalID: id, productID: products[0], productType: .consumable,
                                     purchaseDate: now, originalPurchaseDate: now, device: "iPad")
            let changes = LedgerChanges(since: held, cursor: held + 1, transactions: [bought], devices: ["iPhone", "iPad", "mac"])
            var next = current
            update_ms.append(time { _ = update(&next, .controlRoom(.ledgerChanged(changes))) })
            var differs = false
            compare_ms.append(time { differs = next != current })
            precondition(differs)
            free_ms.append(time { current = next })
        }
        func m(_ xs: [Double]) -> String { format(Measurement(samples: xs).value(.median)) }
        return "another device's purchase merged into 100,000 transactions, medians of 5, on the loop: "
            + "update \(m(update_ms)), state != previous \(m(compare_ms)), freeing the previous state \(m(free_ms))"
    }

    /// 100,000 transactions on the example's products: monthly renewals in a few
    /// subscriptions, lifetime unlocks, every 97th refunded, every 13th unfinished, three
    /// devices; plus a few pending purchases.
    static func synthetic(count: Int, products: [String], at now: Date) -> LedgerContents {
        let subscriptions = products.filter { $0.contains("monthly") || $0.contains("yearly") }
        let others = products.filter { !subscriptions.contains($0) }
        let devices = ["iPhone", "iPad", "mac"]
        var transactions: [Transaction] = []
        transactions.reserveCapacity(count)
        for id in 1...UInt64(count) {
            let start = now.addingTimeInterval(-Double(count - Int(id)) * 1800)
            let isSubscription = id % 5 != 0 || others.isEmpty
            let product = isSubscription ? subscriptions[Int(id) % max(1, subscriptions.count)] : others[Int(id) % others.count]
            transactions.append(Transaction(
                id: id, originalID: isSubscription ? (id / 100) * 100 + 1 : id, productID: product,
                productType: isSubscription ? .autoRenewable : .nonConsumable,
                subscriptionGroupID: isSubscription ? "4A7C2E19" : nil, purchaseDate: start, originalPurchaseDate: start,
                expirationDate: isSubscription ? start.addingTimeInterval(30 * 86_400) : nil,
                revocationDate: id % 97 == 0 ? start.addingTimeInterval(60) : nil, revocationReason: id % 97 == 0 ? .other : nil,
                reason: isSubscription && id % 100 != 1 ? .renewal : .purchase, price: Decimal(string: "4.99"), currencyCode: "USD",
                device: isSubscription && id % 100 != 1 ? nil : devices[Int(id) % devices.count], isFinished: id % 13 != 0))
        }
        let pending = (1...3).map { PendingPurchase(id: Int64(count + $0), productID: products[0], device: "iPad", requestedAt: now, kind: .askToBuy) }
        return LedgerContents(transactions: transactions, pending: pending, devices: devices, changeCursor: 0)
    }

    /// CPU time of the calling thread: unlike wall time, not counting time the thread was
    /// preempted (the 2-vCPU machine is shared).
    static func threadCPUMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
    }

    static func time(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        return (ContinuousClock.now - start).milliseconds
    }
}
