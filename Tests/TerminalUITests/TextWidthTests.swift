import Testing
@testable import TerminalUI

@Suite("Text width matches what ncurses draws")
struct TextWidthTests {
    @Test("a UTF-8 locale is set up even though test processes start in C")
    func locale() {
        #expect(TextWidth.isUTF8LocaleActive)
    }

    @Test("wide, narrow and zero-width characters (docs/terminal.md §1.3)")
    func widths() {
        #expect(TextWidth.of(Character("日")) == 2)
        #expect(TextWidth.of(Character("ー")) == 2)
        #expect(TextWidth.of(Character("😀")) == 2)
        #expect(TextWidth.of(Character("👍")) == 2)
        #expect(TextWidth.of(Character("¥")) == 1)
        #expect(TextWidth.of(Character("ｱ")) == 1)
        #expect(TextWidth.of(Character("❤")) == 1)
        #expect(TextWidth.of(Unicode.Scalar(0xFE0F)!) == 0)
        #expect(TextWidth.of(Unicode.Scalar(0x301)!) == 0)
        #expect(TextWidth.of(Character("e\u{301}")) == 1)
        #expect(TextWidth.of(Character("❤\u{FE0F}")) == 2)
        #expect(TextWidth.of(Unicode.Scalar(0x07)!) == 0)
        #expect(TextWidth.of("プレミアムに登録 ¥480/月") == 24)
    }

    @Test("truncate keeps within the width, never splits a wide character, marks the cut")
    func truncate() {
        #expect(TextWidth.truncate("Premium Yearly", toWidth: 10).string == "Premium...")
        #expect(TextWidth.truncate("Premium", toWidth: 10).string == "Premium")
        #expect(TextWidth.truncate("Hello world", toWidth: 9).string == "Hello...")
        #expect(TextWidth.truncate("プレミアム会員", toWidth: 8).string == "プレ...")
        #expect(TextWidth.truncate("プレミアム会員", toWidth: 9).string == "プレミ...")
        #expect(TextWidth.truncate("プレミアム会員", toWidth: 7, marker: "…").string == "プレミ…")
        #expect(TextWidth.truncate("日本", toWidth: 3, marker: "...").string == "日")
        #expect(TextWidth.of(TextWidth.truncate("日本語のテキスト", toWidth: 5)) <= 5)
    }

    @Test("pad fills to the width by cells, not characters")
    func pad() {
        #expect(TextWidth.pad("日本", toWidth: 6).string == "日本  ")
        #expect(TextWidth.pad("ab", toWidth: 5, alignment: .trailing).string == "   ab")
        #expect(TextWidth.pad("ab", toWidth: 6, alignment: .center).string == "  ab  ")
        #expect(TextWidth.pad("toolong", toWidth: 3).string == "toolong")
    }

    @Test("English wraps at spaces and cuts words longer than a line")
    func wrapEnglish() {
        let lines = TextWidth.wrap("Unlock every feature with Tollbooth Pro today", width: 16).map(\.string)
        #expect(lines == ["Unlock every", "feature with", "Tollbooth Pro", "today"])
        #expect(TextWidth.wrap("Supercalifragilistic", width: 8).map(\.string) == ["Supercal", "ifragili", "stic"])
        #expect(TextWidth.wrap("  spaced   out  ", width: 20).map(\.string) == ["spaced   out"])
    }

    @Test("a compound breaks after its hyphen, not mid-word; a price keeps its period")
    func wrapCompound() {
        #expect(TextWidth.wrap("Sandbox-/Xcode-Account (keine echte Belastung)", width: 16).map(\.string)
                == ["Sandbox-/Xcode-", "Account (keine", "echte Belastung)"])
        #expect(TextWidth.wrap("then $39.99/year", width: 12).map(\.string) == ["then", "$39.99/year"])
        // A hyphen before a digit or sign is a minus, or a range: kept with what follows.
        #expect(TextWidth.wrap("from -5 to 10-20", width: 6).map(\.string) == ["from", "-5 to", "10-20"])
    }

    @Test("Japanese wraps between characters, never inside one, keeping 。、」 off line starts")
    func wrapJapanese() {
        let lines = TextWidth.wrap("すべての機能をご利用いただけます。", width: 10).map(\.string)
        #expect(lines == ["すべての機", "能をご利用", "いただけま", "す。"])
        for line in lines { #expect(TextWidth.of(line) <= 10) }
        // 。 would start the second line; the break moves one character earlier.
        #expect(TextWidth.wrap("日本語。次", width: 6).map(\.string) == ["日本", "語。次"])
        // Odd widths leave a cell free rather than split a wide character.
        #expect(TextWidth.wrap("日本語です", width: 5).map(\.string) == ["日本", "語で", "す"])
        // Mixed text breaks at spaces and between CJK characters.
        let mixed = TextWidth.wrap("Pro プランで広告なし", width: 10).map(\.string)
        #expect(mixed == ["Pro プラン", "で広告なし"])
    }

    @Test("Korean wraps at spaces, keeping words whole; a word wider than the line is cut")
    func wrapKorean() {
        let lines = TextWidth.wrap("3일 동안 모든 기능을 무료로 체험해 보세요", width: 38).map(\.string)
        #expect(lines == ["3일 동안 모든 기능을 무료로 체험해", "보세요"])
        #expect(TextWidth.wrap("구입항목복원", width: 6).map(\.string) == ["구입항", "목복원"])
        // Chinese beside it still breaks between characters.
        #expect(TextWidth.wrap("免费试用三天", width: 6).map(\.string) == ["免费试", "用三天"])
    }

    @Test("a character wider than the line still gets a line of its own")
    func wrapNarrow() {
        #expect(TextWidth.wrap("日本", width: 1).map(\.string) == ["日", "本"])
        #expect(TextWidth.wrap("abc", width: 0).isEmpty)
    }
}
