import Foundation
import MockStore

/// (d) Loading the largest sample catalog with `CatalogLoader.load(path:)`. Target: ≤ 5 ms.
enum CatalogLoadBench {
    static let sample = "revenuecat-purchasetester-v3.0-synced-offers.storekit"

    static let benchmark = Benchmark(
        name: "catalog",
        summary: "CatalogLoader.load(path:) of the largest sample (\(sample))",
        targets: [(.median, 5)],
        run: run)

    /// The repository's `Tests/Fixtures/storekit-samples` (found from the working directory or
    /// from this source file), or `$TOLLBOOTH_SAMPLES`.
    static func samplePath() -> String? {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["TOLLBOOTH_SAMPLES"] { candidates.append(env) }
        let cwd = FileManager.default.currentDirectoryPath
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        candidates += [cwd, repository].map { $0 + "/Tests/Fixtures/storekit-samples" }
        return candidates.map { $0 + "/" + sample }.first { FileManager.default.fileExists(atPath: $0) }
    }

    static func run() async throws -> Measurement {
        guard let path = samplePath() else {
            throw BenchError("cannot find \(sample): run from the repository root or set TOLLBOOTH_SAMPLES")
        }
        let catalog = try CatalogLoader.load(path: path)
        for _ in 0..<20 { _ = try CatalogLoader.load(path: path) } // warm-up
        var samples: [Double] = []
        for _ in 0..<500 {
            samples.append(try await milliseconds { _ = try CatalogLoader.load(path: path) })
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return Measurement(samples: samples, notes: [
            "\(size) bytes, \(catalog.products.count) products in \(catalog.groups.count) groups; 500 loads after 20 warm-up",
        ])
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
