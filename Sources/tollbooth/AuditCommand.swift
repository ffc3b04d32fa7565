import ArgumentParser
import Audit
import Chrome
import Foundation
import MockStore
import Paywall
import TerminalUI

/// `tollbooth audit PATH`: a reviewer's check that the paywall shows the disclosures App Review
/// requires (docs/domain.md §3), read from the rendered paywall and the catalog. Exit 0 when no
/// rule fails, 1 when one does, 2 when the input is unusable.
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Check that a paywall shows the disclosures App Review requires (exit 1 when a rule fails).")

    @Argument(help: "A .storekit file, or a paywall manifest (NAME.paywall.yaml next to NAME.storekit).")
    var path: String

    @Option(help: "A paywall manifest. Default: NAME.paywall.yaml beside the catalog, if any.")
    var manifest: String?

    @Option(name: .customLong("locale"), help: "A locale to audit, e.g. en_US or ja_JP; repeatable (default: every language the catalog or manifest localizes).")
    var locales: [String] = []

    @Option(name: .customLong("size"), help: "A window size WxH, e.g. 80x24; repeatable (default: 80x24 and 40x20).")
    var sizes: [String] = []

    @Option(help: "The customer: new, intro-used, subscribed, lapsed, billing-retry or all.")
    var state: String = "all"

    @Option(help: "Theme name (default, light, high-contrast, mono) or a theme file path (default: default).")
    var theme: String?

    @Option(name: .customLong("storefront"), help: "A storefront, ISO 3166-1 alpha-3, e.g. USA or JPN (sets the account's storefront); repeatable (default: the catalog's).")
    var storefronts: [String] = []

    @Option(help: "text, json, junit (JUnit XML, for CI) or markdown (for a pull-request comment).")
    var format: String = "text"

    @Option(help: "Write the report to this file (replaced whole) instead of standard output.")
    var output: String?

    @Flag(help: "In the text report, a line for every variant a finding recurs in (default: each finding once, with the variants it spans).")
    var verbose = false

    @Option(name: .customLong("text"), help: ArgumentHelp("Audit this plain text of a paywall (one element per line, e.g. an app's accessibility labels) against the catalog, instead of the rendered paywall.", valueName: "file"))
    var textFile: String?

    @Option(help: "App Store metadata (YAML: description, privacyPolicyURL, customEULA) for D19 and D20.")
    var metadata: String?

    /// What the options ask for, once checked.
    struct Request {
        var catalog: Catalog
        var manifest: PaywallManifest
        var locales: [String]?
        var sizes: [Size]
        var customers: [CustomerState]
        var output: AuditReportOutput
        /// The paywall text to audit (`--text`), with its locale, instead of rendering.
        var text: (content: String, locale: String)?
        var theme: Theme
        var storefronts: [String]?
        var metadata: AppMetadata?
    }

    func run() async throws {
        let request: Request
        do {
            request = try await userFacing { try prepare() }
        } catch let error as CLIError {
            // Bad input is exit 2, so a script can tell it from a paywall that fails a rule.
            TerminalSafeOutput.complain(error.printed)
            throw ExitCode(2)
        }
        let auditor = Auditor(catalog: request.catalog, manifest: request.manifest, theme: request.theme, metadata: request.metadata)
        let report = try await userFacing {
            if let text = request.text {
                return try await auditor.audit(text: text.content, locale: text.locale, customer: request.customers.count == 1 ? request.customers[0] : .new)
            }
            return try await auditor.audit(locales: request.locales, storefronts: request.storefronts, sizes: request.sizes,
                                           customers: request.customers)
        }
        do {
            try request.output.write(report)
        } catch let error as CLIError {
            TerminalSafeOutput.complain(error.printed)
            throw ExitCode(2)
        }
        if !report.passes { throw ExitCode(1) }
    }

    func prepare() throws -> Request {
        guard let format = AuditReportFormat(rawValue: format) else {
            throw CLIError("--format must be text, json, junit or markdown, not \(SourceText.quoted(self.format, limit: 40))")
        }
        let output = try AuditReportOutput.checked(format: format, path: self.output, verbose: verbose)
        let customers: [CustomerState]
        if state == "all" {
            customers = CustomerState.allCases
        } else if let one = CustomerState(rawValue: state) {
            customers = [one]
        } else {
            throw CLIError("--state must be new, intro-used, subscribed, lapsed, billing-retry or all, not \(SourceText.quoted(state, limit: 40))")
        }
        for storefront in storefronts { try DidYouMean.checkStorefront(storefront) }
        // Not NO_COLOR's mono: a report says which theme it judged, whatever the terminal.
        let theme = try ThemeLoader.resolve(self.theme ?? "default")
        let sizes = try self.sizes.isEmpty ? Auditor.defaultSizes : self.sizes.map(Self.size)
        for locale in locales { try DidYouMean.checkLocale(locale, languages: true) }
        guard FileManager.default.fileExists(atPath: path) else { throw CLIError("\(SourceText.path(path)) does not exist") }
        let files = try RunCommand.resolveFiles(target: path, manifest: manifest, japan: false, command: "audit")
        let catalog = try CatalogLoader.load(path: files.catalog)
        let manifest = try files.manifest.map { try ManifestLoader.load(path: $0) } ?? .empty
        return Request(catalog: catalog, manifest: manifest, locales: locales.isEmpty ? nil : locales, sizes: sizes,
                       customers: customers, output: output, text: try paywallText(), theme: theme,
                       storefronts: storefronts.isEmpty ? nil : storefronts.map { $0.uppercased() },
                       metadata: try metadata.map { try AppMetadataLoader.load(path: $0) })
    }

    /// "80x24" → 80 columns, 24 rows; the paywall needs at least 20×8 to draw anything.
    static func size(_ text: String) throws -> Size {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (20...1000).contains(width), (8...1000).contains(height) else {
            throw CLIError("--size wants WIDTHxHEIGHT between 20x8 and 1000x1000, e.g. 80x24, not \(SourceText.quoted(text, limit: 40))")
        }
        return Size(width: width, height: height)
    }
}
