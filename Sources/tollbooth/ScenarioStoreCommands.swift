import ArgumentParser
import Foundation
import MockStore
import Scenario

/// Runs a scenario's `Store ARGS…` line as `tollbooth ARGS… --ledger LEDGER --catalog CATALOG`
/// would, in this process: parsed by the CLI's own command tree, its output kept rather than
/// printed, its errors the CLI's own sentences. It runs in the player's task, so the store it
/// opens reads the scenario's virtual clock (`ScriptedTime`).
struct ScenarioStoreCommands: StoreCommandRunner {
    /// The commands that act on a ledger; `run`, `play`, `audit`, `check` and `products` make no
    /// sense inside a scenario.
    static let allowed = ["txn", "clock", "fault", "events"]

    func run(_ arguments: [String], ledger: String, catalog: String) async throws -> String {
        guard let first = arguments.first, Self.allowed.contains(first) else {
            throw CLIError("'\(SourceText.excerpt(arguments.first ?? ""))' cannot run inside a scenario; Store takes the admin commands "
                           + Self.allowed.joined(separator: ", ") + " (e.g. Store txn refund last)")
        }
        if let chosen = arguments.first(where: { ["--ledger", "--catalog"].contains($0.split(separator: "=").first.map(String.init)) }) {
            throw CLIError("\(SourceText.excerpt(chosen)) is chosen by the scenario (its own ledger, or tollbooth play --ledger); leave it out")
        }
        if first == "events", arguments.contains("--follow") {
            throw CLIError("events --follow never ends, so a scenario cannot wait for it; use events --last N")
        }
        if let typo = CommandLineTypos.unknownSubcommand(in: arguments) { throw CLIError(typo.description) }
        let full = Tollbooth.negativeDurationsLast(arguments + ["--ledger", ledger, "--catalog", catalog])
        var command: any ParsableCommand
        do {
            command = try Tollbooth.parseAsRoot(full)
        } catch {
            throw CLIError(Self.sentence(for: error, help: "Store \(SourceText.excerpt(arguments.joined(separator: " "), limit: 80))", arguments: full))
        }
        let output = CapturedOutput()
        try await TerminalSafeOutput.$captured.withValue(output) {
            do {
                if var asyncCommand = command as? AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
            } catch let error as CLIError {
                throw error
            } catch {
                throw CLIError(Self.sentence(for: error, help: "Store \(SourceText.excerpt(arguments.joined(separator: " "), limit: 80))"))
            }
        }
        return output.text
    }

    /// swift-argument-parser's message for `error`, without its "Error: " and usage lines.
    static func sentence(for error: any Error, help: String, arguments: [String] = []) -> String {
        if Tollbooth.exitCode(for: error) == .success { return "\(help) only prints help; Store runs a command" }
        var message = Tollbooth.message(for: error)
        if let option = CommandLineTypos.option(message, in: arguments) { return option }
        if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
        return Tollbooth.boundedWords(message.split(separator: "\n").first.map(String.init) ?? message)
    }
}
