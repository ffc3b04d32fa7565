import Foundation

/// Where a catalog's manifest and a manifest's catalog are found: `NAME.paywall.yaml` beside
/// `NAME.storekit`. One rule for `run`, `audit`, `check` and `play`.
public enum ManifestLocation {
    /// `NAME.paywall.yaml` beside the catalog at `catalogPath`, if there is one.
    public static func sibling(ofCatalog catalogPath: String) -> String? {
        let path = URL(fileURLWithPath: catalogPath).deletingPathExtension().appendingPathExtension("paywall.yaml").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// `NAME` of `NAME.paywall.yaml` (or `.paywall.yml`, `.yaml`, `.yml`): the catalog it goes with
    /// is `NAME.storekit` in the same folder.
    public static func catalogStem(ofManifest manifestPath: String) -> String {
        var name = URL(fileURLWithPath: manifestPath).lastPathComponent
        for suffix in [".paywall.yaml", ".paywall.yml", ".yaml", ".yml"] where name.hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
            break
        }
        return name
    }
}
