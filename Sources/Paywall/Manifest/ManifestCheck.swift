import Chrome
import Foundation
import MockStore
import Yams

/// What `tollbooth check NAME.paywall.yaml` reports: the manifest's own mistakes (YAML syntax,
/// unknown keys, bad values: the first one stops the reading, as it stops `run`), then, against
/// its catalog, every product id the catalog lacks and every trial text that contradicts the
/// introductory offer of a plan it is shown with (`ManifestTrialCheck`).
public enum ManifestCheck {
    /// The findings for manifest `text` read from `file`, checked against `catalog` (named
    /// `catalogName` in messages); nil `catalog` checks the file alone.
    public static func run(text: String, file: String, catalog: Catalog?, catalogName: String = "the catalog") -> [ConfigFileFinding] {
        let manifest: PaywallManifest
        do {
            manifest = try ManifestParser.parse(text, file: file)
        } catch {
            return [ConfigFileFinding(.error, error)]
        }
        guard let catalog else { return [] }
        let places = ManifestPlaces(text: text, file: file)
        var findings: [ConfigFileFinding] = []
        let ids = catalog.products.map(\.id)
        // Ids are quoted cut (`YAMLReader.cut`), and a catalog of thousands of products is not listed whole.
        let listed = ids.prefix(12).map(YAMLReader.cut).joined(separator: ", ") + (ids.count > 12 ? " (and \(ids.count - 12) more)" : "")
        for (index, id) in manifest.productIDs.enumerated() where !ids.contains(id) {
            let fix = YAMLReader.closest(id, in: ids).map { "write `\(YAMLReader.cut($0))` (the nearest id there) or remove the line" }
                ?? "use one of \(listed) or remove the line"
            findings.append(ConfigFileFinding(.error, places.problem(at: ["products", "\(index)"],
                "Product `\(YAMLReader.cut(id))` is not in \(catalogName), so the paywall would silently leave it out; \(fix).")))
        }
        if let highlight = manifest.highlightProductID, !ids.contains(highlight) {
            findings.append(ConfigFileFinding(.error, places.problem(at: ["highlight"],
                "`highlight` names `\(YAMLReader.cut(highlight))`, which is not in \(catalogName), so no plan is marked; name one of its products.")))
        }
        findings += ManifestTrialCheck(manifest: manifest, catalog: catalog, places: places).run()
        return findings
    }
}

/// Where a key or list item sits in a manifest's text, for pointing messages at it.
struct ManifestPlaces {
    let file: String
    let root: Node?

    init(text: String, file: String) {
        self.file = file
        self.root = try? Yams.compose(yaml: text)
    }

    /// The node at `path` (mapping keys, or list indexes as numbers).
    func node(_ path: [String]) -> Node? {
        var node = root
        for step in path {
            switch node {
            case .mapping(let mapping)?: node = mapping.first { $0.key.scalar?.string == step }?.value
            case .sequence(let sequence)?: node = Int(step).flatMap { $0 < sequence.count ? sequence[$0] : nil }
            default: return nil
            }
        }
        return node
    }

    /// A problem at `path`'s value, or at the file when the path is not found.
    func problem(at path: [String], _ message: String) -> ConfigFileError {
        let mark = node(path)?.mark
        return ConfigFileError(file: file, line: mark?.line, column: mark?.column, message: message)
    }
}
