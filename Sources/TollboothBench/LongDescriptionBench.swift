import Chrome
import Foundation
import MockStore
import Paywall
import TerminalUI

/// Issue 11: a catalog whose product description is 2,000,000 characters still shows its
/// paywall at once. Measures the first frame — `update` with the launch, the products and the
/// account, then `view` — for the bundled example with the yearly plan's description replaced
/// (no manifest, so the descriptions are also the header's benefit bullets), plus a key press
/// and quitting on the same state.
enum LongDescriptionBench {
    static let characters = 2_000_000

    static let benchmark = Benchmark(
        name: "longDescription",
        summary: "first frame (launch + products + account → update → view, 80×24) of the example with a \(characters / 1000)k-character description",
        targets: [(.median, 100)],
        run: { try await run() })

    /// Words of varied length, `count` characters in all.
    static func words(_ count: Int) -> String {
        let vocabulary = ["every", "feature", "billed", "once", "a", "year", "save", "against", "monthly", "premium"]
        var text = ""
        text.reserveCapacity(count + 16)
        var index = 0
        while text.utf8.count < count {
            if !text.isEmpty { text += " " }
            text += vocabulary[index % vocabulary.count]
            index += 1
        }
        return String(text.prefix(count))
    }

    static func run() async throws -> Measurement {
        var catalog = try CatalogLoader.load(path: try BundledExample.storeKitURL().path)
        let long = words(characters)
        let yearly = try BundledExample.manifest().productIDs.first!
        guard let index = catalog.products.firstIndex(where: { $0.id == yearly }) else { throw BenchError("no \(yearly)") }
        for l in catalog.products[index].localizations.indices { catalog.products[index].localizations[l].description = long }
        let store = try Store(catalog: catalog, ledger: .inMemory(), device: "bench", polling: false)
        let products = try await store.products(for: catalog.products.map(\.id))
        let snapshot = try await store.snapshot()
        guard products.contains(where: { $0.description.count == characters }) else { throw BenchError("description not loaded") }
        let base = PaywallState(locale: "en_US", theme: try ThemeLoader.resolve(nil), manifest: .empty,
                                policies: catalog.policies, size: Size(width: 80, height: 24), deviceName: "bench")

        var firstFrames: [Double] = [], keys: [Double] = [], quits: [Double] = []
        for _ in 0..<30 {
            // As the runtime does: a memo per run, shared by `update` and `view`.
            let memo = BodyMemo()
            var state = base
            let start = ContinuousClock.now
            _ = update(&state, .launched, memo: memo)
            _ = update(&state, .productsLoaded(products), memo: memo)
            _ = update(&state, .snapshotChanged(snapshot), memo: memo)
            _ = view(state, size: state.size, memo: memo)
            let shown = ContinuousClock.now
            _ = update(&state, .input(.key(.character("j"))), memo: memo)
            _ = view(state, size: state.size, memo: memo)
            let keyed = ContinuousClock.now
            let effects = update(&state, .input(.key(.character("q"))), memo: memo)
            let quit = ContinuousClock.now
            guard effects.contains(.quit) else { throw BenchError("q did not quit: \(effects)") }
            firstFrames.append((shown - start).milliseconds)
            keys.append((keyed - shown).milliseconds)
            quits.append((quit - keyed).milliseconds)
        }
        let k = Measurement(samples: keys), q = Measurement(samples: quits)
        return Measurement(samples: firstFrames, notes: [
            "\(characters) characters of words in every localization of \(yearly); no manifest; 30 runs",
            "then j → update+view median \(format(k.value(.median))) p99 \(format(k.value(.p99))); q → update median \(format(q.value(.median))) p99 \(format(q.value(.p99)))",
        ])
    }
}
