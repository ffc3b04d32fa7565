import Foundation
import TerminalUI

/// Reading rendered cells as a reviewer reads them: wrapped lines joined, sentences split.
public enum ScreenText {
    /// Newlines and runs of spaces become one space; a wrap between two wide (Japanese)
    /// characters, which has no space, joins them back, and so does a wrap after a word's
    /// hyphen ("auto-" / "renew", where `TextWidth.wrap` breaks compounds).
    public static func collapse(_ text: String) -> String {
        var out = ""
        var pendingSpace = false, pendingLineBreak = false
        for c in text {
            if c == " " { pendingSpace = true; continue }
            if c == "\n" { pendingLineBreak = true; continue }
            if pendingSpace || pendingLineBreak, let last = out.last {
                let wide = TextWidth.of(last) == 2 && TextWidth.of(c) == 2
                // Japanese and Chinese run words together, so a break between two wide characters
                // is only the layout's; Korean separates words with spaces, which stay.
                let hyphenated = pendingLineBreak && last == "-" && c.isLetter && out.dropLast().last?.isLetter == true
                if (!wide && !hyphenated) || (pendingSpace && isHangul(last) && isHangul(c)) { out.append(" ") }
            }
            pendingSpace = false
            pendingLineBreak = false
            out.append(c)
        }
        return out
    }

    static func isHangul(_ c: Character) -> Bool {
        c.unicodeScalars.first.map { (0xAC00...0xD7AF).contains($0.value) || (0x1100...0x11FF).contains($0.value) } ?? false
    }

    /// The whole screen as one line.
    static func flat(_ canvas: Canvas) -> String { collapse(canvas.text()) }

    /// The text inside `rect` as one line, box borders dropped.
    static func flat(_ canvas: Canvas, in rect: Rect) -> String {
        let border = CharacterSet(charactersIn: "|│┃║")
        return collapse(canvas.rows(in: rect).map { row in
            String(String.UnicodeScalarView(row.unicodeScalars.map { border.contains($0) ? " " : $0 }))
        }.joined(separator: "\n"))
    }

    /// The sentences of `text`, ended by "。" or by "." before a space (not the "." in "$39.99").
    public static func sentences(_ text: String) -> [String] {
        var sentences: [String] = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            current.append(character)
            let next = index + 1 < characters.count ? characters[index + 1] : " "
            if character == "。" || (character == "." && next == " ") {
                sentences.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            }
        }
        let rest = current.trimmingCharacters(in: .whitespaces)
        if !rest.isEmpty { sentences.append(rest) }
        return sentences
    }

    /// Where `fact` starts on `canvas` (its first few characters, which a wrap rarely splits),
    /// as a match on screen `scroll`; nil when it is not on one row.
    static func locate(_ fact: String, on canvas: Canvas, scroll: Int, within rect: Rect? = nil) -> AuditMatch? {
        let probe = String(fact.prefix(12))
        let hit = canvas.find(probe).first { point in rect.map { $0.contains(point) } ?? true }
        return hit.map { AuditMatch(text: fact, scroll: scroll, row: $0.y, column: $0.x) }
    }
}
