import Chrome
import Paywall
import TerminalUI
import Testing
import TollboothApp

/// What a user sees in a window of any size, written out rather than taken from the app's
/// strings: below 20×8 the "Window too small" message, whole or as much of it as fits; from
/// 20×8 up the screen itself.
enum TinyScreens {
    /// The message in full; one column cannot hold a Japanese character, so it is English there.
    static func tooSmall(_ language: Language, width: Int) -> String {
        // One column can't hold a wide character: the message is then in English (ASCII).
        let s = width < 2 ? Strings(.en) : Strings(language)
        return "\(s.windowTooSmall) — \(s.resizeTo(width: 20, height: 8))"
    }

    static func isTooSmall(_ size: Size) -> Bool { size.width < 20 || size.height < 8 }

    /// Below 20×8, the screen shows the start of the too-small message and nothing else. From
    /// 20×8 up it is not that message but the screen itself: a control-room panel has its tab
    /// bar on top (from the Paywall tab) and a footer that still names Esc, the way back; the
    /// paywall has its key row at the bottom (j/k or at least `?` for help, or Esc while a sheet
    /// is open).
    static func expect(_ screen: Canvas, of state: AppState, size: Size, language: Language,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(screen.size == size, sourceLocation: sourceLocation)
        guard size.width > 0, size.height > 0 else { return }
        let text = screen.text()
        let shown = unspaced(text)
        let message = unspaced(tooSmall(language, width: size.width))
        if isTooSmall(size) {
            let startsTheMessage = !shown.isEmpty && message.hasPrefix(shown)
            #expect(startsTheMessage, "\(size) should say the window is too small:\n\(text)", sourceLocation: sourceLocation)
            return
        }
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false)
        let keys = rows.last ?? ""
        let drawn: Bool
        if state.control.panel != nil {
            let tab = " " + Strings(language).paywallTab
            drawn = rows.first?.hasPrefix(tab) == true && keys.contains("Esc")
        } else {
            drawn = keys.contains("j/k") || keys.contains("Esc") || keys.contains("?")
        }
        #expect(!shown.hasPrefix(message.prefix(6)) && drawn, "\(size) should show the screen:\n\(text)", sourceLocation: sourceLocation)
    }

    static func unspaced(_ text: String) -> String { text.filter { !$0.isWhitespace } }
}
