import ArgumentParser
import Chrome
import Foundation
import MockStore
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
            // The folder is made, as --svg's is: a scenario's outputs may go to a new folder.
            if let cast { try Self.makeFolder(of: cast) }
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
        if svg != nil && Self.snapshotNames(in: script).isEmpty {
            PlayCommand.note("\(file) has no Snapshot line, so --svg writes no picture; add `Snapshot NAME` at the step to capture")
        }
        let player = ScenarioPlayer(script: script, ledger: ledgerPath, runner: ScenarioStoreCommands(),
                                    recorder: recording, snapshots: snapshotFolder, diffOnFailure: check)
        do {
            let result = try await player.play()
            try recording?.finish()
            say(summary(script, elapsed: result.elapsed))
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

    /// The one line a successful play prints on standard output: `demo.tape: played 31 steps
    /// in 12.4 s of virtual time; wrote demo.cast, shots/trial.txt, shots/trial.svg`.
    func summary(_ script: ScenarioScript, elapsed: Duration) -> String {
        var written = cast.map { [$0] } ?? []
        if let folder = snapshotFolder {
            for name in Self.snapshotNames(in: script) {
                written += ["txt", "svg"].map { Self.display(folder.url.appendingPathComponent("\(name).\($0)").path) }
            }
        }
        let (seconds, attoseconds) = elapsed.components
        let time = String(format: "%.1f", Double(seconds) + Double(attoseconds) / 1e18)
        let steps = script.steps.count
        let outcome = written.isEmpty ? (check ? "every expectation held" : "wrote nothing (add --cast or --svg to keep it)")
            : "wrote \(written.joined(separator: ", "))"
        return "\(file): played \(EnglishCount.of(steps, "step")) in \(time) s of virtual time; \(outcome)"
    }

    /// A remark on standard error, beside the summary on standard output.
    static func note(_ sentence: String) {
        TerminalSafeOutput.complain("note: \(sentence)")
    }

    /// The names of the scenario's `Snapshot` lines, in order, each once.
    static func snapshotNames(in script: ScenarioScript) -> [String] {
        var seen = Set<String>()
        return script.steps.compactMap { step in
            if case .snapshot(let name) = step.command, seen.insert(name).inserted { return name }
            return nil
        }
    }

    /// A path as the user would type it: relative to the current folder when under it.
    static func display(_ path: String) -> String {
        let here = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
    }

    /// Makes the folder `path` goes in, as `Snapshot` makes --svg's.
    static func makeFolder(of path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CLIError("cannot record to \(SourceText.path(path)): the folder \(SourceText.path(folder.path)) cannot be made (\(SourceText.excerpt(error.localizedDescription, limit: 200)))")
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
