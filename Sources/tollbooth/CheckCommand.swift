import ArgumentParser
import Foundation
import MockStore
import Paywall

/// `tollbooth check FILE`: validate a catalog, a paywall manifest or a theme; print each finding
/// as `FILE[:LINE:COLUMN]: error|warning: sentence`, then a summary line; exit 1 when there is
/// an error, 0 otherwise (warnings alone pass).
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a .storekit catalog, a paywall manifest or a theme (exit 0 when it has no errors).",
        discussion: """
            A .yaml file is a paywall manifest when it is named NAME.paywall.yaml or has manifest keys \
            (products, highlight, localizations…), and a theme when it has theme keys (name, base, border, \
            bullet, roles). A manifest is checked against its catalog: NAME.storekit beside it, or --catalog.
            """)

    @Argument(help: "A .storekit file (or package directory), a paywall manifest (.paywall.yaml) or a theme (.yaml).")
    var file: String

    @Option(help: "The catalog a manifest is checked against. Default: NAME.storekit beside NAME.paywall.yaml.")
    var catalog: String?

    func run() async throws {
        let name = URL(fileURLWithPath: file).lastPathComponent.lowercased()
        if name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
            try await checkConfigFile()
        } else {
            try checkCatalog()
        }
    }

    func checkCatalog() throws {
        let loaded: Catalog
        do {
            loaded = try CatalogLoader.load(path: file)
        } catch {
            throw CLIError(error)
        }
        // The loader's warnings are among the findings.
        let findings = CatalogCheck.run(loaded)
        let place = CatalogPlace(path: file)
        for finding in findings { say("\(file)\(place.suffix(for: finding)): \(finding)") }
        let errors = findings.filter { $0.severity == .error }.count
        let subscriptions = loaded.products.filter { $0.type == .autoRenewable }.count
        say("\(file): \(loaded.products.count) products (\(subscriptions) auto-renewable in \(loaded.groups.count) groups), format \(loaded.version); \(errors) errors, \(findings.count - errors) warnings")
        if errors > 0 { throw ExitCode(1) }
    }
}
