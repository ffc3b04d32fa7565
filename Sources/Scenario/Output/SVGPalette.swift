import TerminalUI

/// The RGB colours an SVG snapshot paints with: the terminal's default foreground and background,
/// the 16 ANSI colours, and xterm's 256-colour cube and grey ramp above them.
///
/// The default is a dark terminal (light grey on near-black) with xterm's ANSI colours, close to
/// what the paywall's default theme was designed on (docs/recordings.md).
public struct SVGPalette: Sendable, Equatable {
    /// An sRGB colour.
    public struct RGB: Sendable, Equatable {
        public var red: UInt8, green: UInt8, blue: UInt8
        public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// `#rrggbb`, lower case.
        public var hex: String {
            "#" + [red, green, blue].map { value in
                let digits = String(value, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
        }
    }

    public var foreground: RGB
    public var background: RGB
    /// ANSI 0–15.
    public var ansi: [RGB]

    public init(foreground: RGB, background: RGB, ansi: [RGB]) {
        precondition(ansi.count == 16, "a palette has 16 ANSI colours")
        self.foreground = foreground
        self.background = background
        self.ansi = ansi
    }

    /// Light grey on near-black, xterm's ANSI colours.
    public static let dark = SVGPalette(
        foreground: RGB(0xD0, 0xD0, 0xD0), background: RGB(0x1C, 0x1C, 0x1C),
        ansi: [
            RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
            RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
            RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
            RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
        ])

    /// The colour `color` paints as a foreground (`isForeground`) or background.
    public func rgb(_ color: Color, isForeground: Bool) -> RGB {
        guard let index = color.paletteIndex else { return isForeground ? foreground : background }
        if index < 16 { return ansi[index] }
        let (r, g, b) = Color.rgb(ofIndex: UInt8(index))
        return RGB(UInt8(r), UInt8(g), UInt8(b))
    }
}
