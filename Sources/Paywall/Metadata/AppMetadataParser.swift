import Chrome
import Foundation

/// Reads an App Store metadata file (see `AppMetadata`) with `file:line:column:` errors and
/// unknown keys named with the nearest known one.
public enum AppMetadataParser {
    static let topKeys = ["version", "description", "privacyPolicyURL", "customEULA"]

    /// Parses `text` read from `file`.
    public static func parse(_ text: String, file: String) throws(ConfigFileError) -> AppMetadata {
        let reader = YAMLReader(file: file)
        var metadata = AppMetadata(source: file)
        guard let root = try reader.root(text) else { return metadata }
        func nonEmpty(_ text: String) -> String? {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        }
        for entry in try reader.mapping(root, "the metadata", allowed: topKeys) {
            switch entry.key {
            case "version":
                let version = try reader.string(entry.value, "`version`")
                guard version == "1" else {
                    throw reader.fail(entry.value, "Metadata version `\(YAMLReader.cut(version))` is not supported; write `version: 1`.")
                }
            case "description":
                metadata.appDescription = nonEmpty(try reader.string(entry.value, "`description`"))
            case "privacyPolicyURL":
                // An empty field is a fact to report (D19), not a mistake in the file.
                if nonEmpty(try reader.string(entry.value, "`privacyPolicyURL`")) != nil {
                    metadata.privacyPolicyURL = try reader.url(entry.value, "`privacyPolicyURL`")
                }
            case "customEULA":
                metadata.customEULA = nonEmpty(try reader.string(entry.value, "`customEULA`"))
            default: break
            }
        }
        return metadata
    }
}

/// Loads an App Store metadata file for the CLI.
public enum AppMetadataLoader {
    /// Reads and parses the metadata file at `path`.
    public static func load(path: String) throws(PaywallSetupError) -> AppMetadata {
        let text = try PaywallResources.readText(path, what: "metadata file")
        do {
            return try AppMetadataParser.parse(text, file: path)
        } catch {
            throw .invalidFile(error)
        }
    }
}
