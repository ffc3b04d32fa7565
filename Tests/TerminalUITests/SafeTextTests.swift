import Testing
@testable import TerminalUI

@Suite("SafeText removes what could take over the terminal")
struct SafeTextTests {
    @Test("CSI and OSC escape sequences vanish whole, leaving no [31m debris")
    func escapeSequences() {
        #expect(SafeText("\u{1B}[2J\u{1B}[31mPro\u{1B}[0m").string == "Pro")
        #expect(SafeText("\u{1B}]8;;https://evil.example\u{07}Terms\u{1B}]8;;\u{1B}\\").string == "Terms")
        #expect(SafeText("\u{1B}(0lqqk\u{1B}(B").string == "lqqk")
        #expect(SafeText("Plan\u{1B}").string == "Plan")
    }

    @Test("8-bit C1 controls (CSI 0x9B, OSC 0x9D, NEL) are removed")
    func c1Controls() {
        #expect(SafeText("\u{9B}31mRed").string == "Red")
        #expect(SafeText("\u{9D}0;title\u{9C}Name").string == "Name")
        #expect(SafeText("a\u{80}b\u{91}c").string == "abc")
        // APC (0x9F) … ST hides its payload, as a terminal would.
        #expect(SafeText("x\u{9F}payload\u{9C}y").string == "xy")
    }

    @Test("C0 controls and DEL are removed; line breaks and tabs become one space")
    func c0Controls() {
        #expect(SafeText("Pro\nMonthly").string == "Pro Monthly")
        #expect(SafeText("Pro\r\n\tMonthly\n").string == "Pro Monthly")
        #expect(SafeText("a\u{08}\u{08}b\u{7F}c\u{00}d\u{07}").string == "abcd")
        #expect(SafeText("\n\nTitle").string == "Title")
        #expect(SafeText("line\u{2028}sep").string == "line sep")
    }

    @Test("bidi controls cannot reorder a price")
    func bidi() {
        let hostile = "¥480\u{202E}/月\u{202C}\u{2066}x\u{2069}\u{200F}\u{200E}\u{061C}"
        #expect(SafeText(hostile).string == "¥480/月x")
        for c in ["\u{202A}", "\u{202B}", "\u{202D}", "\u{2067}", "\u{2068}"] {
            #expect(SafeText("a\(c)b").string == "ab")
        }
    }

    @Test("leading combining marks are dropped, marks inside words are kept")
    func combining() {
        #expect(SafeText("\u{301}\u{301}cafe\u{301}").string == "cafe\u{301}")
        #expect(SafeText("\u{FE0F}\u{200D}ok").string == "ok")
        // Removing a control must not expose a mark at the start either.
        #expect(SafeText("\u{1B}[0m\u{301}x").string == "x")
    }

    @Test("ordinary text, Japanese and emoji pass through unchanged")
    func passthrough() {
        for s in ["プレミアムに登録 ¥480/月", "Pro Yearly — $49.99", "👍 ok", "café"] {
            #expect(SafeText(s).string == s)
        }
    }

    @Test("literals and interpolations are sanitised too")
    func literals() {
        let name = "Evil\u{1B}[5m"
        let text: SafeText = "Buy \(name) now"
        #expect(text.string == "Buy Evil now")
        let joined = SafeText("a") + SafeText("\u{9B}2Jb")
        #expect(joined.string == "ab")
    }
}
