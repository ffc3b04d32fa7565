import Foundation

/// Picks and loads the theme for a run: `--theme name|path`, else `NO_COLOR` → `mono`, else `default`.
public enum ThemeLoader {
    /// The themes that ship in `Themes/`.
    public static let bundledNames = ["default", "light", "high-contrast", "mono"]

    /// The theme for `requested` (`--theme`), honouring `NO_COLOR` when nothing was requested:
    /// an explicit choice overrides the environment, as no-color.org asks.
    public static func resolve(_ requested: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws(PaywallSetupError) -> Theme {
        if let requested, !requested.isEmpty {
            return try looksLikePath(requested) ? load(path: requested, environment: environment)
                                                : bundled(requested, environment: environment)
        }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            return try bundled("mono", environment: environment)
        }
        return try bundled("default", environment: environment)
    }

    /// A bundled theme by name.
    public static func bundled(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(PaywallSetupError) -> Theme {
        guard bundledNames.contains(name) else { throw .unknownTheme(name, available: bundledNames) }
        let path = try PaywallResources.themesDirectory(environment: environment).appendingPathComponent("\(name).yaml").path
        // Bundled themes are complete: they never name a base, so lookups can't loop.
        return try parse(path: path, displayName: "Themes/\(name).yaml") { base in
            throw PaywallSetupError.unknownTheme(base, available: [])
        }
    }

    /// A theme file; a `base:` key names a bundled theme.
    public static func load(path: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(PaywallSetupError) -> Theme {
        try parse(path: path, displayName: path) { base in try bundled(base, environment: environment) }
    }

    static func parse(path: String, displayName: String, base: (String) throws -> Theme) throws(PaywallSetupError) -> Theme {
        let text = try PaywallResources.readText(path, what: "theme file")
        do {
            return try ThemeParser.parse(text, file: displayName, base: base)
        } catch {
            throw .invalidFile(error)
        }
    }

    static func looksLikePath(_ text: String) -> Bool {
        text.contains("/") || text.hasSuffix(".yaml") || text.hasSuffix(".yml")
    }
}
