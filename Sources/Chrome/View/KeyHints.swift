import TerminalUI

/// A footer's key hints ("j/k move  Enter select  …  ? help  q quit") fitted to a width.
///
/// Hints are separated by two spaces and are kept or dropped whole, never cut mid-word. The
/// ones `keep` picks (help and quit) stay at the end whatever the width, because `?` lists
/// every key the row had no room for; the others go from the end, least used first.
package enum KeyHints {
    package static let separator = "  "

    /// The hints that fit in `width` cells, with a leading space, unpadded; when even the kept
    /// hints do not fit, only their keys are shown, cut at the edge if still too wide.
    package static func fit(_ hints: String, width: Int, keep: (String) -> Bool) -> SafeText {
        let full = SafeText(" " + hints)
        guard TextWidth.of(full) > width else { return full }
        let all = hints.components(separatedBy: separator)
        var kept = all.filter(keep)
        var shown = all.filter { !keep($0) }
        func line() -> String { " " + (shown + kept).joined(separator: separator) }
        while !shown.isEmpty, TextWidth.of(line()) > width { shown.removeLast() }
        if TextWidth.of(line()) > width {
            // Not even the kept hints fit whole: their keys alone ("?  q") still say what to press.
            kept = kept.map { String($0.prefix { $0 != " " }) }
        }
        return TextWidth.truncate(SafeText(line()), toWidth: width)
    }
}
