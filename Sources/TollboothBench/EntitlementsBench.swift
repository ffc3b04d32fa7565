import Foundation
import MockStore

/// (a) `currentEntitlements` on a file ledger of 100,000 transactions: mostly consumables and
/// renewals, some non-consumables. Target: ≤ 10 ms.
enum EntitlementsBench {
    static let benchmark = Benchmark(
        name: "entitlements",
        summary: "currentEntitlements, file ledger of 100,000 transactions",
        targets: [(.median, 10), (.p99, 10)],
        run: run)

    static func run() async throws -> Measurement {
        let scratch = try Scratch("entitlements")
        defer { scratch.remove() }
        let catalog = BenchCatalog.make(groups: 50, consumables: 20, nonConsumables: 200)
        let path = scratch.path("ledger.sqlite")
        let clock = ManualWallClock(benchStart)
        var notes: [String] = []

        let setup = try await milliseconds { try await seed(path: path, catalog: catalog, clock: clock) }
        // A fresh launch on the finished ledger, as an app would start.
        let store = try Store(catalog: catalog, ledger: try Ledger.open(path: path), device: "bench", wallClock: clock, polling: false)
        let all = try await store.admin { try $0.transactions() }
        let byType = Dictionary(grouping: all, by: \.productType).mapValues(\.count)
        notes.append("setup \(Int(setup / 1000)) s: \(all.count) transactions (\(byType[.consumable] ?? 0) consumable, "
                     + "\(byType[.autoRenewable] ?? 0) subscription incl. renewals, \(byType[.nonConsumable] ?? 0) non-consumable); "
                     + "ledger file \(fileSize(path) / 1_000_000) MB")
        var entitled = 0
        for _ in 0..<10 { entitled = try await store.currentEntitlements.count } // warm-up
        notes.append("\(entitled) entitlements returned (200 non-consumables + 50 subscriptions)")
        var samples: [Double] = []
        for _ in 0..<300 {
            samples.append(try await milliseconds { _ = try await store.currentEntitlements })
        }
        await store.close()
        return Measurement(samples: samples, notes: notes)
    }

    /// A ledger file of 100,000 transactions: 50 monthly plans renewed for 50 store-years
    /// (30,000 renewals), 200 unlocks, the rest consumables; all finished but the last five.
    /// Shared with the Transactions panel benchmark.
    static func seed(path: String, catalog: Catalog, clock: ManualWallClock) async throws {
        let store = try Store(catalog: catalog, ledger: try Ledger.open(path: path), device: "bench", wallClock: clock, polling: false)
        // 50 subscriptions renewing monthly for 50 store-years: 30,000 renewals.
        _ = try await store.admin { session in
            for index in 0..<50 { _ = try session.buy("sub.\(index).monthly", device: "bench") }
            for index in 0..<200 { _ = try session.buy("unlock.\(index)", device: "bench") }
        }
        _ = try await store.admin { try $0.advanceClock(ClockAdvance(value: 50, unit: .year)) }
        // The rest: consumables, in batches of 5,000 per database transaction.
        var count = try await store.admin { try $0.transactions(limit: 1) }.first.map { Int($0.id) } ?? 0
        while count < 100_000 {
            let batch = min(5_000, 100_000 - count)
            _ = try await store.admin { session in
                for index in 0..<batch { _ = try session.buy("coins.\(index % 20)", device: "bench") }
            }
            count += batch
        }
        // The app finished everything but the last few.
        let unfinished = try await store.unfinished.map(\.unsafePayloadValue.id).dropLast(5)
        for chunk in stride(from: 0, to: unfinished.count, by: 10_000) {
            let ids = Array(unfinished[chunk..<min(chunk + 10_000, unfinished.count)])
            _ = try await store.admin { session in for id in ids { try session.finish(id, by: "bench") } }
        }
        await store.close()
    }

    static func fileSize(_ path: String) -> Int {
        let size = { (p: String) in (try? FileManager.default.attributesOfItem(atPath: p)[.size] as? Int) ?? 0 }
        return size(path) + size(path + "-wal")
    }
}
