import MockStore
import TerminalUI

/// How the paywall looks: a style per role, a border style, and a bullet.
///
/// Themes are data (`Themes/*.yaml`), parsed by `ThemeParser`, so people can make their own
/// without rebuilding; `NO_COLOR` picks `mono`. A theme never changes what is shown, only how.
public struct Theme: Sendable, Hashable {
    public var name: String
    /// `.ascii` for terminals that draw box characters two cells wide (ambiguous = wide).
    public var border: BorderStyle
    /// The marker in front of benefit lines. ASCII by default: `•` is East Asian Ambiguous.
    public var bullet: String
    public var styles: [ThemeRole: Style]

    public init(name: String, border: BorderStyle = .light, bullet: String = "-", styles: [ThemeRole: Style] = [:]) {
        self.name = name
        self.border = border
        self.bullet = bullet
        self.styles = styles
    }

    /// The style of a role; plain when the theme leaves it out.
    public subscript(role: ThemeRole) -> Style {
        styles[role] ?? role.standIn.flatMap { styles[$0] } ?? .plain
    }

    /// Used only when the bundled theme files cannot be found: attributes without colours, ASCII
    /// borders, readable anywhere. Mirrors `Themes/mono.yaml`.
    public static let fallback = Theme(name: "fallback", border: .ascii, bullet: "-", styles: [
        .muted: Style(dim: true), .title: Style(bold: true), .heading: Style(bold: true, underline: true),
        .bullet: Style(bold: true), .badgeWarning: Style(underline: true),
        .planName: Style(bold: true), .price: Style(bold: true, underline: true), .perUnit: Style(dim: true),
        .cardFocused: Style(bold: true), .focusMarker: Style(bold: true), .button: Style(bold: true), .buttonFocused: Style(bold: true, reverse: true),
        .buttonDisabled: Style(dim: true), .badgeActive: Style(bold: true), .badgeError: Style(bold: true),
        .badgeMuted: Style(dim: true), .link: Style(underline: true), .linkFocused: Style(underline: true, reverse: true),
        .success: Style(bold: true), .warning: Style(bold: true), .error: Style(bold: true),
        .statusLine: Style(reverse: true), .statusFault: Style(bold: true, reverse: true), .footer: Style(reverse: true),
        .sheetBorder: Style(bold: true), .sheetTitle: Style(bold: true), .auditMark: Style(underline: true, reverse: true),
    ])

    /// A rough measure of how much a style stands out, to keep the billed price louder than
    /// trial and per-unit figures (D4). Reverse video outranks bold, which outranks colour.
    public static func prominence(_ style: Style) -> Int {
        var score = 0
        if style.reverse || style.bg != .default { score += 4 }
        if style.bold { score += 3 }
        if style.underline { score += 1 }
        if style.fg != .default { score += 1 }
        if style.dim { score -= 3 }
        return score
    }

    /// Problems that make the theme break a disclosure rule; empty for the bundled themes.
    public var disclosureWarnings: [String] { disclosureProblems.map(\.message) }

    /// The roles of trial and per-unit prices that rank at least as high as `price` (D4), each
    /// with whether it outranks it: a louder price fails `tollbooth audit`'s D4 wherever the role
    /// is drawn, while an equal one passes only because the billed price is read first.
    public var disclosureProblems: [(louder: Bool, message: String)] {
        let price = Self.prominence(self[.price])
        return [ThemeRole.offer, .perUnit].compactMap { role in
            let prominence = Self.prominence(self[role])
            guard prominence >= price else { return nil }
            let louder = prominence > price
            let how = louder ? "is louder than" : "is as prominent as"
            // The name is the file's `name:`, which may be a megabyte long: quoted as an excerpt.
            return (louder, "Theme \(SourceText.excerpt(name)): `\(role.rawValue)` (prominence \(prominence)) \(how) `price` (prominence \(price)); "
                + "the billed amount must stand out most (App Review, Guideline 3.1.2, D4): tone `\(role.rawValue)` down or make `price` louder.")
        }
    }
}
