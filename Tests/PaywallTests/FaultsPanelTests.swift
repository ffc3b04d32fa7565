@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import TestSupport
import Testing
@testable import TollboothApp

/// The Faults panel: the rule editor, clearing, the switches, clicks, goldens, and the fault
/// line that names an active fault on every screen.
@Suite struct FaultsPanelTests {
    let directory = goldenDirectory()

    static let purchaseOnce = FaultRule(api: .purchase, error: .purchase(.purchaseNotAllowed), mode: .times(remaining: 1))
    static let loadFlaky = FaultRule(api: .loadProducts, error: .storeKit(.networkError), mode: .probability(0.25, seed: 7),
                                     latencyMilliseconds: 1000)

    /// Two faults and Ask to Buy on.
    static func faulty() -> StoreSnapshot {
        var switches = StoreSwitches()
        switches.askToBuy = true
        return Fixture.snapshot(switches: switches, faults: [loadFlaky, purchaseOnce])
    }

    static func faults(_ language: Language = .en, size: Size = Size(width: 80, height: 24),
                       snapshot: StoreSnapshot = Fixture.snapshot()) -> AppState {
        var state = Fixture.app(language, size: size, snapshot: snapshot)
        send(&state, char("f"))
        return state
    }

    static func admin(_ effects: [AppEffect]) -> [AdminAction] {
        effects.compactMap { if case .controlRoom(.admin(let action)) = $0 { action } else { nil } }
    }

    func click(_ state: inout AppState, _ target: ControlRoomTarget) -> [AppEffect] {
        guard let rect = view(state, size: state.size).regionRect(target) else {
            Issue.record("no region for \(target) on screen")
            return []
        }
        return send(&state, .input(.mouse(MouseEvent(kind: .click, button: .left, point: rect.origin))))
    }

    /// Presses `c` `n` times.
    func press(_ state: inout AppState, _ c: Character, _ n: Int) {
        for _ in 0..<n { send(&state, char(c)) }
    }

    // MARK: The editor

    @Test func enterOpensTheEditorAndApplySetsTheRule() {
        var state = Self.faults()
        #expect(state.control.panel == .faults)
        send(&state, char("j"), key(.enter))
        #expect(state.control.faults.editor?.api == .purchase)
        #expect(state.control.faults.editor?.error == .storeKit(.networkError))
        #expect(Self.admin(send(&state, char("a"))) == [.setFault(FaultRule(api: .purchase, error: .storeKit(.networkError)))])
        #expect(state.control.faults.editor == nil)
        #expect(state.paywall.overlay == nil)  // no "are you sure?" for faults
    }

    @Test func theErrorCyclesThroughTheAPIsAllowedErrorsBothWays() {
        var state = Self.faults()
        send(&state, char("j"), key(.enter))
        let errors = FailableAPI.purchase.allowedErrors
        let start = errors.firstIndex(of: .storeKit(.networkError))!
        var seen: [InjectedError] = []
        for _ in errors.indices {
            send(&state, key(.right))
            seen.append(state.control.faults.editor!.error)
        }
        #expect(Set(seen) == Set(errors))
        #expect(seen.last == errors[start])  // wrapped all the way round
        send(&state, key(.left))
        #expect(state.control.faults.editor!.error == errors[start - 1])
        // Enter and Space on a value step it forward too.
        send(&state, key(.enter), char(" "))
        #expect(state.control.faults.editor!.error == errors[start + 1])
        // Verification takes only VerificationError cases.
        var verification = Self.faults()
        send(&verification, char("j"), char("j"), key(.enter))
        #expect(verification.control.faults.editor!.error == .verification(.invalidSignature))
        #expect(FailableAPI.verification.allowedErrors.allSatisfy { if case .verification = $0 { true } else { false } })
    }

    @Test func everyModeBuildsItsRule() {
        var state = Self.faults()
        send(&state, char("j"), key(.enter), char("j"))  // purchase, Mode
        #expect(state.control.faults.editor?.field == .mode)
        send(&state, key(.right))  // once
        #expect(state.control.faults.editor?.rule.mode == .times(remaining: 1))
        send(&state, key(.right), char("j"))  // next N, Calls field
        #expect(state.control.faults.editor?.field == .count)
        press(&state, "l", 2)
        #expect(state.control.faults.editor?.rule.mode == .times(remaining: 5))
        press(&state, "h", 10)
        #expect(state.control.faults.editor?.rule.mode == .times(remaining: 2))  // "once" is its own mode
        send(&state, char("k"), key(.right), char("j"))  // probability
        #expect(state.control.faults.editor?.fields == [.error, .mode, .probability, .seed, .latency, .apply, .clear, .clearAll])
        #expect(state.control.faults.editor?.rule.mode == .probability(0.5, seed: 1))
        press(&state, "l", 3)
        #expect(state.control.faults.editor?.rule.mode == .probability(0.65, seed: 1))
        press(&state, "l", 30)
        #expect(state.control.faults.editor?.rule.mode == .probability(1.0, seed: 1))
        press(&state, "h", 30)
        #expect(state.control.faults.editor?.rule.mode == .probability(0.05, seed: 1))
        send(&state, char("j"), char("l"), char("l"))  // seed
        #expect(state.control.faults.editor?.rule.mode == .probability(0.05, seed: 3))
        send(&state, char("j"))  // latency: 0, 100, 250, 500, 1000, 3000…
        press(&state, "l", 2)
        #expect(state.control.faults.editor?.rule.latencyMilliseconds == 250)
        press(&state, "l", 3)
        #expect(state.control.faults.editor?.rule.latencyMilliseconds == 3000)
        send(&state, char("j"))
        #expect(state.control.faults.editor?.field == .apply)
        let expected = FaultRule(api: .purchase, error: .storeKit(.networkError), mode: .probability(0.05, seed: 3), latencyMilliseconds: 3000)
        #expect(Self.admin(send(&state, key(.enter))) == [.setFault(expected)])
        // Then latency only (a slow store that never fails, S12), then back to always.
        var again = Self.faults()
        send(&again, key(.enter), char("j"), char("l"), char("l"), char("l"), char("l"))
        #expect(again.control.faults.editor?.rule.mode == .latencyOnly)
        #expect(again.control.faults.editor?.fields.contains(.latency) == true)
        send(&again, char("l"))
        #expect(again.control.faults.editor?.rule.mode == .always)
    }

    @Test func theEditorStartsFromTheActiveRule() {
        var state = Self.faults(snapshot: Self.faulty())
        send(&state, key(.enter))
        #expect(state.control.faults.editor?.rule == Self.loadFlaky)
        send(&state, key(.escape))
        send(&state, char("j"), key(.enter))
        #expect(state.control.faults.editor?.rule == Self.purchaseOnce)
    }

    @Test func clearingOneAPIOrAll() {
        var state = Self.faults(snapshot: Self.faulty())
        send(&state, char("j"))
        #expect(Self.admin(send(&state, char("x"))) == [.clearFaults(.purchase)])
        #expect(Self.admin(send(&state, char("X"))) == [.clearFaults(nil)])
        send(&state, char("j"))  // verification: no fault, nothing to clear
        #expect(Self.admin(send(&state, char("x"))).isEmpty)
        // From the editor.
        send(&state, char("k"), key(.enter))
        #expect(Self.admin(send(&state, char("x"))) == [.clearFaults(.purchase)])
        send(&state, key(.enter), key(.end))
        #expect(state.control.faults.editor?.field == .clearAll)
        #expect(Self.admin(send(&state, key(.enter))) == [.clearFaults(nil)])
        // Nothing to clear: nothing sent.
        var clean = Self.faults()
        #expect(Self.admin(send(&clean, char("X"))).isEmpty)
    }

    @Test func escClosesTheEditorThenLeavesThePanel() {
        var state = Self.faults()
        send(&state, key(.enter), key(.escape))
        #expect(state.control.faults.editor == nil)
        #expect(state.control.panel == .faults)
        send(&state, key(.escape))
        #expect(state.control.panel == nil)
    }

    // MARK: Switches

    @Test func enterOrSpaceTogglesEachBehaviourSwitch() {
        var state = Self.faults(snapshot: Self.faulty())
        send(&state, key(.end))
        #expect(Self.admin(send(&state, key(.enter))) == [.setSwitch(.paymentsDisabled, true)])
        let askToBuy = FaultsPanel.rows.firstIndex(of: .toggle(.askToBuy))!
        FaultsPanel.select(&state.controlScope, askToBuy)
        #expect(Self.admin(send(&state, char(" "))) == [.setSwitch(.askToBuy, false)])
        #expect(state.paywall.overlay == nil)
        #expect(StoreSwitch.behaviour.allSatisfy { FaultsPanel.rows.contains(.toggle($0)) })
        #expect(!FaultsPanel.rows.contains(.toggle(.dialogsDisabled)))
    }

    @Test func clicksSelectRowsAndTheBoxToggles() {
        var state = Self.faults(snapshot: Self.faulty())
        #expect(Self.admin(click(&state, .faultAPI(.purchase))).isEmpty)
        #expect(state.control.faults.selection == 1)
        #expect(Self.admin(click(&state, .faultAPI(.purchase))).isEmpty)
        #expect(state.control.faults.editor?.api == .purchase)
        #expect(Self.admin(click(&state, .faultField(.apply))).isEmpty)
        #expect(state.control.faults.editor?.field == .apply)
        #expect(Self.admin(click(&state, .faultField(.apply))) == [.setFault(Self.purchaseOnce)])
        #expect(Self.admin(click(&state, .faultSwitchBox(.askToBuy))) == [.setSwitch(.askToBuy, false)])
        #expect(Self.admin(click(&state, .faultSwitch(.userCancels))).isEmpty)
        #expect(FaultsPanel.rows[state.control.faults.selection] == .toggle(.userCancels))
        #expect(Self.admin(click(&state, .clearAllFaults)) == [.clearFaults(nil)])
    }

    @Test func everyAPIAndSwitchHasARowAndAClickRegion() {
        let state = Self.faults(size: Size(width: 120, height: 40), snapshot: Self.faulty())
        let screen = view(state, size: state.size)
        for api in FailableAPI.allCases { #expect(screen.regionRect(.faultAPI(api)) != nil, "\(api)") }
        for name in StoreSwitch.behaviour { #expect(screen.regionRect(.faultSwitch(name)) != nil, "\(name)") }
        #expect(screen.flatText.contains("purchase.purchaseNotAllowed, once"))
        #expect(screen.flatText.contains("storeKit.networkError, p 0.25, seed 7, +1000 ms"))
    }

    @Test func theListScrollsToKeepTheCursorVisible() {
        var state = Self.faults(size: Size(width: 40, height: 20), snapshot: Self.faulty())
        for row in FaultsPanel.rows {
            let region: ControlRoomTarget = switch row {
            case .api(let api): .faultAPI(api)
            case .toggle(let name): .faultSwitch(name)
            }
            #expect(view(state, size: state.size).regionRect(region) != nil, "\(row) off screen")
            send(&state, char("j"))
        }
    }

    @Test func neverCrashesAtTinySizes() {
        var editor = Self.faults(.ja, snapshot: Self.faulty())
        send(&editor, key(.enter))
        for (state, language) in [(Self.faults(snapshot: Self.faulty()), Language.en), (editor, .ja)] {
            for width in [0, 1, 2, 5, 10, 19, 20, 25] {
                for height in [0, 1, 2, 3, 7, 8, 9, 12] {
                    let size = Size(width: width, height: height)
                    TinyScreens.expect(view(state, size: size), of: state, size: size, language: language)
                    #expect(FaultsPanel.render(state.controlScope, size: size).size == size)
                }
            }
        }
    }

    // MARK: The fault line

    /// The text of the row drawn in the fault line's style, if there is one.
    func faultRow(_ state: AppState, _ size: Size) -> String? {
        let screen = view(state, size: size)
        guard let y = (0..<screen.height).first(where: { screen.style(at: Point(x: 0, y: $0)) == state.paywall.theme[.statusFault] })
        else { return nil }
        return screen.text(in: Rect(x: 0, y: y, width: screen.width, height: 1)).first
    }

    @Test(arguments: spelledOutLanguages)
    func anActiveFaultIsNamedOnThePaywallAndInEveryPanel(language: Language) {
        for size in [Size(width: 80, height: 24), Size(width: 40, height: 20)] {
            var state = Fixture.app(language, size: size, snapshot: Fixture.snapshot(faults: [Self.purchaseOnce]))
            #expect(faultRow(state, size)?.contains("purchase") == true, "paywall at \(size)")
            for panel in Panel.allCases {
                send(&state, char(Character("\(panel.number)")))
                #expect(state.control.panel == panel)
                #expect(faultRow(state, size)?.contains("purchase") == true, "\(panel) at \(size)")
            }
            // And with an editor or the rate chooser open.
            send(&state, char("2"), char("r"))
            #expect(faultRow(state, size)?.contains("purchase") == true, "rate chooser at \(size)")
            send(&state, char("3"), key(.enter))
            #expect(state.control.faults.editor != nil)
            #expect(faultRow(state, size)?.contains("purchase") == true, "fault editor at \(size)")
        }
        // At 80 columns the whole rule is there.
        let state = Fixture.app(language, snapshot: Fixture.snapshot(faults: [Self.purchaseOnce]))
        #expect(faultRow(state, state.size)?.contains("purchase: purchase.purchaseNotAllowed (once)") == true)
    }

    // MARK: Goldens

    static let goldenSizes = [Size(width: 80, height: 24), Size(width: 40, height: 20)]

    @Test(arguments: spelledOutLanguages)
    func faultsList(language: Language) {
        for size in Self.goldenSizes {
            var state = Self.faults(language, size: size, snapshot: Self.faulty())
            send(&state, char("j"))
            assertGolden(view(state, size: size), named: "faults-\(language)-\(size)", in: directory)
        }
    }

    @Test(arguments: spelledOutLanguages)
    func faultEditor(language: Language) {
        for size in Self.goldenSizes {
            var state = Self.faults(language, size: size, snapshot: Self.faulty())
            send(&state, char("j"), key(.enter), char("j"), key(.right))  // purchase, mode: next N
            assertGolden(view(state, size: size), named: "fault-editor-\(language)-\(size)", in: directory)
        }
    }
}
