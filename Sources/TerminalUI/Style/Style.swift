/// How a cell is drawn: colours and the attributes every terminal we target supports.
///
/// `NO_COLOR` and 8-colour terminals keep the attributes (bold, reverse…) and only lose or
/// approximate colours, so a selection drawn with `reverse` stays visible everywhere.
public struct Style: Hashable, Sendable {
    /// Foreground colour.
    public var fg: Color
    /// Background colour.
    public var bg: Color
    public var bold: Bool
    public var dim: Bool
    public var italic: Bool
    public var underline: Bool
    public var reverse: Bool

    /// A style; everything off and default colours unless given.
    public init(
        fg: Color = .default, bg: Color = .default, bold: Bool = false, dim: Bool = false,
        italic: Bool = false, underline: Bool = false, reverse: Bool = false
    ) {
        self.fg = fg
        self.bg = bg
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.reverse = reverse
    }

    /// The terminal's default look.
    public static let plain = Style()

    /// Whether this is the terminal's default look (style maps leave such cells out).
    public var isPlain: Bool { self == .plain }
}

extension Style: CustomStringConvertible {
    /// Attribute words then colours, e.g. `bold reverse fg=green bg=i236`; `plain` if nothing set.
    public var description: String {
        var words: [String] = []
        if bold { words.append("bold") }
        if dim { words.append("dim") }
        if italic { words.append("italic") }
        if underline { words.append("underline") }
        if reverse { words.append("reverse") }
        if fg != .default { words.append("fg=\(fg)") }
        if bg != .default { words.append("bg=\(bg)") }
        return words.isEmpty ? "plain" : words.joined(separator: " ")
    }
}
