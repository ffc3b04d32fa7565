import Chrome
import Foundation
import MockStore
import Paywall
import TerminalUI

/// Issue 3: handling a key press to a presented frame — `update`, `view` and `present` on the
/// real ncurses backend, writing to a pseudo-terminal whose other end is drained.
enum KeyToFrameBench {
    static let benchmark = Benchmark(
        name: "keyToFrame",
        summary: "j/k key press → update → view → ncurses present on an 80×24 pty (bundled example, 2,000 presses)",
        targets: [(.p99, 2)],
        run: { try await run() })

    static func run() async throws -> Measurement {
        let catalog = try CatalogLoader.load(path: try BundledExample.storeKitURL().path)
        let store = try Store(catalog: catalog, ledger: .inMemory(), device: "bench", polling: false)
        let products = try await store.products(for: try BundledExample.manifest().productIDs)
        let snapshot = try await store.snapshot()
        var state = PaywallState(locale: "en_US", theme: try ThemeLoader.resolve(nil), manifest: try BundledExample.manifest(),
                                 policies: catalog.policies, size: Size(width: 80, height: 24), deviceName: "bench")
        _ = update(&state, .launched)
        _ = update(&state, .productsLoaded(products))
        _ = update(&state, .snapshotChanged(snapshot))

        var master: Int32 = 0, slave: Int32 = 0
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw BenchError("openpty failed") }
        let reader = master
        let drain = Thread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while read(reader, &buffer, buffer.count) > 0 {}
        }
        drain.start()
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        let terminal = try NcursesTerminal(input: slave, output: slave, environment: environment)
        defer { terminal.shutdown(); close(slave); close(master) }
        // As the runtime does: `view` reuses the body `update` laid out for the same state.
        let memo = BodyMemo()
        terminal.present(view(state, size: state.size, memo: memo))

        var samples: [Double] = [], views: [Double] = [], presents: [Double] = []
        for index in 0..<2_000 {
            let key: Key = index % 4 < 2 ? .character("j") : .character("k")
            let start = ContinuousClock.now
            _ = update(&state, .input(.key(key)), memo: memo)
            let canvas = view(state, size: state.size, memo: memo)
            let drawn = ContinuousClock.now
            terminal.present(canvas)
            let end = ContinuousClock.now
            samples.append((end - start).milliseconds)
            views.append((drawn - start).milliseconds)
            presents.append((end - drawn).milliseconds)
        }
        let v = Measurement(samples: views), p = Measurement(samples: presents)
        return Measurement(samples: samples, notes: [
            "frames presented through ncurses doupdate to a pty; the reader drains it",
            "update+view median \(format(v.value(.median))) p99 \(format(v.value(.p99))); present median \(format(p.value(.median))) p99 \(format(p.value(.p99)))",
        ])
    }
}
