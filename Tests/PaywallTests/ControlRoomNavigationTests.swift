import Foundation
import MockStore
import TerminalUI
import Testing
@testable import Paywall

/// The paywall behind a panel: not laid out while hidden (a store change with a big catalog
/// would cost a full layout each time), and whole again when the panel closes.
@Suite struct ControlRoomNavigationTests {
    @Test(arguments: Language.allCases)
    func leavingAPanelShowsTheFocusedPlanAfterStoreChangesBehindIt(language: Language) throws {
        var state = Fixture.state(language, size: Size(width: 40, height: 20))
        send(&state, key(.end))                        // scrolled to the bottom: the terms link
        let bottom = state.scroll
        #expect(bottom > 0)
        send(&state, char("t"))
        // The lifetime unlock is bought elsewhere while the panel is open; the paywall's focus
        // and scroll are left alone meanwhile.
        var owned = Fixture.snapshot(eligible: false)
        owned.entitlements = [Fixture.transaction(Fixture.lifetime)]
        send(&state, .snapshotChanged(owned), .input(.resize(Size(width: 40, height: 16))))
        #expect(state.scroll == bottom)
        send(&state, key(.escape))
        #expect(state.control.panel == nil)
        // Back on the paywall: focus is on something that exists and it is on screen.
        let focus = try #require(state.focus)
        #expect(state.focusOrder.contains(focus))
        let layout = ScreenLayout(state: state, size: state.size)
        #expect(layout.scroll(toShow: focus, from: state.scroll) == state.scroll, "the focused item is off screen")
        #expect(state.scroll <= layout.maxScroll)
    }
}
