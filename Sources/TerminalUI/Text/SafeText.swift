/// Text that is safe to put in a terminal cell.
///
/// Product names, prices, locale strings and error messages come from files and processes we do
/// not control (docs/terminal.md §1.8). A string only becomes `SafeText` by going through the
/// sanitiser, and every `Canvas` text-drawing API takes `SafeText`, so a hostile name cannot move
/// the cursor, recolour the screen, open a hyperlink or reorder a price with bidi controls.
///
/// The sanitiser, working on Unicode scalars (not graphemes, because `"\r\n"` is one `Character`):
/// - removes whole escape sequences (`ESC [ … final`, `ESC ] … BEL/ST`, `ESC ( 0`, and their 8-bit
///   C1 forms such as CSI 0x9B and OSC 0x9D), so no `[31m` debris is left behind;
/// - removes every other C0 control, DEL, C1 control (U+0080–U+009F) and bidi control
///   (U+202A–202E, U+2066–2069, U+200E, U+200F, U+061C);
/// - turns each run of line breaks and tabs (`\n`, `\r`, `\t`, `\u{0B}`, `\u{0C}`, NEL, U+2028,
///   U+2029) between words into one space (and drops them at either end), because a cell cannot
///   hold them and "Pro\nMonthly" should still read as two words;
/// - drops combining marks (and joiners) at the start, which would otherwise fuse with whatever
///   the canvas drew just before.
public struct SafeText: Hashable, Sendable {
    /// The sanitised characters.
    public let string: String

    /// Sanitises `untrusted`.
    public init(_ untrusted: String) {
        string = Sanitiser.clean(untrusted)
    }

    /// Concatenation keeps the guarantee: neither side contains anything the sanitiser removes,
    /// and a leading mark on `rhs` can only combine with a character already on screen.
    private init(alreadySanitised: String) { string = alreadySanitised }

    /// The empty text.
    public static let empty = SafeText(alreadySanitised: "")

    /// Whether there is nothing to draw.
    public var isEmpty: Bool { string.isEmpty }

    /// Joins two safe texts.
    public static func + (lhs: SafeText, rhs: SafeText) -> SafeText {
        SafeText(alreadySanitised: lhs.string + rhs.string)
    }

    /// Joins safe texts with a separator.
    public static func joined(_ parts: [SafeText], separator: SafeText = .empty) -> SafeText {
        SafeText(alreadySanitised: parts.map(\.string).joined(separator: separator.string))
    }

    /// Builds from characters that all came out of a `SafeText` (used by truncate/wrap/pad,
    /// which only cut or add spaces). Internal so the guarantee cannot leak.
    init(slicing characters: some Sequence<Character>) {
        string = String(characters)
    }
}

extension SafeText: CustomStringConvertible {
    /// The sanitised string itself.
    public var description: String { string }
}

extension SafeText: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    /// Literals are sanitised too, so an interpolated untrusted value is cleaned with them.
    public init(stringLiteral value: String) { self.init(value) }

    /// `"Buy \(name)"` is sanitised as a whole after interpolation.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(String(stringInterpolation: stringInterpolation))
    }
}

/// The scalar-level state machine behind `SafeText`.
enum Sanitiser {
    static func clean(_ input: String) -> String {
        var out = String.UnicodeScalarView()
        var scalars = Array(input.unicodeScalars)[...]
        var pendingSpace = false
        var atStart = true

        while let s = scalars.first {
            scalars = scalars.dropFirst()
            let v = s.value
            if isLineOrTab(v) {
                pendingSpace = true
                continue
            }
            if v == 0x1B {
                skipEscapeSequence(&scalars)
                continue
            }
            if v == 0x9B { skipCSIBody(&scalars); continue }
            if v == 0x9D || v == 0x90 || v == 0x98 || v == 0x9E || v == 0x9F {
                skipStringBody(&scalars)
                continue
            }
            if isRemoved(v) { continue }
            if atStart && isLeadingJunk(s) { continue }
            if pendingSpace {
                if !atStart { out.append(" ") }
                pendingSpace = false
            }
            out.append(s)
            atStart = false
        }
        // A trailing line break adds nothing a reader would see.
        return String(out)
    }

    private static func isLineOrTab(_ v: UInt32) -> Bool {
        switch v {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    private static func isRemoved(_ v: UInt32) -> Bool {
        switch v {
        case 0x00...0x1F, 0x7F, 0x80...0x9F: return true  // C0, DEL, C1
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true  // bidi
        default: return false
        }
    }

    /// Marks and joiners with nothing of ours to attach to.
    private static func isLeadingJunk(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return s.value == 0x200D || s.value == 0x200C
        }
    }

    /// After ESC: CSI and string sequences have bodies; everything else is ESC, intermediates
    /// (0x20–0x2F, e.g. `(` in `ESC ( 0`) and one final byte.
    private static func skipEscapeSequence(_ s: inout ArraySlice<Unicode.Scalar>) {
        guard let next = s.first?.value else { return }
        switch next {
        case 0x5B: s = s.dropFirst(); skipCSIBody(&s)  // [
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F: s = s.dropFirst(); skipStringBody(&s)  // ] P X ^ _
        default:
            while let v = s.first?.value, (0x20...0x2F).contains(v) { s = s.dropFirst() }
            if let v = s.first?.value, (0x30...0x7E).contains(v) { s = s.dropFirst() }
        }
    }

    /// Parameters 0x30–0x3F, intermediates 0x20–0x2F, then one final byte 0x40–0x7E.
    private static func skipCSIBody(_ s: inout ArraySlice<Unicode.Scalar>) {
        while let v = s.first?.value, (0x20...0x3F).contains(v) { s = s.dropFirst() }
        if let v = s.first?.value, (0x40...0x7E).contains(v) { s = s.dropFirst() }
    }

    /// OSC/DCS/APC/PM/SOS run to BEL, ST (0x9C) or `ESC \`; an unterminated one eats the rest,
    /// which is what a terminal would have done with it too.
    private static func skipStringBody(_ s: inout ArraySlice<Unicode.Scalar>) {
        while let v = s.first?.value {
            s = s.dropFirst()
            if v == 0x07 || v == 0x9C { return }
            if v == 0x1B {
                if s.first?.value == 0x5C { s = s.dropFirst() }
                return
            }
        }
    }
}
