import ArgumentParser
import Chrome
import Foundation
import MockStore
import Paywall

/// `tollbooth check` on a paywall manifest, a theme or App Store metadata.
extension CheckCommand {
    func checkConfigFile() async throws {
        let text = try await userFacing { try ConfigFileKind.read(file) }
        let kind: ConfigFileKind
        do {
            kind = try ConfigFileKind.detect(file: file, text: text)
        } catch {
            try report([ConfigFileFinding(.error, error)], summary: "not checked")
            return
        }
        switch kind {
        case .theme:
            let (theme, findings) = try await userFacing { try ThemeCheck.run(path: file) }
            try report(findings, summary: theme.map { "theme `\(SourceText.excerpt($0.name))`" } ?? "theme")
        case .manifest:
            let (catalogPath, missing) = manifestCatalog()
            let loaded = try catalogPath.map { path in try CatalogLoader.load(path: path) }
            let catalogName = catalogPath.map { URL(fileURLWithPath: $0).lastPathComponent }
            var findings = ManifestCheck.run(text: text, file: file, catalog: loaded, catalogName: catalogName ?? "the catalog")
            if let missing { findings.append(ConfigFileFinding(.error, missing)) }
            // `audit` on this manifest reads its catalog's file rules in the manifest's languages too.
            if let loaded, let catalogPath, let manifest = try? ManifestParser.parse(text, file: file) {
                findings += Self.fileRuleFindings(catalog: loaded, catalogPath: catalogPath, manifest: manifest)
            }
            let against = catalogName.map { "paywall manifest, checked against \($0)" } ?? "paywall manifest, no catalog"
            try report(findings, summary: against)
        case .metadata:
            try checkMetadata(text: text)
        }
    }

    /// The manifest's catalog as `run` and `audit` find it (`--catalog`, else NAME.storekit
    /// beside NAME.paywall.yaml), or why there is none.
    func manifestCatalog() -> (String?, ConfigFileError?) {
        if let catalog { return (catalog, nil) }
        if let files = try? RunCommand.resolveFiles(target: file, manifest: nil, japan: false, command: "check") {
            return (files.catalog, nil)
        }
        let stem = ManifestLocation.catalogStem(ofManifest: file)
        return (nil, ConfigFileError(file: file, line: nil, message:
            "There is no \(stem).storekit beside this manifest, so its products and trial text could not be checked; pass --catalog CATALOG."))
    }

    func report(_ findings: [ConfigFileFinding], summary: String) throws {
        let ordered = findings.filter { $0.severity == .error } + findings.filter { $0.severity == .warning }
        for finding in ordered { say(finding.description) }
        let errors = ordered.count { $0.severity == .error }
        say("\(SourceText.path(file)): \(summary); \(EnglishCount.of(errors, "error")), \(EnglishCount.of(ordered.count - errors, "warning"))")
        if errors > 0 { throw ExitCode(1) }
    }
}
