/// Something the terminal tells the app: a key, a mouse action, a new size, or a request to stop.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The terminal now has this size; the next `present` redraws every cell.
    case resize(Size)
    /// SIGINT, SIGTERM, SIGHUP or SIGQUIT arrived (the signal number). The terminal ignores these signals
    /// so that nothing kills the process mid-frame; the app should save what it must, call
    /// `shutdown()` and exit through its normal path. Ctrl-C typed at the keyboard is
    /// `.key(.control("c"))` instead, because the terminal runs in raw mode.
    case signal(Int32)
}

/// A key press, decoded from bytes or ncurses key codes.
public enum Key: Hashable, Sendable {
    /// A printable character, including wide ones typed through an input method (`日`).
    case character(Character)
    case up, down, left, right
    /// Return or keypad Enter (`\r`, `\n`).
    case enter
    /// A lone Esc (after the 25 ms escape delay). Alt-x arrives as `.escape` then `x`.
    case escape
    case tab
    /// Shift-Tab.
    case backTab
    /// Backspace (DEL 0x7F, ^H, or the terminal's backspace key).
    case backspace
    /// The forward-delete key.
    case delete
    case insert
    case home, end, pageUp, pageDown
    /// Ctrl with a letter or one of `@[\]^_`, lower-cased: Ctrl-C is `.control("c")`.
    case control(Character)
    /// Function key F1…F63.
    case function(Int)

    /// Decodes one character read in raw mode: C0 codes become `.enter`, `.tab`, `.escape`,
    /// `.backspace` or `.control`; anything else is `.character`.
    public init(rawScalar scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x0A, 0x0D: self = .enter
        case 0x09: self = .tab
        case 0x1B: self = .escape
        case 0x08, 0x7F: self = .backspace
        case 0x00: self = .control("@")
        case 0x01...0x1A: self = .control(Character(Unicode.Scalar(scalar.value + 0x60)!))
        case 0x1C...0x1F: self = .control(Character(Unicode.Scalar(scalar.value + 0x40)!))
        default: self = .character(Character(scalar))
        }
    }
}

/// A mouse action at a cell.
public struct MouseEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        case press, release
        /// A press and a release on the same cell; delivered right after that `.release`.
        case click
        case wheelUp, wheelDown
        /// The pointer moved (with or without a button held).
        case move
    }

    /// Which button; `.none` for wheel and motion reports.
    public enum Button: Hashable, Sendable {
        case left, middle, right, none
    }

    public var kind: Kind
    public var button: Button
    /// The cell, 0-based.
    public var point: Point

    public init(kind: Kind, button: Button = .left, point: Point) {
        self.kind = kind
        self.button = button
        self.point = point
    }
}
