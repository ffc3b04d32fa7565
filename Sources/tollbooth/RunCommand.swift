import ArgumentParser
import Foundation
import MockStore

/// `tollbooth run`: the paywall. (The interactive front end lands with the paywall work.)
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Open the paywall for a catalog (default: the bundled example).")
    func run() async throws {
        throw CLIError("the interactive paywall is not built yet")
    }
}
