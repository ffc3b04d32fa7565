import Audit
import Chrome
import Foundation
import MockStore
import Paywall

/// `tollbooth check` runs the audit's own file rules (`FileRules`: D16, D19, D20), so it never
/// passes a catalog or metadata file that `tollbooth audit` fails.
extension CheckCommand {
    /// The file rules' findings that are not a pass or a question for a person, as check's
    /// findings on `file`: a failure is an error, one line per problem however many languages it
    /// recurs in: `FILE: error: D19: the catalog … for de_DE, en_US; add ….`
    static func findings(_ ruled: [AuditFinding], on file: String) -> [ConfigFileFinding] {
        let reported = ruled.filter { $0.verdict == .fail || $0.verdict == .warning }
        return AuditFindingGroup.groups(reported).map { group in
            var sentence = "\(group.rule): \(group.message)"
            if !group.fix.isEmpty { sentence += "; \(group.fix)" }
            if !sentence.hasSuffix(".") { sentence += "." }
            return ConfigFileFinding(group.verdict == .fail ? .error : .warning, ConfigFileError(file: file, line: nil, message: sentence))
        }
    }

    /// The file rules on `catalog` (read from `catalogPath`), in every language `audit` reads it
    /// in with `manifest`.
    static func fileRuleFindings(catalog: Catalog, catalogPath: String, manifest: PaywallManifest) -> [ConfigFileFinding] {
        findings(FileRules.findings(catalog: catalog, manifest: manifest), on: catalogPath)
    }

    /// `check` on App Store metadata (`--metadata` of `audit`): its mistakes with their place,
    /// else D19 and D20 as `audit --metadata` judges them.
    func checkMetadata(text: String) throws {
        let metadata: AppMetadata
        do {
            metadata = try AppMetadataParser.parse(text, file: file)
        } catch {
            try report([ConfigFileFinding(.error, error)], summary: "App Store metadata")
            return
        }
        try report(Self.findings(FileRules.findings(metadata: metadata), on: file), summary: "App Store metadata (D19, D20)")
    }
}
