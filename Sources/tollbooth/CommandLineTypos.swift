import ArgumentParser
import Foundation
import MockStore
import Scenario

/// Typos ArgumentParser would misreport. A mistyped subcommand reaches it as an argument of the
/// command above (`txn refnd 1` is "2 unexpected arguments"), and at the top as the catalog path
/// of `run`, the default (`tollbooth prodcuts X.storekit` is "Unexpected argument"); so the
/// arguments are walked first, and a word that names no subcommand is reported as one, with
/// the nearest. Its options' "did you mean" is reworded the same way (`option(_:in:)`).
enum CommandLineTypos {
    /// The command `arguments` name, as far as they name one, and its path (`tollbooth txn refund`).
    static func command(of arguments: [String]) -> (command: ParsableCommand.Type, path: [String]) {
        var command: ParsableCommand.Type = Tollbooth.self
        var path = ["tollbooth"]
        for word in arguments {
            guard let next = command.configuration.subcommands.first(where: { $0._commandName == word }) else { break }
            command = next
            path.append(word)
        }
        // No subcommand named: the arguments are the default's (`tollbooth --locale de_DE`,
        // `tollbooth MyApp.storekit --lokale de`), unless they ask the top for help.
        if command == Tollbooth.self, let fallback = Tollbooth.configuration.defaultSubcommand,
           !(arguments.first.map { ["-h", "--help", "--version", "help"].contains($0) } ?? false) {
            return (fallback, path + [fallback._commandName])
        }
        return (command, path)
    }

    /// The unknown subcommand in `arguments`, if a word stands where a subcommand must: after a
    /// command that has subcommands and no default, or first, unless it is a file (`tollbooth
    /// MyApp.storekit`) or reads as a path (a missing `MyApp.storekit` is `run`'s to report).
    static func unknownSubcommand(in arguments: [String],
                                  fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> UnknownSubcommand? {
        var command: ParsableCommand.Type = Tollbooth.self
        var path: [String] = []
        for word in arguments {
            let subcommands = command.configuration.subcommands
            // An option, or the end of options: ArgumentParser's to read (and `--help`'s).
            guard !subcommands.isEmpty, !word.hasPrefix("-") else { return nil }
            if let next = subcommands.first(where: { $0._commandName == word }) {
                command = next
                path.append(word)
                continue
            }
            // ArgumentParser's own `tollbooth help SUBCOMMAND`.
            if word == "help" { return nil }
            if command.configuration.defaultSubcommand != nil && (fileExists(word) || looksLikePath(word)) { return nil }
            return UnknownSubcommand(word: word, path: path, parent: command,
                                     candidates: subcommands.map { $0._commandName },
                                     takesFiles: command.configuration.defaultSubcommand != nil)
        }
        return nil
    }

    /// `MyApp.storekit`, `./x`, `~/x`: a word with a folder or an extension is a path.
    static func looksLikePath(_ word: String) -> Bool {
        word.contains("/") || word.hasPrefix("~") || URL(fileURLWithPath: word).pathExtension.isEmpty == false
    }

    /// ArgumentParser's "Unknown option '--catlog'. Did you mean '--catalog'?" as this tool's
    /// sentence, the nearest taken from the command's own options; nil for any other message.
    static func option(_ message: String, in arguments: [String]) -> String? {
        let prefix = "Unknown option '"
        guard message.hasPrefix(prefix) else { return nil }
        let name = String(message.dropFirst(prefix.count).prefix { $0 != "'" })
        let command = command(of: arguments).command
        let help = Tollbooth.helpMessage(for: command)
        let options = help.matches(of: #/--[a-z0-9][a-z0-9-]*/#).map { String($0.output) }
        var seen = Set<String>()
        let candidates = (options + ["--help"]).filter { seen.insert($0).inserted }
        if let meant = otherToolsNames[name], candidates.contains(meant) {
            return "unknown option \(SourceText.quoted(name)); did you mean \(SourceText.quoted(meant))?"
        }
        return "unknown option \(SourceText.quoted(name))" + DidYouMean.hint(name, in: candidates)
    }

    /// Options other tools name differently, too far apart in spelling for the nearest-word
    /// match (`--lang` is four edits from `--locale`): a user reaching for the other name is
    /// pointed to ours when the command has it.
    static let otherToolsNames: [String: String] = [
        "--lang": "--locale", "--language": "--locale", "--localization": "--locale",
        "--country": "--storefront", "--region": "--storefront",
        "--storekit": "--catalog", "--config": "--catalog", "--db": "--ledger", "--database": "--ledger",
    ]
}

/// A word where a subcommand must stand that names none.
struct UnknownSubcommand: Error, CustomStringConvertible {
    var word: String
    /// The subcommands before it (`["txn"]`), empty at the top.
    var path: [String]
    /// The command whose subcommand it should be, for its usage.
    var parent: ParsableCommand.Type
    var candidates: [String]
    /// Whether a file may stand there instead (the top: `tollbooth MyApp.storekit`).
    var takesFiles: Bool

    /// `unknown subcommand "txn refnd"; did you mean "txn refund"?`
    var description: String {
        let prefix = path.map { $0 + " " }.joined()
        let unknown = "unknown subcommand \(SourceText.quoted(prefix + word))"
        if let near = NearestWord.to(word, in: candidates) {
            return "\(unknown); did you mean \(SourceText.quoted(prefix + near))?"
        }
        let file = takesFiles ? ", and no file of that name" : ""
        return "\(unknown)\(file); the subcommands are \(candidates.joined(separator: ", "))"
    }

    /// The sentence, then the usage of the command it belongs to, as ArgumentParser prints a
    /// usage error.
    var fullMessage: String {
        let name = (["tollbooth"] + path).joined(separator: " ")
        return "Error: \(description)\nUsage: \(Tollbooth.usageString(for: parent))\n  See '\(name) --help' for more information."
    }
}
