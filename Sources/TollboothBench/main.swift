import Foundation
import MockStore

// `swift run -c release TollboothBench [name…]`: runs the named benchmarks (all by default)
// and prints median / p99 against each target. `child` is the cross-process benchmark's writer.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "child" {
    do {
        try await CrossProcessBench.child(Array(arguments.dropFirst()))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("child: \(error)\n".utf8))
        exit(1)
    }
}

let benchmarks = [EntitlementsBench.benchmark, RenewalsBench.benchmark, CrossProcessBench.benchmark, CatalogLoadBench.benchmark, KeyToFrameBench.benchmark, LongDescriptionBench.benchmark,
                  TransactionsPanelBench.benchmark, TransactionsPanelLiveBench.benchmark, CrossDeviceBench.benchmark,
                  AuditBench.full, AuditBench.oneVariant, PlayBench.benchmark, StoreKitTestBench.benchmark, ServerHistoryBench.benchmark]
if arguments.contains("-h") || arguments.contains("--help") {
    print("usage: TollboothBench [\(benchmarks.map(\.name).joined(separator: "|"))…]")
    for benchmark in benchmarks { print("  \(benchmark.name): \(benchmark.summary)") }
    exit(0)
}
let unknown = arguments.filter { name in !benchmarks.contains { $0.name == name || $0.group == name } }
guard unknown.isEmpty else {
    FileHandle.standardError.write(Data("unknown benchmark \(unknown.joined(separator: ", ")); known: \(benchmarks.map(\.name).joined(separator: ", "))\n".utf8))
    exit(2)
}
let selected = arguments.isEmpty ? benchmarks
    : benchmarks.filter { arguments.contains($0.name) || $0.group.map(arguments.contains) == true }

var rows: [[String]] = []
var failed = false
for benchmark in selected {
    FileHandle.standardError.write(Data("\(benchmark.name): \(benchmark.summary)\n".utf8))
    do {
        let measurement = try await benchmark.run()
        for note in measurement.notes { log(note) }
        for (statistic, target) in benchmark.targets {
            let value = measurement.value(statistic)
            let ratio = value / target
            if !(ratio <= 1) { failed = true }
            rows.append([benchmark.name, statistic.rawValue, format(value), "≤ " + format(target), String(format: "%.3f", ratio),
                         ratio <= 1 ? "ok" : "MISSED", "n=\(measurement.samples.count)",
                         "median \(format(measurement.value(.median))), p99 \(format(measurement.value(.p99)))"])
        }
    } catch {
        failed = true
        rows.append([benchmark.name, "-", "error", "-", "-", "ERROR", "", "\(error)"])
    }
}

let header = ["BENCHMARK", "STAT", "FIGURE", "TARGET", "RATIO", "", "SAMPLES", "DISTRIBUTION"]
let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
for row in [header] + rows {
    print(row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }
        .joined(separator: "  ").trimmingCharacters(in: .whitespaces))
}
exit(failed ? 1 : 0)
