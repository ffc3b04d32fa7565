@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import TestSupport
import Testing
@testable import TollboothApp

/// `?` help: on the paywall it lists the paywall's keys; inside a panel, that panel's keys and
/// the keys every panel shares. A help taller than the window scrolls and says so.
@Suite struct HelpTests {
    let directory = goldenDirectory()

    /// A row only that panel's help has (its own keys, not the shared ones).
    static let ownRow: [Panel: (en: String, ja: String)] = [
        .transactions: ("Refund (choose the reason)", "返金（理由を選択）"),
        .clock: ("Jump to the next renewal or expiry", "次の更新・期限切れまで進める"),
        .faults: ("Clear every fault", "全ての障害を解除"),
        .settings: ("Previous / next value", "前 / 次の値"),
        .events: ("Follow new events", "新しいイベントを追う"),
    ]

    @Test(arguments: spelledOutLanguages)
    func helpInsideAPanelListsThatPanelsKeys(language: Language) {
        for panel in Panel.allCases {
            var state = Fixture.app(language, size: Size(width: 100, height: 30))
            send(&state, char(panel.key), char("?"))
            #expect(state.control.overlay == .help(scroll: 0), "\(panel)")
            let text = view(state, size: state.size).flatText
            let own = Self.ownRow[panel]!
            #expect(text.contains(language == .ja ? own.ja : own.en), "\(panel)")
            #expect(text.contains(state.paywall.strings.panelHelpTitle(panel)), "\(panel)")
            // Not the paywall's list: its "Retry loading products" row belongs to the paywall.
            #expect(!text.contains(language == .ja ? "商品の読み込みを再試行" : "Retry loading products"), "\(panel)")
            for other in Panel.allCases where other != panel {
                let row = Self.ownRow[other]!
                #expect(!text.contains(language == .ja ? row.ja : row.en), "\(panel) shows \(other)'s keys")
            }
            send(&state, char("?"))
            #expect(state.control.overlay == nil && state.control.panel == panel, "? closes the help and stays in \(panel)")
        }
        // On the paywall, the paywall's keys.
        var state = Fixture.app(language, size: Size(width: 100, height: 30))
        send(&state, char("?"))
        #expect(view(state, size: state.size).flatText.contains(language == .ja ? "商品の読み込みを再試行" : "Retry loading products"))
    }

    @Test(arguments: spelledOutLanguages)
    func aHelpTallerThanTheWindowScrollsAndSaysSo(language: Language) {
        var state = Fixture.app(language, size: Size(width: 40, height: 20))
        send(&state, char("t"), .controlRoom(.ledgerLoaded(LedgerFixture.contents)), char("?"))
        let s = state.paywall.strings
        let quit = language == .ja ? "終了" : "Quit"
        var screen = view(state, size: state.size)
        #expect(screen.flatText.contains(s.moreBelow) && !screen.flatText.contains(s.moreAbove))
        #expect(!screen.text().split(separator: "\n").contains { $0.contains("q  Ctrl-C") })
        send(&state, char("G"))
        guard case .help(let end)? = state.control.overlay else { Issue.record("the help closed"); return }
        #expect(end > 0 && end == OverlayView.scrollRange(ControlRoomSheets.help(.transactions, state.controlScope), screen: state.size).maxScroll)
        screen = view(state, size: state.size)
        #expect(screen.text().contains("q  Ctrl-C") && screen.flatText.contains(quit))
        #expect(screen.flatText.contains(s.moreAbove) && !screen.flatText.contains(s.moreBelow))
        send(&state, char("j"))
        #expect(state.control.overlay == .help(scroll: end), "scrolling stops at the last row")
        send(&state, char("k"))
        #expect(state.control.overlay == .help(scroll: end - 1))
        send(&state, char("g"))
        #expect(state.control.overlay == .help(scroll: 0))
        send(&state, key(.escape))
        #expect(state.control.overlay == nil && state.control.panel == .transactions)
        // A window tall enough for every row: nothing to scroll, nothing said.
        var tall = Fixture.app(language, size: Size(width: 100, height: 30))
        send(&tall, char("t"), char("?"), char("j"))
        #expect(tall.control.overlay == .help(scroll: 0))
        #expect(!view(tall, size: tall.size).flatText.contains(s.moreBelow))
    }

    @Test(arguments: spelledOutLanguages)
    func goldens(language: Language) {
        var state = Fixture.app(language)
        send(&state, char("t"), .controlRoom(.ledgerLoaded(LedgerFixture.contents)), char("?"))
        assertGolden(view(state, size: state.size), named: "help-\(language)-transactions-80x24", in: directory)
        state.size = Size(width: 40, height: 20)
        send(&state, char("G"))
        assertGolden(view(state, size: state.size), named: "help-\(language)-transactions-40x20-end", in: directory)
    }
}
