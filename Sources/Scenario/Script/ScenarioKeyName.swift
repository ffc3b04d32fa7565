import TerminalUI

/// Key names of `Key NAME` and the key commands (`Enter`, `Up 3`), spelled as in VHS.
enum ScenarioKeyName {
    /// Every named key, in the order the reference lists them.
    static let named: [(name: String, key: Key)] = [
        ("Enter", .enter), ("Esc", .escape), ("Escape", .escape), ("Tab", .tab), ("Shift+Tab", .backTab),
        ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right),
        ("PageUp", .pageUp), ("PageDown", .pageDown), ("Home", .home), ("End", .end),
        ("Space", .character(" ")), ("Backspace", .backspace), ("Delete", .delete),
    ]

    /// The names that are also commands of their own (`Enter 2` is `Key Enter 2`).
    static var commandNames: [String] { named.map(\.name) + ["Ctrl+C"] }

    /// The key a name stands for: a named key, `Ctrl+X` (a letter or one of `@[\]^_`), or a
    /// single printable character.
    static func key(_ name: String) -> Key? {
        if let hit = named.first(where: { $0.name == name }) { return hit.key }
        if name.hasPrefix("Ctrl+"), name.count == 6 {
            let c = Character(name.suffix(1).lowercased())
            if c.isASCII && (c.isLetter || "@[\\]^_".contains(c)) { return .control(c) }
            return nil
        }
        guard name.count == 1, let c = name.first, !c.isWhitespace,
              !c.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
        return .character(c)
    }

    /// What a `Key` line accepts, for messages.
    static let expected = "a key name (Enter, Esc, Tab, Up, Down, Left, Right, PageUp, PageDown, Home, End, Space, Backspace, Ctrl+C…) or a single character"
}
