import ArgumentParser
import Foundation

/// `tollbooth`: a terminal paywall and purchase-flow emulator backed by a mock of StoreKit 2.
@main
struct Tollbooth: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tollbooth",
        abstract: "A terminal paywall and purchase-flow emulator with an in-process mock of StoreKit 2.",
        discussion: """
            With no subcommand, opens the paywall of the bundled example app.
            `txn`, `clock`, `fault` and `events` drive a running paywall from another terminal
            through the shared ledger.
            """,
        version: version,
        subcommands: [
            RunCommand.self, ProductsCommand.self, CheckCommand.self, TxnCommand.self, ClockCommand.self,
            FaultCommand.self, EventsCommand.self,
        ],
        defaultSubcommand: RunCommand.self)

    /// What `tollbooth --version` prints; raised with each release.
    static let version = "0.7.0"

    /// Parses and runs as swift-argument-parser's own `main` does, except that an error message,
    /// which may quote a hostile argument, catalog text or ledger value, goes out through
    /// `TerminalSafeOutput` (the library would print it raw).
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                // Help, --version and completion scripts: the program's own text, verbatim.
                if !message.isEmpty { print(message) }
            } else if !message.isEmpty {
                TerminalSafeOutput.complain(message)
            }
            Foundation.exit(code.rawValue)
        }
    }
}
