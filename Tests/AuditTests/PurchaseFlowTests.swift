import Audit
import Foundation
import MockStore
import Paywall
import Testing
import TerminalUI

/// D7 and D14 read the paywall around the moment of buying: the facts must be on the body, not
/// only in the confirmation sheet, and Restore Purchases is there even before products load.
@Suite struct PurchaseFlowTests {
    static let monthly = "dev.tollbooth.example.premium.monthly"

    /// The confirmation sheet names the plan and its price; a paywall that leaves them to the
    /// sheet fails the fact's own rule and D7.
    @Test(arguments: [("D1", "Premium Monthly"), ("D3", "$4.99")])
    func aFactOnlyInTheConfirmationSheetFailsD7(rule: String, text: String) async throws {
        var paywall = try await CraftedPaywall.example()
        let sheets = paywall.sheets
        #expect(sheets[Self.monthly].map { !$0.find(text).isEmpty } == true, "the sheet shows \(text)")
        paywall.paint(text, inPlan: Self.monthly)
        paywall.sheets = sheets
        #expect(CraftedPaywall.failing(paywall) == [rule, "D7"])
        let d7 = try #require(FactsOnThePaywallBody().check(paywall).first)
        #expect(d7.verdict == .fail)
        #expect(d7.message.contains("only the confirmation sheet, after the buy action, shows \(rule) "))
        #expect(d7.message.contains(Self.monthly) && !d7.fix.isEmpty)
    }

    /// At 40×20 the disclosure needs scrolling: a warning that says what is below the first
    /// screen and by how many rows; at 80×24 everything is on the first screen.
    @Test func factsBelowTheFoldAreAWarningThatCountsTheRows() async throws {
        let small = try await CraftedPaywall.example(size: Size(width: 40, height: 20))
        let warning = try #require(FactsOnThePaywallBody().check(small).first)
        #expect(warning.verdict == .warning)
        #expect(warning.message.contains("below the fold"))
        let match = try #require(warning.message.firstMatch(of: /D8 auto-renewal sentence \((\d+) rows down\)/))
        let rows = try #require(Int(match.1))
        #expect(!small.screens[0].text().contains("automatically"), "not on the first screen")
        #expect(small.screens[rows].text().contains("automatically"), "scrolled \(rows) rows, the sentence is on screen")

        let large = try await CraftedPaywall.example(size: Size(width: 80, height: 24))
        let pass = try #require(FactsOnThePaywallBody().check(large).first)
        #expect(pass.verdict == .pass, "\(pass.message)")
    }

    /// Restore Purchases must be there while the products load, too.
    @Test(arguments: ["en_US", "ja_JP"])
    func restoreMissingWhileProductsLoadFailsD14(locale: String) async throws {
        var paywall = try await CraftedPaywall.example(locale)
        let label = locale == "ja_JP" ? "購入を復元" : "Restore Purchases"
        #expect(paywall.loading.contains { !$0.find(label).isEmpty }, "the loading screen shows it")
        for index in paywall.loading.indices {
            for point in paywall.loading[index].find(label) {
                paywall.loading[index].put(SafeText(String(repeating: " ", count: TextWidth.of(label))), x: point.x, y: point.y)
            }
        }
        #expect(CraftedPaywall.failing(paywall) == ["D14"])
        let failure = try #require(RestorePurchasesShown().check(paywall).first)
        #expect(failure.evidence.missing == ["a \"\(label)\" control while products load"])
    }
}
