import ArgumentParser
import Foundation
import MockStore

/// `tollbooth check CATALOG`: validate a catalog; exit 0, or explain and exit non-zero.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Validate a .storekit catalog (exit 0 when it loads without errors).")

    @Argument(help: "A .storekit file (or .storekit package directory).")
    var catalog: String

    func run() async throws {
        let loaded: Catalog
        do {
            loaded = try CatalogLoader.load(path: catalog)
        } catch {
            throw CLIError(error.description)
        }
        // The loader's warnings are among the findings.
        let findings = CatalogCheck.run(loaded)
        for finding in findings { say("\(catalog): \(finding)") }
        let errors = findings.filter { $0.severity == .error }.count
        let subscriptions = loaded.products.filter { $0.type == .autoRenewable }.count
        say("\(catalog): \(loaded.products.count) products (\(subscriptions) auto-renewable in \(loaded.groups.count) groups), format \(loaded.version); \(errors) errors, \(findings.count - errors) warnings")
        if errors > 0 { throw ExitCode(1) }
    }
}
