import Foundation
import MockStore
import Paywall

extension Tollbooth {
    /// `tollbooth --help`, `-h` or `help`: the help that gets the ledgers' epilogue
    /// (swift-argument-parser has no epilogue of its own, and does not say which help it printed).
    static func isRootHelp(_ arguments: [String]) -> Bool {
        arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"]
    }

    /// Printed after `tollbooth --help`: where the ledgers are, so a second terminal can name the
    /// one a paywall uses. The paths come from the environment, so they go out sanitised.
    static func ledgersEpilogue(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        var lines = ["LEDGERS:"]
        if let bundled = DefaultLedger.bundledPath(environment: environment) {
            lines += ["  The bundled example's ledger: \(bundled)",
                      "  (`tollbooth` with no argument, `tollbooth run Examples/Example.storekit` and",
                      "  `--catalog Examples/Example.storekit` all use it, whichever path names the example)"]
        } else {
            lines.append("  The bundled example is not installed (no Tollbooth_Chrome.resources).")
        }
        if let japan = DefaultLedger.bundledPath(japan: true, environment: environment) {
            lines.append("  With --locale ja or --storefront JPN, its yen twin's: \(japan)")
        }
        lines += ["  Any other catalog's default ledger is NAME-HASH.sqlite, one per catalog path, in",
                  "  \(Ledger.defaultDirectory(environment: environment)) ($XDG_STATE_HOME/tollbooth, else ~/.local/state/tollbooth);",
                  "  --ledger PATH names another."]
        return lines.joined(separator: "\n")
    }
}
