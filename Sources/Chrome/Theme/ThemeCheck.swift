/// What `tollbooth check THEME.yaml` reports: the first mistake that stops the theme loading
/// (YAML syntax, an unknown key or colour, a bad value), else the ways it breaks a disclosure
/// rule (D4): a trial or per-unit role louder than `price` is an error, as `tollbooth audit
/// --theme` fails it; one only as loud is a warning (the audit passes it while the billed price
/// is read first).
public enum ThemeCheck {
    /// The findings for the theme file at `path`; a `base:` names a bundled theme.
    public static func run(path: String) throws(PaywallSetupError) -> (theme: Theme?, findings: [ConfigFileFinding]) {
        do {
            let theme = try ThemeLoader.load(path: path)
            let findings = theme.disclosureProblems.map {
                ConfigFileFinding($0.louder ? .error : .warning, ConfigFileError(file: path, line: nil, message: $0.message))
            }
            return (theme, findings)
        } catch .invalidFile(let error) {
            return (nil, [ConfigFileFinding(.error, error)])
        }
    }
}
