import Foundation
import MockStore
import TerminalUI
import Yams

/// Reads a theme file (YAML) into a `Theme`, with `file:line:` errors a person can act on.
///
/// ```yaml
/// name: default
/// base: mono            # optional: roles not listed here come from this theme
/// border: rounded       # light | rounded | heavy | ascii
/// bullet: "-"
/// roles:
///   price: { fg: bright-yellow, bold: true }
///   link:  { fg: 39, underline: true }      # 0–255 picks an xterm-256 colour
/// ```
public enum ThemeParser {
    package static let topKeys = ["name", "description", "base", "border", "bullet", "roles"]
    static let styleKeys = ["fg", "bg", "bold", "dim", "italic", "underline", "reverse"]

    /// Parses `text` read from `file`. `base` loads the theme named by a `base:` key.
    public static func parse(_ text: String, file: String,
                             base: (String) throws -> Theme = { _ in throw CancellationError() }) throws(ConfigFileError) -> Theme {
        let reader = YAMLReader(file: file)
        guard let root = try reader.root(text) else {
            throw ConfigFileError(file: file, line: nil, message: "The theme file is empty; start from one of the bundled themes (Themes/default.yaml).")
        }
        let entries = try reader.mapping(root, "the theme", allowed: topKeys)
        let fallbackName = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        var theme = Theme(name: fallbackName)
        if let baseEntry = entries.first(where: { $0.key == "base" }) {
            let baseName = try reader.string(baseEntry.value, "`base`")
            do {
                theme = try base(baseName)
            } catch {
                throw reader.fail(baseEntry.value, "The base theme `\(YAMLReader.cut(baseName))` could not be loaded (\(SourceText.excerpt("\(error)", limit: 200))); use a bundled theme name such as default or mono.")
            }
            theme.name = fallbackName
        }
        for entry in entries {
            switch entry.key {
            case "name": theme.name = try reader.string(entry.value, "`name`")
            case "border": theme.border = try border(entry.value, reader)
            case "bullet":
                let bullet = SafeText(try reader.string(entry.value, "`bullet`")).string
                guard (1...3).contains(TextWidth.of(bullet)) else {
                    throw reader.fail(entry.value, "`bullet` must be 1 to 3 columns wide, such as \"-\" or \"*\".")
                }
                theme.bullet = bullet
            case "roles":
                for role in try reader.mapping(entry.value, "`roles`", allowed: ThemeRole.allCases.map(\.rawValue)) {
                    theme.styles[ThemeRole(rawValue: role.key)!] = try style(role.value, role: role.key, reader)
                }
            default: break  // description, base: handled or informational
            }
        }
        return theme
    }

    static func border(_ node: Node, _ reader: YAMLReader) throws(ConfigFileError) -> BorderStyle {
        let text = try reader.string(node, "`border`").lowercased()
        switch text {
        case "light": return .light
        case "rounded": return .rounded
        case "heavy": return .heavy
        case "ascii", "mono": return .ascii
        default:
            throw reader.fail(node, "Unknown border `\(YAMLReader.cut(text))`; use light, rounded, heavy or ascii (ascii suits terminals that draw box characters double-width).")
        }
    }

    static func style(_ node: Node, role: String, _ reader: YAMLReader) throws(ConfigFileError) -> Style {
        var style = Style()
        for entry in try reader.mapping(node, "role `\(role)`", allowed: styleKeys) {
            let what = "`\(role).\(entry.key)`"
            switch entry.key {
            case "fg": style.fg = try color(entry.value, what, reader)
            case "bg": style.bg = try color(entry.value, what, reader)
            case "bold": style.bold = try reader.bool(entry.value, what)
            case "dim": style.dim = try reader.bool(entry.value, what)
            case "italic": style.italic = try reader.bool(entry.value, what)
            case "underline": style.underline = try reader.bool(entry.value, what)
            case "reverse": style.reverse = try reader.bool(entry.value, what)
            default: break
            }
        }
        return style
    }

    static let colorNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    static func color(_ node: Node, _ what: String, _ reader: YAMLReader) throws(ConfigFileError) -> Color {
        let raw = try reader.string(node, what)
        if let color = parseColor(raw) { return color }
        let names = ["default"] + colorNames + ["grey"]
        let nearest = YAMLReader.closest(raw.lowercased(), in: names + names.dropFirst().map { "bright-\($0)" })
            .map { "`\($0)` (the nearest name) or " } ?? ""
        throw reader.fail(node, "Unknown colour `\(YAMLReader.cut(raw))` for \(what); use \(nearest)one of \(names.joined(separator: ", ")) (each also as bright-NAME), a number 0–255, or #rrggbb.")
    }

    /// `default`, `red`, `bright-red` (also `brightRed`, `bright_red`), `0`–`255`, `#rrggbb`.
    static func parseColor(_ raw: String) -> Color? {
        let text = raw.trimmingCharacters(in: .whitespaces).lowercased()
        if text == "default" || text == "none" { return .default }
        if let n = Int(text) { return (0...255).contains(n) ? .indexed(UInt8(n)) : nil }
        if text.hasPrefix("#") { return hexColor(String(text.dropFirst())) }
        var name = text
        var bright = false
        for prefix in ["bright-", "bright_", "bright"] where name.hasPrefix(prefix) {
            name = String(name.dropFirst(prefix.count))
            bright = true
            break
        }
        if name == "grey" || name == "gray" { return .ansi(bright ? 7 : 8) }
        guard let index = colorNames.firstIndex(of: name) else { return nil }
        return .ansi(UInt8(index + (bright ? 8 : 0)))
    }

    /// The nearest xterm-256 cube or grey-ramp entry to an RGB colour.
    static func hexColor(_ hex: String) -> Color? {
        guard hex.count == 6, let value = Int(hex, radix: 16) else { return nil }
        let r = (value >> 16) & 0xFF, g = (value >> 8) & 0xFF, b = value & 0xFF
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ c: Int) -> Int { levels.indices.min { abs(levels[$0] - c) < abs(levels[$1] - c) }! }
        let (ri, gi, bi) = (nearestLevel(r), nearestLevel(g), nearestLevel(b))
        let cube = (16 + 36 * ri + 6 * gi + bi, (levels[ri], levels[gi], levels[bi]))
        let greyIndex = min(23, max(0, ((r + g + b) / 3 - 8 + 5) / 10))
        let greyLevel = 8 + greyIndex * 10
        let grey = (232 + greyIndex, (greyLevel, greyLevel, greyLevel))
        func distance(_ c: (Int, Int, Int)) -> Int { (c.0 - r) * (c.0 - r) + (c.1 - g) * (c.1 - g) + (c.2 - b) * (c.2 - b) }
        return .indexed(UInt8(distance(cube.1) <= distance(grey.1) ? cube.0 : grey.0))
    }
}
