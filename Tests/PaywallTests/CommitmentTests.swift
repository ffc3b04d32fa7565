@testable import Chrome
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import TestSupport
import Testing

/// A yearly plan that can also be paid monthly over a 12-month commitment (v5 `billingPlans`):
/// both ways on the plan, `b` chooses, Enter buys the way chosen, the sheet and the disclosure
/// state the commitment (D22), and the billed amount of the chosen way stays the loudest price
/// (D4). The store's billing is not involved: these read the paywall alone.
@Suite struct CommitmentTests {
    let directory = goldenDirectory()

    /// The example's paywall with its yearly plan payable monthly: $3.33 × 12 = $39.96, or
    /// ¥400 × 12 = ¥4,800 in Japanese.
    static func state(_ language: Language = .en, size: Size = Size(width: 80, height: 24)) -> PaywallState {
        // No trial: the plan's terms are its two ways to pay.
        var state = Fixture.state(language, size: size, snapshot: Fixture.snapshot(eligible: false))
        state.commitments[Fixture.yearly] = language == .ja
            ? CommitmentTerms(monthlyPrice: 400, totalPrice: 4800)
            : CommitmentTerms(monthlyPrice: Decimal(string: "3.33")!, totalPrice: Decimal(string: "39.96")!)
        return state
    }

    static func screen(_ state: PaywallState) -> String { view(state, size: state.size).flatText }

    @Test func aCatalogsMonthlyBillingPlanIsACommitment() throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/storekit-samples")
        let rc5 = try CatalogLoader.load(path: samples.appendingPathComponent("revenuecat-unittests-v5.0-billingplans.storekit").path)
        #expect(CommitmentTerms.all(in: rc5) == [
            "com.revenuecat.annual_with_commitment": CommitmentTerms(monthlyPrice: Decimal(string: "0.5")!, totalPrice: 6),
        ])
        let example = try CatalogLoader.load(path: try BundledExample.storeKitURL().path)
        #expect(CommitmentTerms.all(in: example).isEmpty)
    }

    @Test func thePlanShowsBothWaysToPayAndTheDisclosureStatesTheCommitment() {
        // Tall enough for the whole disclosure without scrolling.
        let screen = Self.screen(Self.state(size: Size(width: 80, height: 30)))
        #expect(screen.contains("(*) $39.99/year"), "\(screen)")
        #expect(screen.contains("( ) $3.33/month for 12 months ($39.96 total)"), "\(screen)")
        #expect(screen.contains("Premium Yearly can also be paid monthly: 12 payments of $3.33 ($39.96 in total), a commitment that renews for another 12 months unless auto-renew is turned off at least 24 hours before it ends."), "\(screen)")
    }

    @Test func withoutBillingPlansNothingChanges() {
        let screen = Self.screen(Fixture.state())
        #expect(!screen.contains("(*)") && !screen.contains("commitment") && !screen.contains("b switch"))
    }

    @Test func bChoosesTheMonthlyWayAndEnterBuysIt() {
        var state = Self.state()
        #expect(state.focus == .plan(Fixture.yearly))
        send(&state, char("b"))
        #expect(state.payingMonthly == [Fixture.yearly])
        let screen = Self.screen(state)
        #expect(screen.contains("> Premium Yearly Best value $3.33 [ Subscribe ] 1 year 12 monthly payments"), "\(screen)")
        #expect(screen.contains("( ) $39.99/year") && screen.contains("(*) $3.33/month for 12 months ($39.96 total)"), "\(screen)")
        #expect(send(&state, key(.enter)).isEmpty)
        #expect(send(&state, key(.enter)) == [.purchase(productID: Fixture.yearly, billingPlan: .monthly)])
    }

    @Test func bAgainGoesBackToPayingUpFront() {
        var state = Self.state()
        send(&state, char("b"), char("b"))
        #expect(state.payingMonthly.isEmpty)
        #expect(send(&state, key(.enter), key(.enter)) == [.purchase(productID: Fixture.yearly, billingPlan: nil)])
    }

    @Test func bOnAPlanPaidOneWaySaysSo() {
        var state = Self.state()
        state.focus = .plan(Fixture.monthly)
        send(&state, char("b"))
        #expect(state.payingMonthly.isEmpty)
        #expect(state.message == .oneWayToPay(productID: Fixture.monthly))
        #expect(Self.screen(state).contains("Premium Monthly is paid one way only."))
    }

    @Test func theSheetStatesTheCommitment() {
        var state = Self.state()
        send(&state, char("b"), key(.enter))
        let sheet = view(state, size: state.size).sheetText ?? ""
        #expect(sheet.contains("Price $3.33"), "\(sheet)")
        #expect(sheet.contains("Billing 12 monthly payments of $3.33"), "\(sheet)")
        #expect(sheet.contains("Total $39.96 over 12 months"), "\(sheet)")
        #expect(sheet.contains("The commitment renews for another 12 months unless auto-renew is turned off at least 24 hours before it ends"), "\(sheet)")
    }

    /// D4: whichever way is chosen, its billed amount is the plan's loudest price.
    @Test(arguments: [false, true])
    func theChosenWaysAmountIsTheMostProminentPrice(monthly: Bool) {
        var state = Self.state()
        if monthly { send(&state, char("b")) }
        let canvas = view(state, size: state.size)
        let billed = monthly ? "$3.33" : "$39.99"
        let theme = state.theme
        let plan = canvas.planRect(Fixture.yearly)
        let prices = canvas.find("$").filter { plan?.contains($0) == true }.compactMap { canvas.cell(at: $0) }
            .map { Theme.prominence($0.style) }
        #expect(prices.count == 4, "the billed amount, and both ways with the total")
        let first = canvas.find(billed).first.flatMap { canvas.cell(at: $0) }
        #expect(first?.style == theme[.price])
        #expect(prices.filter { $0 >= Theme.prominence(theme[.price]) }.count == 1, "\(prices)")
    }

    @Test(arguments: spelledOutLanguages)
    func goldens(language: Language) {
        for size in [Size(width: 80, height: 24), Size(width: 40, height: 20)] {
            var state = Self.state(language, size: size)
            assertGolden(view(state, size: size), named: "commitment-\(language)-\(size)", in: directory)
            send(&state, char("b"))
            assertGolden(view(state, size: size), named: "commitment-\(language)-\(size)-monthly", in: directory)
            send(&state, key(.enter))
            assertGolden(view(state, size: size), named: "commitment-sheet-\(language)-\(size)", in: directory)
        }
    }
}
