/// Fitting sanitised text into columns: truncate, wrap and pad, all measured in cells.
///
/// These only cut text or add spaces, so what they return is still `SafeText`.
extension TextWidth {
    /// How `pad` places text in its column.
    public enum Alignment: Sendable {
        case leading, center, trailing
    }

    /// Cuts `text` to at most `width` cells, ending with `marker` when anything was removed.
    ///
    /// The default marker is ASCII `"..."`: `…` is East Asian Ambiguous and is drawn two cells wide
    /// by terminals set to "ambiguous = wide", which would push a border by one cell in exactly the
    /// columns truncation exists to protect (docs/terminal.md §1.3). Pass `"…"` where that is fine.
    /// A wide character is never split; spaces before the marker are dropped.
    public static func truncate(_ text: SafeText, toWidth width: Int, marker: SafeText = "...") -> SafeText {
        guard width > 0 else { return .empty }
        if of(text) <= width { return text }
        let markerWidth = of(marker)
        guard markerWidth < width else { return prefix(text, width: width) }
        var kept = Array(prefix(text, width: width - markerWidth).string)
        while kept.last == " " { kept.removeLast() }
        return SafeText(slicing: kept) + marker
    }

    /// The longest prefix of `text` that fits in `width` cells, never splitting a wide character.
    public static func prefix(_ text: SafeText, width: Int) -> SafeText {
        var used = 0
        var kept: [Character] = []
        for c in text.string {
            let w = of(c)
            if used + w > width { break }
            used += w
            kept.append(c)
        }
        return SafeText(slicing: kept)
    }

    /// Pads `text` with spaces to exactly `width` cells. Text already wider is returned unchanged;
    /// combine with `truncate` for a fixed column.
    public static func pad(_ text: SafeText, toWidth width: Int, alignment: Alignment = .leading) -> SafeText {
        let missing = width - of(text)
        guard missing > 0 else { return text }
        let before: Int
        switch alignment {
        case .leading: before = 0
        case .trailing: before = missing
        case .center: before = missing / 2
        }
        let left = String(repeating: " ", count: before)
        let right = String(repeating: " ", count: missing - before)
        return SafeText(slicing: left + text.string + right)
    }

    /// Wraps `text` into lines of at most `width` cells, stopping after `maxLines` lines.
    ///
    /// Spaced scripts break at spaces and after a hyphen; between CJK characters (which have no spaces) a line may
    /// break anywhere, but never inside a wide character. Closing punctuation such as `。、」`
    /// is kept off the start of a line and opening brackets `「（` off the end (simple kinsoku) by
    /// moving the break one character earlier. A word longer than the line is cut by character.
    /// Spaces at a break are dropped. A character wider than `width` still gets a line of its own.
    ///
    /// The text is read only as far as the lines returned reach, so asking for a few lines of a
    /// megabyte costs what those lines cost.
    public static func wrap(_ text: SafeText, width: Int, maxLines: Int = .max) -> [SafeText] {
        guard width > 0 else { return [] }
        let chars = text.string
        let n = chars.endIndex
        var lines: [SafeText] = []
        var i = chars.startIndex

        while i < n && lines.count < maxLines {
            while i < n && chars[i] == " " { i = chars.index(after: i) }
            if i == n { break }
            var used = 0
            var j = i
            var lastBreak: String.Index? = nil  // a line may end before index lastBreak
            while j < n {
                let c = chars[j]
                let w = of(c)
                if used + w > width { break }
                used += w
                j = chars.index(after: j)
                if j < n && canBreak(c, chars[j]) { lastBreak = j }
            }
            var end: String.Index
            if j == n {
                end = n
            } else if let b = lastBreak, b > i {
                end = b
            } else {
                end = j > i ? j : chars.index(after: i)  // hard cut; a lone over-wide character still advances
            }
            var trimmed = end
            while trimmed > i {
                let before = chars.index(before: trimmed)
                guard chars[before] == " " else { break }
                trimmed = before
            }
            lines.append(SafeText(slicing: chars[i..<trimmed]))
            i = end
        }
        return lines
    }

    /// Whether a line may end between `a` and `b`.
    static func canBreak(_ a: Character, _ b: Character) -> Bool {
        if b == " " || a == " " { return true }
        // After a hyphen inside a word ("Sandbox-/Xcode-Account"), as typesetters do, so a long
        // compound is not cut mid-word. A hyphen before a digit is a minus or a range ("-5",
        // "10-20"), and a slash joins a price to its period ("$39.99/year"): both stay whole.
        if a == "-" && b.isLetter { return true }
        guard isCJK(a) && isCJK(b) else { return false }
        // Korean separates words with spaces: a word stays whole, as Latin words do, unless it
        // is wider than the line (then `wrap` cuts it).
        if isHangul(a) && isHangul(b) { return false }
        return !noLineStart.contains(b) && !noLineEnd.contains(a)
    }

    /// Hangul syllables and jamo.
    static func isHangul(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0xAC00...0xD7A3).contains(v) || (0x1100...0x11FF).contains(v) || (0x3130...0x318F).contains(v)
    }

    /// Characters of scripts written without spaces: anything two cells wide (kanji, kana, hangul,
    /// full-width forms, CJK punctuation, emoji) plus half-width katakana.
    static func isCJK(_ c: Character) -> Bool {
        if of(c) == 2 { return true }
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0xFF61...0xFF9F).contains(v) || (0x3000...0x303F).contains(v)
    }

    /// Kinsoku shori, the common subset: may not begin a line.
    static let noLineStart: Set<Character> = [
        "。", "、", "，", "．", "・", "：", "；", "？", "！", "ー", "」", "』", "）", "】", "〕", "〉", "》",
        "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ", "ゃ", "ゅ", "ょ", "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ",
        "｡", "､", "｣", "ｰ", "ｯ",
    ]

    /// May not end a line.
    static let noLineEnd: Set<Character> = ["「", "『", "（", "【", "〔", "〈", "《", "｢"]
}
