import Audit
@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import TestSupport
import Testing
@testable import TollboothApp

/// The audit overlay (`a`): its keys in `update`, and how it looks (goldens) with the real
/// audit's verdicts.
@Suite struct AuditOverlayTests {
    static let catalog: Catalog = try! CatalogLoader.load(path: BundledExample.storeKitURL().path)

    /// The example paywall with the overlay open and the live audit's result in.
    static func audited(_ language: Language, size: Size, privacyURL: Bool = true) -> AppState {
        var state = Fixture.app(language, size: size)
        if !privacyURL { state.paywall.links = PaywallLinks(manifest: .empty, policies: AppPolicies(), locale: state.paywall.locale) }
        send(&state, char("a"))
        send(&state, .auditFinished(LiveAudit(catalog: catalog).audit(state.paywall, size: state.paywall.size)))
        return state
    }

    static func result(_ rules: [(String, RuleVerdict.Verdict)]) -> ScreenAudit {
        ScreenAudit(size: Size(width: 80, height: 14), rules: rules.map { RuleVerdict(rule: $0.0, verdict: $0.1, messages: ["\($0.0) checked"]) })
    }

    @Test func aOpensTheOverlayAndAOrEscCloseIt() {
        var state = Fixture.app()
        send(&state, char("a"))
        #expect(state.audit == AuditOverlay())
        send(&state, char("a"))
        #expect(state.audit == nil)
        send(&state, char("a"), key(.escape))
        #expect(state.audit == nil)
    }

    @Test func upAndDownSelectARuleStartingAtTheFirstFailure() {
        var state = Fixture.app()
        send(&state, char("a"), .auditFinished(Self.result([("D1", .pass), ("D2", .pass), ("D5", .fail), ("D6", .pass)])))
        #expect(state.audit?.selectedRule?.rule == "D5")
        send(&state, key(.down))
        #expect(state.audit?.selectedRule?.rule == "D6")
        send(&state, key(.down))
        #expect(state.audit?.selectedRule?.rule == "D6", "the last rule stays selected")
        send(&state, key(.up), key(.up), key(.up), key(.up))
        #expect(state.audit?.selectedRule?.rule == "D1")
        // A new audit keeps the rule selected by id.
        send(&state, .auditFinished(Self.result([("D1", .fail), ("D3", .pass)])))
        #expect(state.audit?.selectedRule?.rule == "D1")
    }

    @Test func otherKeysStillDriveThePaywall() {
        var state = Fixture.app()
        let before = state.paywall.focus
        send(&state, char("a"), key(.tab))
        #expect(state.audit != nil)
        #expect(state.paywall.focus != before, "Tab moves the paywall's focus under the overlay")
        #expect(send(&state, char("r")) == [.paywall(.restore)])
    }

    @Test func aResultAfterTheOverlayClosedIsDropped() {
        var state = Fixture.app()
        send(&state, .auditFinished(Self.result([("D5", .fail)])))
        #expect(state.audit == nil)
    }

    @Test func theStatusRowNamesTheFailedRuleAndTheListShowsItsVerdict() {
        let state = Self.audited(.en, size: Size(width: 80, height: 24), privacyURL: false)
        let screen = view(state, size: state.size)
        #expect(screen.line(23).hasPrefix("Audit: D5 fails"), "\(screen.text())")
        #expect(screen.text().contains("FAIL D5 Privacy Policy link"))
        let passing = Self.audited(.en, size: Size(width: 80, height: 24))
        #expect(view(passing, size: passing.size).line(23) == "Audit: no rule fails; 1 warning; 3 need a person")
    }

    @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 20), Size(width: 120, height: 30)])
    func goldens(size: Size) {
        let directory = goldenDirectory()
        let failing = Self.audited(.en, size: size, privacyURL: false)
        assertGolden(view(failing, size: size), named: "audit-en-\(size)-privacy-missing", in: directory)
        let passing = Self.audited(.ja, size: size)
        assertGolden(view(passing, size: size), named: "audit-ja-\(size)", in: directory)
    }
}
