/// The multi-scalar emoji graphemes that terminals draw as one two-column picture although
/// `wcwidth` of their first scalar may say 1 (docs/terminal.md §1.3).
///
/// A Swift `Character` is one extended grapheme cluster, so `👨‍👩‍👧‍👦` arrives here whole; the
/// question is only how wide it is. Modern terminals (xterm, kitty, WezTerm, iTerm2) and
/// `wcwidth.wcswidth` in Python agree that these four kinds are 2 columns:
/// - an emoji presentation sequence: an emoji-capable base followed by VS16 (`❤️`, `1️⃣`);
/// - a ZWJ sequence: an emoji joined to another emoji by U+200D (`👨‍👩‍👧‍👦`, `🏳️‍🌈`);
/// - a flag: a pair of regional indicators (`🇯🇵`);
/// - a skin-tone sequence: a modifier base followed by U+1F3FB–U+1F3FF (`👍🏽`, `☝🏽`).
enum EmojiSequence {
    static let variationSelector16: UInt32 = 0xFE0F
    static let zeroWidthJoiner: UInt32 = 0x200D

    /// Whether the grapheme made of `scalars` is one of the sequences drawn two columns wide.
    static func isWide(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
        var iterator = scalars.makeIterator()
        guard let first = iterator.next(), let second = iterator.next() else { return false }
        if isRegionalIndicator(first) && isRegionalIndicator(second) { return true }
        guard first.properties.isEmoji else { return false }
        if second.value == variationSelector16 { return true }
        if first.properties.isEmojiModifierBase && second.properties.isEmojiModifier { return true }
        var afterJoiner = second.value == zeroWidthJoiner
        while let s = iterator.next() {
            if afterJoiner && s.properties.isEmoji { return true }
            afterJoiner = s.value == zeroWidthJoiner
        }
        return false
    }

    /// U+1F1E6…U+1F1FF, the letters A…Z that flags are spelt with.
    static func isRegionalIndicator(_ s: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(s.value)
    }

    /// The ASCII capital a regional indicator stands for (`🇯` is `J`).
    static func regionalLetter(_ s: Unicode.Scalar) -> Unicode.Scalar? {
        guard isRegionalIndicator(s) else { return nil }
        return Unicode.Scalar(s.value - 0x1F1E6 + 0x41)
    }
}
