import Chrome
/// Loads a paywall manifest file for the CLI.
public enum ManifestLoader {
    /// Reads and parses the manifest at `path`.
    public static func load(path: String) throws(PaywallSetupError) -> PaywallManifest {
        let text = try PaywallResources.readText(path, what: "paywall manifest")
        do {
            return try ManifestParser.parse(text, file: path)
        } catch {
            throw .invalidFile(error)
        }
    }
}
