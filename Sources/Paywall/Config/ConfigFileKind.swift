import Chrome
import Foundation
import Yams

/// Which kind of hand-written YAML file `tollbooth check` was given.
///
/// By name first: `NAME.paywall.yaml` (or `.paywall.yml`) is a paywall manifest, and a name with
/// `metadata` in it (`app-metadata.yaml`) is App Store metadata. Otherwise by its top-level keys:
/// a file whose keys are all metadata keys (`version`, `description`, `privacyPolicyURL`,
/// `customEULA`) with `description` or `customEULA` among them is metadata; else the kind with
/// more of its own keys wins: `products`, `highlight`, `localizations`, `privacyPolicyURL`,
/// `termsOfUseURL`, `version` make a manifest; `name`, `description`, `base`, `border`, `bullet`,
/// `roles` make a theme.
public enum ConfigFileKind: String, Sendable {
    case manifest, theme, metadata

    /// The text of a hand-written file, or a one-sentence error naming it.
    public static func read(_ path: String) throws(PaywallSetupError) -> String {
        try PaywallResources.readText(path, what: "file")
    }

    /// The kind of `text` read from `file`. Throws the file's YAML syntax error, or a sentence
    /// saying the keys do not tell, with the fix.
    public static func detect(file: String, text: String) throws(ConfigFileError) -> ConfigFileKind {
        let name = URL(fileURLWithPath: file).lastPathComponent.lowercased()
        if name.hasSuffix(".paywall.yaml") || name.hasSuffix(".paywall.yml") { return .manifest }
        if name.contains("metadata") { return .metadata }
        let reader = YAMLReader(file: file)
        let keys: [String]
        if case .mapping(let mapping)? = try reader.root(text) {
            keys = mapping.keys.compactMap(\.scalar?.string)
        } else {
            keys = []
        }
        if !keys.isEmpty, keys.allSatisfy(AppMetadataParser.topKeys.contains),
           keys.contains("description") || keys.contains("customEULA") {
            return .metadata
        }
        let manifest = keys.filter(ManifestParser.topKeys.contains).count
        let theme = keys.filter(ThemeParser.topKeys.contains).count
        if manifest > theme { return .manifest }
        if theme > manifest { return .theme }
        throw ConfigFileError(file: file, line: nil, message:
            "Tollbooth cannot tell whether this is a paywall manifest, a theme or App Store metadata; name a manifest NAME.paywall.yaml and metadata NAME-metadata.yaml, or give a theme a `roles:` block.")
    }
}
