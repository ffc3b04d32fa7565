import Foundation
import MockStore
import Scenario
import TestSupport

/// Plays scenario text written as if it sat in this folder (so `Set Catalog` paths are relative
/// to it), on a fresh ledger file, with the stand-in admin commands below.
func play(_ text: String, recorder: (any ScenarioRecorder)? = nil, filePath: String = #filePath) async throws -> ScenarioResult {
    let folder = try TemporaryFolder("play")
    defer { folder.remove() }
    let path = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("inline.tape").path
    let script = try ScenarioParser.parse(text, path: path)
    let player = ScenarioPlayer(script: script, ledger: folder.path("scenario.ledger"), runner: AdminLines(), recorder: recorder)
    return try await player.play()
}

/// The example catalog, relative to this folder.
let exampleCatalog = "Set Catalog ../../../Examples/Example.storekit"

/// 2026-01-01T09:00:00Z, the store date the scenarios set.
let storeDate = Date(timeIntervalSince1970: 1_767_258_000)

/// A stand-in for the CLI's `Store` lines (the tests cannot reach the `tollbooth` target): the
/// few admin commands the tests use, on an admin store opened as the CLI opens one. Its store
/// takes its wall clock from `ScriptedTime`, as the CLI's does inside a scenario.
struct AdminLines: StoreCommandRunner {
    func run(_ arguments: [String], ledger: String, catalog: String) async throws -> String {
        let store = try Store(catalog: try CatalogLoader.load(path: catalog), ledger: try Ledger.open(path: ledger),
                              device: "cli", polling: false, role: .admin)
        defer { Task { await store.close() } }
        switch arguments {
        case ["clock", "advance", arguments.last!]:
            guard let advance = ClockAdvance(arguments[2]) else { throw StoreOperationError("bad duration") }
            return try await store.admin { try $0.advanceClock(advance) }
        case ["txn", "refund", "last"]:
            return try await store.admin { session in
                guard let newest = try session.transactions(limit: 1).last else {
                    throw StoreOperationError("there are no transactions yet, so `last` names none")
                }
                return try session.refund(newest.id)
            }
        case ["fault", "latency", "purchase", arguments.last!]:
            let rule = FaultRule(api: .purchase, error: .storeKit(.networkError), mode: .latencyOnly,
                                 latencyMilliseconds: Int(arguments[3])!)
            try await store.admin { try $0.setFault(rule) }
            return "fault set"
        default:
            throw StoreOperationError("the test runner has no '\(arguments.joined(separator: " "))'")
        }
    }
}
