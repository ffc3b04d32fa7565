import Foundation
import MockStore

/// One benchmark: what it measures, its target, and how to run it.
struct Benchmark: Sendable {
    var name: String
    var summary: String
    /// The target for the headline statistic, in milliseconds.
    var targets: [(statistic: Statistic, milliseconds: Double)]
    var run: @Sendable () async throws -> Measurement
    /// A name that also selects this benchmark, shared with its siblings (`audit`).
    var group: String? = nil
}

enum Statistic: String, Sendable { case median, p99 }

/// Samples (milliseconds) plus free-form notes about the setup.
struct Measurement: Sendable {
    var samples: [Double]
    var notes: [String] = []

    func value(_ statistic: Statistic) -> Double {
        switch statistic {
        case .median: percentile(50)
        case .p99: percentile(99)
        }
    }

    /// Nearest-rank percentile.
    func percentile(_ p: Double) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}

/// Milliseconds `body` took on the monotonic clock.
func milliseconds(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    return (ContinuousClock.now - start).milliseconds
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

/// A scratch folder under the system temporary directory, removed on `remove()`.
struct Scratch {
    let url: URL
    init(_ label: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("tollbooth-bench-\(label)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Catalogs generated in code for the benchmarks.
enum BenchCatalog {
    static func text(_ name: String) -> [LocalizedText] {
        [LocalizedText(locale: "en_US", displayName: name, description: name)]
    }

    /// `groups` subscription groups with one monthly plan each, plus `consumables` and
    /// `nonConsumables` one-off products.
    static func make(groups: Int, consumables: Int = 0, nonConsumables: Int = 0) -> Catalog {
        var products: [CatalogProduct] = []
        var subscriptionGroups: [SubscriptionGroup] = []
        for index in 0..<consumables {
            products.append(CatalogProduct(id: "coins.\(index)", type: .consumable, price: Decimal(string: "0.99")!,
                                           localizations: text("Coins \(index)")))
        }
        for index in 0..<nonConsumables {
            products.append(CatalogProduct(id: "unlock.\(index)", type: .nonConsumable, price: Decimal(string: "4.99")!,
                                           localizations: text("Unlock \(index)")))
        }
        for index in 0..<groups {
            let id = "sub.\(index).monthly", group = "GROUP\(index)"
            products.append(CatalogProduct(id: id, type: .autoRenewable, price: Decimal(string: "2.99")!,
                                           localizations: text("Plan \(index)"),
                                           subscription: CatalogSubscription(groupID: group, level: 1, period: .monthly)))
            subscriptionGroups.append(SubscriptionGroup(id: group, name: "Group \(index)", productIDs: [id]))
        }
        return Catalog(identifier: "BENCH", products: products, groups: subscriptionGroups,
                       settings: CatalogSettings(locale: "en_US", storefront: "USA"), source: "bench.storekit")
    }
}

/// A fixed wall clock start for reproducible setups: 2026-01-31 09:00 UTC.
let benchStart = Date(timeIntervalSince1970: 1_769_850_000)

func format(_ value: Double) -> String {
    if value.isNaN { return "-" }
    if value >= 100 { return String(format: "%.0f ms", value) }
    if value >= 10 { return String(format: "%.1f ms", value) }
    return String(format: "%.2f ms", value)
}

func log(_ text: String) {
    FileHandle.standardError.write(Data("  \(text)\n".utf8))
}
