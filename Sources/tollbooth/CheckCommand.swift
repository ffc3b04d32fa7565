import ArgumentParser
import Chrome
import Foundation
import MockStore
import Paywall

/// `tollbooth check FILE`: validate a catalog, a paywall manifest, a theme or App Store metadata;
/// print each finding as `FILE[:LINE:COLUMN]: error|warning: sentence`, then a summary line; exit
/// 1 when there is an error, 0 otherwise (warnings alone pass). The rules `audit` reads on files
/// (D16, D19, D20) are errors here too, from the same code.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a .storekit catalog, a paywall manifest, a theme or App Store metadata (exit 0 when it has no errors).",
        discussion: """
            A .yaml file is a paywall manifest when it is named NAME.paywall.yaml or has manifest keys \
            (products, highlight, localizations…); App Store metadata when its name contains "metadata" \
            or its keys are only version, description, privacyPolicyURL and customEULA, with description \
            or customEULA; and a theme when it has theme keys (name, base, border, bullet, roles). A \
            manifest is checked against its catalog: NAME.storekit beside it, or --catalog. The rules \
            `tollbooth audit` reads on files (D16, D19, D20) are errors here too.
            """)

    @Argument(help: "A .storekit file (or package directory), a paywall manifest (.paywall.yaml), a theme (.yaml) or App Store metadata (.yaml).")
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
        let place = CatalogPlace(path: file)
        var findings = CatalogCheck.run(loaded).map { finding in
            let at = place.place(of: finding)
            return ConfigFileFinding(finding.severity, ConfigFileError(file: file, line: at?.line, column: at?.column, message: finding.message))
        }
        // The rules `audit` reads on the catalog, in the languages it reads it in (the catalog's
        // and those of the manifest beside it, as `audit CATALOG` finds it).
        let manifest = ManifestLocation.sibling(ofCatalog: file).flatMap { try? ManifestLoader.load(path: $0) } ?? .empty
        findings += Self.fileRuleFindings(catalog: loaded, catalogPath: file, manifest: manifest)
        let subscriptions = loaded.products.filter { $0.type == .autoRenewable }.count
        try report(findings, summary: "\(EnglishCount.of(loaded.products.count, "product")) (\(subscriptions) auto-renewable in \(EnglishCount.of(loaded.groups.count, "group"))), format \(loaded.version)")
    }
}
