import Audit
import Foundation
import MockStore
import Paywall
import TerminalUI

/// The reviewer audit of the bundled example (`Examples/Example.storekit` with its manifest), as
/// `tollbooth audit Examples/Example.storekit` runs it: every default variant (its languages ×
/// the default sizes × every customer state) ≤ 1 s, and one variant (en_US, 80×24, a new
/// customer: what `--locale en_US --size 80x24 --state new` runs) ≤ 100 ms. Each sample is a
/// whole `Auditor.audit`: building each customer in an in-memory store, drawing every screen,
/// every rule; rendering the text report is included, loading the files is not.
enum AuditBench {
    static let full = Benchmark(
        name: "audit",
        summary: "tollbooth audit of Examples/Example.storekit: every default variant, rules and text report",
        targets: [(.median, 1000)],
        run: { try await run(oneVariant: false, samples: 10) },
        group: "audit")

    static let oneVariant = Benchmark(
        name: "audit-variant",
        summary: "tollbooth audit of Examples/Example.storekit, one variant (en_US 80x24 new)",
        targets: [(.median, 100)],
        run: { try await run(oneVariant: true, samples: 30) },
        group: "audit")

    static func run(oneVariant: Bool, samples count: Int) async throws -> Measurement {
        let catalog = try CatalogLoader.load(path: try BundledExample.storeKitURL().path)
        let auditor = Auditor(catalog: catalog, manifest: try BundledExample.manifest())
        func audit() async throws -> AuditReport {
            oneVariant
                ? try await auditor.audit(locales: ["en_US"], sizes: [Size(width: 80, height: 24)], customers: [.new])
                : try await auditor.audit()
        }
        let report = try await audit()  // warm-up, and the figures for the notes
        guard report.passes else { throw BenchError("the bundled example fails its audit") }
        var samples: [Double] = []
        for _ in 0..<count {
            samples.append(try await milliseconds { _ = AuditTextReport.render(try await audit()) })
        }
        let screens = report.findings.map(\.variant).filter { $0.state != nil }
        func distinct<T: Hashable>(_ key: (AuditVariant) -> T?) -> Int { Set(screens.compactMap(key)).count }
        return Measurement(samples: samples, notes: [
            "\(distinct(\.label)) screen variants (\(distinct(\.locale)) languages × \(distinct(\.size)) sizes × "
                + "\(distinct(\.state)) states), \(report.findings.count) findings; \(count) audits after 1 warm-up",
        ])
    }
}
