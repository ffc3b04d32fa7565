import Foundation
import MockStore

/// (b) Ten store-years of monthly renewals for 100 subscriptions in 100 groups (12,000
/// renewals) processed by one clock advance. Target: ≤ 1 s.
enum RenewalsBench {
    static let benchmark = Benchmark(
        name: "renewals",
        summary: "one +10y clock advance: 100 monthly subscriptions → 12,000 renewals (file ledger)",
        targets: [(.median, 1000)],
        run: run)

    static func run() async throws -> Measurement {
        let catalog = BenchCatalog.make(groups: 100)
        var samples: [Double] = []
        var notes: [String] = []
        for round in 0..<5 {
            let scratch = try Scratch("renewals")
            defer { scratch.remove() }
            let clock = ManualWallClock(benchStart)
            let store = try Store(catalog: catalog, ledger: try Ledger.open(path: scratch.path("ledger.sqlite")),
                                  device: "bench", wallClock: clock, polling: false)
            _ = try await store.admin { session in
                for index in 0..<100 { _ = try session.buy("sub.\(index).monthly", device: "bench") }
            }
            var summary = ""
            samples.append(try await milliseconds {
                summary = try await store.admin { try $0.advanceClock(ClockAdvance(value: 10, unit: .year)) }
            })
            if round == 0 {
                let renewals = try await store.admin { try $0.transactions() }.filter { $0.reason == .renewal }.count
                notes.append("\(renewals) renewals; the advance reported: \(summary)")
            }
            await store.close()
        }
        return Measurement(samples: samples, notes: notes + ["5 rounds, each on a fresh ledger file"])
    }
}
