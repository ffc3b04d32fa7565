import AppStoreServer
import AppStoreServerHTTP
import AsyncHTTPClient
import Foundation
import MockStore
import NIOCore

/// Get Transaction History (`tollbooth serve`) on a file ledger of 100,000 transactions, per
/// page of 20, over HTTP on the loopback with a real client (AsyncHTTPClient): first pages
/// (no revision) and later pages (following `revision` through the ledger), oldest and newest
/// first, and filtered by product type. Target: p99 ≤ 20 ms.
enum ServerHistoryBench {
    static let benchmark = Benchmark(
        name: "server-history",
        summary: "Get Transaction History over HTTP, file ledger of 100,000 transactions, per page of 20",
        targets: [(.median, 20), (.p99, 20)],
        run: run)

    static func run() async throws -> Measurement {
        let scratch = try Scratch("server-history")
        defer { scratch.remove() }
        let catalog = BenchCatalog.make(groups: 50, consumables: 20, nonConsumables: 200)
        let path = scratch.path("ledger.sqlite")
        let clock = ManualWallClock(benchStart)
        var notes: [String] = []
        let setup = try await milliseconds { try await EntitlementsBench.seed(path: path, catalog: catalog, clock: clock) }
        let store = try Store(catalog: catalog, ledger: try Ledger.open(path: path), device: "cli", wallClock: clock,
                              polling: false, role: .admin)
        let count = try await store.admin { try $0.transactions() }.count
        notes.append("setup \(Int(setup / 1000)) s: \(count) transactions; ledger file \(EntitlementsBench.fileSize(path) / 1_000_000) MB")

        // The real signer (ES256 over each transaction of a page), its authority in the scratch folder.
        let signer = try AppStoreSigner.shared(context: .ledger(app: nil), directory: scratch.path("signing"))
        let api = AppStoreServerAPI(store: store, signer: signer, key: nil)
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let server = Task { try await APIServer(api: api, host: "127.0.0.1", port: 0).run { listening.yield($0) } }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw BenchError("the server did not start") }
        let base = "http://127.0.0.1:\(port)/inApps/v2/history/1"
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { server.cancel() }

        /// One request's round trip, its page's revision and hasMore.
        func get(_ query: String) async throws -> (milliseconds: Double, revision: String, hasMore: Bool, count: Int) {
            let start = ContinuousClock.now
            let response = try await client.execute(HTTPClientRequest(url: base + query), timeout: .seconds(30))
            let body = try await response.body.collect(upTo: 1 << 20)
            let elapsed = (ContinuousClock.now - start).milliseconds
            guard response.status.code == 200,
                  let json = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any],
                  let revision = json["revision"] as? String else {
                throw BenchError("HTTP \(response.status.code): \(String(buffer: body))")
            }
            return (elapsed, revision, json["hasMore"] as? Bool ?? false, (json["signedTransactions"] as? [Any])?.count ?? 0)
        }

        // The first request after start builds the sorted index: timed apart.
        let cold = try await get("")
        notes.append("first request after start (sorts the ledger's 100,000 keys): \(format(cold.milliseconds))")
        for _ in 0..<20 { _ = try await get("") }  // warm-up

        var firstPages: [Double] = [], laterPages: [Double] = []
        for sort in ["ASCENDING", "DESCENDING"] {
            for _ in 0..<100 { firstPages.append(try await get("?sort=\(sort)").milliseconds) }
            var page = try await get("?sort=\(sort)")
            for _ in 0..<500 where page.hasMore {
                let revision = page.revision.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(["-", "_"])) ?? page.revision
                page = try await get("?sort=\(sort)&revision=\(revision)")
                laterPages.append(page.milliseconds)
            }
        }
        // A filter that matches 1 transaction in 500: each page walks some 10,000 keys.
        var filtered: [Double] = []
        var page = try await get("?productType=NON_CONSUMABLE")
        filtered.append(page.milliseconds)
        while page.hasMore {
            page = try await get("?productType=NON_CONSUMABLE&revision=\(page.revision)")
            filtered.append(page.milliseconds)
        }
        let first = Measurement(samples: firstPages), later = Measurement(samples: laterPages), sparse = Measurement(samples: filtered)
        notes.append("first pages: median \(format(first.value(.median))), p99 \(format(first.value(.p99))) (n=\(firstPages.count))")
        notes.append("later pages: median \(format(later.value(.median))), p99 \(format(later.value(.p99))) (n=\(laterPages.count))")
        notes.append("productType=NON_CONSUMABLE (200 of \(count)), every page: median \(format(sparse.value(.median))), "
                     + "max \(format(filtered.max() ?? .nan)) (n=\(filtered.count))")
        notes.append("each transaction signed (ES256, x5c chain) by a test authority; tokens not checked")
        try await client.shutdown()
        await store.close()
        return Measurement(samples: firstPages + laterPages + filtered, notes: notes)
    }

    struct BenchError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
