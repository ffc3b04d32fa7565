import ArgumentParser
import CMalloc
import Foundation
import MockStore

/// `tollbooth`: a terminal paywall and purchase-flow emulator backed by a mock of StoreKit 2.
/// Both executables start here (`TollboothMain`).
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
            RunCommand.self, ProductsCommand.self, CheckCommand.self, AuditCommand.self, PlayCommand.self, TxnCommand.self, ClockCommand.self,
            FaultCommand.self, EventsCommand.self, EntitlementsCommand.self, FamilyCommand.self, CertCommand.self,
            NotifyCommand.self, ServeCommand.self,
        ],
        defaultSubcommand: RunCommand.self)

    /// What `tollbooth --version` prints; raised with each release.
    static let version = "0.7.0"

    /// Parses and runs as swift-argument-parser's own `main` does, except that an error message,
    /// which may quote a hostile argument, catalog text or ledger value, goes out through
    /// `TerminalSafeOutput` (the library would print it raw).
    static func main() async {
        tb_one_malloc_arena()
        let arguments = Self.negativeDurationsLast(Array(CommandLine.arguments.dropFirst()))
        if let typo = CommandLineTypos.unknownSubcommand(in: arguments) {
            TerminalSafeOutput.complain(typo.fullMessage)
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            let message = Self.printedMessage(for: error, arguments: arguments)
            if code == .success {
                // Help, --version and completion scripts: the program's own text, verbatim.
                if !message.isEmpty { print(message) }
                // Through `print` as well, so it comes after the help; its paths are data.
                if isRootHelp(Array(CommandLine.arguments.dropFirst())) { print("\n" + TerminalSafeOutput.safeLines(ledgersEpilogue())) }
            } else if !message.isEmpty {
                TerminalSafeOutput.complain(message)
            }
            // A command that failed leaves a path it made a new ledger of as it found it.
            if code != .success { _ = Ledger.undoCreations() }
            Foundation.exit(code.rawValue)
        }
    }

    /// What an error prints: ArgumentParser's text (the usage after a usage error), with its
    /// "Unknown option" reworded to name the nearest option as every other typo does; a
    /// problem at a place in a file as a compiler prints it (`CLIError.isLocated`).
    static func printedMessage(for error: any Error, arguments: [String]) -> String {
        if let error = error as? CLIError { return error.printed }
        if let error = error as? CatalogError { return CLIError(error).printed }
        let message = fullMessage(for: error)
        let prefix = "Error: "
        guard message.hasPrefix(prefix) else { return message }
        let lines = message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let rest = lines.count > 1 ? "\n" + lines[1] : ""
        guard let option = CommandLineTypos.option(String(lines[0].dropFirst(prefix.count)), in: arguments) else {
            return boundedWords(String(lines[0])) + rest
        }
        return prefix + option + rest
    }

    /// ArgumentParser quotes the value it refused whole ("The value '…' is invalid for
    /// '--seed <seed>'"), and an argument may be 128 KiB: a word of its sentence longer than a
    /// message quotes is cut to an excerpt, its closing quote kept.
    static func boundedWords(_ sentence: String) -> String {
        sentence.split(separator: " ", omittingEmptySubsequences: false).map { word in
            guard word.count > 80 else { return String(word) }
            return SourceText.excerpt(String(word), limit: 40) + (word.hasSuffix("'") ? "'" : "")
        }.joined(separator: " ")
    }

    /// `clock advance -1h` would reach swift-argument-parser as the flags `-1` and `-h` (help,
    /// exit 0). A duration that starts with a dash is moved behind `--`, so it arrives as the
    /// duration and gets its own message ("goes back in time").
    static func negativeDurationsLast(_ arguments: [String]) -> [String] {
        guard let clock = arguments.firstIndex(of: "clock"), clock + 1 < arguments.count,
              arguments[clock + 1] == "advance", !arguments.contains("--") else { return arguments }
        var kept = Array(arguments[...(clock + 1)])
        var moved: [String] = []
        for argument in arguments[(clock + 2)...] {
            // `-1h`, `-+1h`; never an option such as `--ledger`.
            if argument.hasPrefix("-"), let second = argument.dropFirst().first, second.isNumber || second == "+" {
                moved.append(argument)
            } else {
                kept.append(argument)
            }
        }
        guard !moved.isEmpty else { return arguments }
        return kept + (kept.contains("--") ? [] : ["--"]) + moved
    }
}
