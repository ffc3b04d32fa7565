/// What `tollbooth check THEME.yaml` reports: the first mistake that stops the theme loading
/// (YAML syntax, an unknown key or colour, a bad value), else the ways it breaks a disclosure
/// rule (D4: trial and per-unit figures as loud as the billed price) as warnings.
public enum ThemeCheck {
    /// The findings for the theme file at `path`; a `base:` names a bundled theme.
    public static func run(path: String) throws(PaywallSetupError) -> (theme: Theme?, findings: [ConfigFileFinding]) {
        do {
            let theme = try ThemeLoader.load(path: path)
            let warnings = theme.disclosureWarnings.map {
                ConfigFileFinding(.warning, ConfigFileError(file: path, line: nil, message: $0))
            }
            return (theme, warnings)
        } catch .invalidFile(let error) {
            return (nil, [ConfigFileFinding(.error, error)])
        }
    }
}
