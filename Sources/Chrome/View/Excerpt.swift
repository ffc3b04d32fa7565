import TerminalUI

/// The beginning of a text from a catalog or manifest that the screen shows only a few lines of
/// (a plan's description, a benefit bullet, a custom EULA), sanitised.
///
/// Such text can be megabytes long; sanitising and wrapping all of it on every frame made a
/// paywall with a 2,000,000-character description take seconds to appear and to react to a key.
/// Only as many characters are taken as `lines` lines of `width` cells can hold, with room to
/// spare for breaks at spaces, so the lines drawn from the excerpt are those drawn from the whole
/// text; when text was left out the excerpt ends in "...", so a reader sees it goes on even when
/// the characters taken wrap to fewer lines (runs of spaces or removed control characters).
package struct Excerpt {
    package var text: SafeText

    package init(_ untrusted: String, lines: Int, width: Int) {
        // A wrapped line holds at most `width` characters (a hard cut), less at a space; two
        // lines' worth per line, plus one line more than shown, covers both.
        let limit = max(256, (min(max(1, lines), 10_000) + 1) * min(max(1, width), 10_000) * 2)
        let taken = untrusted.prefix(limit)
        text = taken.endIndex == untrusted.endIndex ? SafeText(untrusted) : SafeText(String(taken)) + "..."
    }
}
