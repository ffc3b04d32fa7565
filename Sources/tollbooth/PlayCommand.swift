import ArgumentParser
import Foundation
import Scenario

/// `tollbooth play FILE`: runs a scenario headlessly, in virtual time, on its own ledger; checks
/// its expectations, records it, writes its snapshots. Exit 0 when it plays through, 1 when an
/// expectation fails, 2 when the scenario or its files cannot be used (as `audit`).
struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a scenario file headlessly in virtual time (exit 1 when an Expect fails).",
        discussion: "The scenario language is described in docs/scenario-language.md.")

    @Argument(help: "A scenario file: Set, Key, Type, Sleep, Store, Expect, Snapshot, Hide and Show lines.")
    var file: String

    @Option(help: "Write the recording here, as an asciicast v2 file.")
    var cast: String?

    @Option(help: "The folder Snapshot NAME writes NAME.txt and NAME.svg to (default: beside --cast; without either, snapshots are not written).")
    var svg: String?

    @Flag(help: "Only check the expectations: write nothing, and stop at the first that fails.")
    var check = false

    @Option(help: "Play on this ledger (default: a fresh temporary one, deleted afterwards).")
    var ledger: String?

    func run() async throws {
        let script: ScenarioScript
        let recording: CastRecorder?
        do {
            if check && (cast != nil || svg != nil) {
                throw CLIError("--check writes nothing: leave out --cast and --svg, or --check")
            }
            script = try ScenarioParser.parse(contentsOf: file)
            recording = try cast.map(CastRecorder.init(path:))
        } catch {
            TerminalSafeOutput.complain("\(error)")
            throw ExitCode(2)
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tollbooth-play-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let ledgerPath: String
        if let ledger {
            ledgerPath = ledger
        } else {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            ledgerPath = scratch.appendingPathComponent("scenario.ledger").path
        }
        let player = ScenarioPlayer(script: script, ledger: ledgerPath, runner: ScenarioStoreCommands(),
                                    recorder: recording, snapshots: snapshotFolder, diffOnFailure: check)
        do {
            _ = try await player.play()
            try recording?.finish()
        } catch let failure as ExpectationFailed {
            recording?.discard()
            TerminalSafeOutput.complain(failure.description)
            throw ExitCode(1)
        } catch {
            recording?.discard()
            TerminalSafeOutput.complain("\(error)")
            throw ExitCode(2)
        }
    }

    /// `--svg DIR`, else the folder of `--cast`, else none; `--check` writes nothing.
    var snapshotFolder: SnapshotFolder? {
        if check { return nil }
        if let svg { return SnapshotFolder(URL(fileURLWithPath: svg)) }
        if let cast { return SnapshotFolder(URL(fileURLWithPath: cast).deletingLastPathComponent()) }
        return nil
    }
}
