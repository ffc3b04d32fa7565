import Audit
import Foundation
import MockStore
import TerminalUI
import Testing
@testable import ControlRoom
@testable import Paywall
@testable import TollboothApp

/// The audit overlay (`a`) in the running paywall, with the real audit (its keys and looks are
/// in Tests/PaywallTests/AuditOverlayTests.swift).
@Suite(.serialized) struct RuntimeAuditOverlayTests {
    /// The runtime audits again when the screen changes: after a resize the next audit is of
    /// the paywall's new size, and a wide window puts the list at the right.
    @Test func theRuntimeAuditsAgainAfterAResize() async throws {
        let app = try RunningApp(auditing: LiveAudit(catalog: try CatalogLoader.load(path: BundledExample.storeKitURL().path)).auditing)
        await app.waitFor("Premium Yearly")
        app.terminal.enqueue(.key(.character("a")))
        await app.waitForState("the audit of the 80x14 paywall") { $0.audit?.result?.size == Size(width: 80, height: 14) }
        await app.waitFor("Audit: no rule fails")
        #expect(app.screen.contains("Audit  Up/Down rule  a close"), "the list is under the paywall")
        app.terminal.resize(to: Size(width: 40, height: 20))
        await app.waitForState("the audit of the 40x11 paywall") { $0.audit?.result?.size == Size(width: 40, height: 11) }
        app.terminal.resize(to: Size(width: 120, height: 30))
        await app.waitForState("the audit of the 80x29 paywall") { $0.audit?.result?.size == Size(width: 80, height: 29) }
        await app.waitFor("the list at the right") { $0.contains("Up/Down rule  a close") && !$0.contains("Audit  Up/Down") }
        app.terminal.enqueue(.key(.character("a")))
        await app.waitFor("the overlay to close") { !$0.contains("Audit") }
        await app.stop()
    }
}
