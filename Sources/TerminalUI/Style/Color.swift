/// A terminal colour: the terminal's own default, one of the 16 ANSI colours, or one of the
/// 256 indexed colours of the xterm palette.
///
/// Views pick colours freely; the terminal degrades them to what it can show (`approximated`),
/// so a theme written for 256 colours still reads on an 8-colour or `NO_COLOR` terminal.
public enum Color: Hashable, Sendable {
    /// The terminal's own foreground or background (ncurses −1 after `use_default_colors`).
    case `default`
    /// ANSI colour 0–15 (0–7 normal, 8–15 bright). Values above 15 wrap modulo 16.
    case ansi(UInt8)
    /// xterm-256 palette entry: 0–15 ANSI, 16–231 a 6×6×6 cube, 232–255 a grey ramp.
    case indexed(UInt8)

    public static let black = Color.ansi(0)
    public static let red = Color.ansi(1)
    public static let green = Color.ansi(2)
    public static let yellow = Color.ansi(3)
    public static let blue = Color.ansi(4)
    public static let magenta = Color.ansi(5)
    public static let cyan = Color.ansi(6)
    public static let white = Color.ansi(7)

    /// The colour a terminal with `colorCount` colours (0, 8 or 256) should show instead.
    /// With 0 every colour becomes `.default` (`NO_COLOR`); with 8, bright ANSI colours drop to
    /// their normal twin and indexed colours go to the nearest of the 8 by RGB distance.
    public func approximated(forColorCount colorCount: Int) -> Color {
        switch self {
        case .default:
            return .default
        case .ansi(let n):
            if colorCount <= 0 { return .default }
            if colorCount < 16 { return .ansi(n % 8) }
            return .ansi(n % 16)
        case .indexed(let n):
            if colorCount <= 0 { return .default }
            if colorCount >= 256 { return self }
            if n < 16 { return Color.ansi(n).approximated(forColorCount: colorCount) }
            return .ansi(Self.nearestBasic(to: Self.rgb(ofIndex: n)))
        }
    }

    /// The palette index a 256-colour terminal uses for this colour, or nil for the default.
    public var paletteIndex: Int? {
        switch self {
        case .default: return nil
        case .ansi(let n): return Int(n % 16)
        case .indexed(let n): return Int(n)
        }
    }

    /// xterm's RGB for a palette index ≥ 16.
    public static func rgb(ofIndex n: UInt8) -> (Int, Int, Int) {
        if n >= 232 {
            let g = 8 + Int(n - 232) * 10
            return (g, g, g)
        }
        let i = Int(n) - 16
        let level = [0, 95, 135, 175, 215, 255]
        return (level[i / 36], level[(i / 6) % 6], level[i % 6])
    }

    /// xterm's default RGB for ANSI 0–7.
    static let basicRGB: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
    ]

    static func nearestBasic(to rgb: (Int, Int, Int)) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for (i, c) in basicRGB.enumerated() {
            let d = (c.0 - rgb.0) * (c.0 - rgb.0) + (c.1 - rgb.1) * (c.1 - rgb.1) + (c.2 - rgb.2) * (c.2 - rgb.2)
            if d < bestDistance { bestDistance = d; best = i }
        }
        return UInt8(best)
    }
}

extension Color: CustomStringConvertible {
    /// Short, reviewable names used in style maps: `red`, `bright-blue`, `i196`, `default`.
    public var description: String {
        let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
        switch self {
        case .default: return "default"
        case .ansi(let n):
            let k = Int(n % 16)
            return k < 8 ? names[k] : "bright-" + names[k - 8]
        case .indexed(let n): return "i\(n)"
        }
    }
}
