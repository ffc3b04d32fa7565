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
}
