@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import Testing
@testable import TollboothApp

/// The paywall behind a panel: not laid out while hidden (a store change with a big catalog
/// would cost a full layout each time), and whole again when the panel closes.
@Suite struct ControlRoomNavigationTests {
    @Test(arguments: spelledOutLanguages)
    func leavingAPanelShowsTheFocusedPlanAfterStoreChangesBehindIt(language: Language) throws {
        var state = Fixture.app(language, size: Size(width: 40, height: 20))
        send(&state, key(.end))                        // scrolled to the bottom: the terms link
        let bottom = state.paywall.scroll
        #expect(bottom > 0)
        send(&state, char("t"))
        // The lifetime unlock is bought elsewhere while the panel is open; the paywall's focus
        // and scroll are left alone meanwhile.
        var owned = Fixture.snapshot(eligible: false)
        owned.entitlements = [Fixture.transaction(Fixture.lifetime)]
        send(&state, .paywall(.snapshotChanged(owned)), .input(.resize(Size(width: 40, height: 16))))
        #expect(state.paywall.scroll == bottom)
        send(&state, key(.escape))
        #expect(state.control.panel == nil)
        // Back on the paywall: focus is on something that exists and it is on screen.
        let focus = try #require(state.paywall.focus)
        #expect(state.paywall.focusOrder.contains(focus))
        let layout = ScreenLayout(state: state.paywall, size: state.size)
        #expect(layout.scroll(toShow: focus, from: state.paywall.scroll) == state.paywall.scroll, "the focused item is off screen")
        #expect(state.paywall.scroll <= layout.maxScroll)
    }

    /// Every panel and every view inside one names Esc in the footer, even at 40 columns where
    /// other keys are left out: it is the way back, and a user must never have to guess it.
    @Test(arguments: spelledOutLanguages)
    func theFooterAlwaysNamesTheWayBack(language: Language) {
        let screens: [(String, [AppEvent])] = [
            ("transactions", [char("t"), .controlRoom(.ledgerLoaded(LedgerFixture.contents))]),
            ("transaction detail", [char("t"), .controlRoom(.ledgerLoaded(LedgerFixture.contents)), char("j"), char("j"), key(.enter)]),
            ("transaction JSON", [char("t"), .controlRoom(.ledgerLoaded(LedgerFixture.contents)), char("j"), char("j"), key(.enter), char("v")]),
            ("filter typing", [char("t"), .controlRoom(.ledgerLoaded(LedgerFixture.contents)), char("/")]),
            ("buy elsewhere", [char("t"), .controlRoom(.ledgerLoaded(LedgerFixture.contents)), char("b")]),
            ("clock", [char("c")]),
            ("rate chooser", [char("c"), char("r")]),
            ("faults", [char("f")]),
            ("fault editor", [char("f"), key(.enter)]),
            ("settings", [char("s")]),
            ("storefront chooser", [char("s"), key(.enter)]),
            ("events", [char("e")]),
            ("warnings", [char("e"), char("w")]),
        ]
        for size in [Size(width: 80, height: 24), Size(width: 40, height: 20)] {
            for (name, events) in screens {
                var state = Fixture.app(language, size: size, snapshot: LedgerFixture.snapshot())
                for event in events { send(&state, event) }
                #expect(state.control.panel != nil, "\(name) left the control room")
                let footer = view(state, size: size).text().split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
                #expect(footer.contains("Esc"), "\(name) at \(size): \(footer)")
                // Hints are dropped whole, never cut mid-word ("x cl...").
                #expect(!footer.contains("..."), "\(name) at \(size) cuts a hint: \(footer)")
            }
        }
    }
}
