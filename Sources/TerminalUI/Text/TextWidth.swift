import CNCursesW
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many terminal columns text occupies, measured as ncurses and the terminal measure it.
///
/// ncursesw lays out cells with libc `wcwidth`, so layout must use the same function (through the
/// shim) rather than a separate table; otherwise a price column drifts by one cell whenever the
/// two disagree (docs/terminal.md §1.3). The one exception is the emoji sequences that terminals
/// draw two wide whatever `wcwidth` says of their first scalar (`of(_: Character)`). `wcwidth` answers −1 for all non-ASCII text in the C
/// locale, which is how test processes start, so every entry point first makes sure a UTF-8
/// `LC_CTYPE` is active.
public enum TextWidth {
    /// Whether a UTF-8 locale is active. The first call sets it up: `setlocale(LC_ALL, "")`, and if
    /// that does not give UTF-8, `C.UTF-8` (present in every glibc ≥ 2.35 and most containers).
    /// A `static let` initialiser runs exactly once, thread-safely, and before any measurement.
    public static var isUTF8LocaleActive: Bool { localeReady }

    private static let localeReady: Bool = {
        _ = setlocale(LC_ALL, "")
        if tb_codeset_is_utf8() != 0 { return true }
        for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] {
            if setlocale(LC_ALL, name) != nil, tb_codeset_is_utf8() != 0 { return true }
        }
        return false
    }()

    /// The cell width of one Unicode scalar: 0, 1 or 2, with non-printables counted as 0.
    /// (Raw `wcwidth` says −1 for those; callers deciding what to draw want 0.)
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        max(0, rawWidth(scalar))
    }

    /// The cell width of a grapheme (one extended grapheme cluster, which the canvas keeps in one
    /// cell): 2 for the emoji sequences terminals draw as one wide picture (`❤️`, `👨‍👩‍👧‍👦`,
    /// `🇯🇵`, `👍🏽`; see `EmojiSequence`), otherwise the width of its first scalar that `wcwidth`
    /// can measure, so combining marks add nothing (`e` + U+0301 is 1).
    ///
    /// Those sequences are where libc `wcwidth` (per scalar, `❤` is 1) and the terminal disagree;
    /// `NcursesTerminal` writes them in a form whose every scalar ncurses and the terminal measure
    /// alike, padded to this width, so the canvas, ncurses and the screen still agree.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if scalars.count == 1, let s = scalars.first { return of(s) }
        if EmojiSequence.isWide(scalars) { return 2 }
        for s in scalars {
            let w = rawWidth(s)
            if w >= 0 { return w }
        }
        return 0
    }

    /// The cell width of a string, summed over its graphemes.
    public static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for c in text { total += of(c) }
        return total
    }

    /// The cell width of sanitised text.
    public static func of(_ text: SafeText) -> Int { of(text.string) }

    /// `wcwidth` through the shim, with printable ASCII answered without a C call (every locale
    /// agrees on it, and it is most of what a paywall draws).
    static func rawWidth(_ s: Unicode.Scalar) -> Int {
        let v = s.value
        if v >= 0x20 && v < 0x7F { return 1 }
        _ = localeReady
        return Int(tb_wcwidth(v))
    }
}
