import Audit
import Foundation
import MockStore
import Paywall
import Testing
import TerminalUI

/// D18 on a non-subscription app whose free "14-day Trial" leads to a paid unlock.
@Suite struct UnlockTrialAuditTests {
    static let trialID = "dev.tollbooth.example.trial"

    /// Examples/audit/free-trial-nonconsumable.storekit: the trial, and no paid unlock.
    static func fixture() throws -> Catalog {
        try CatalogLoader.load(path: try BundledExample.storeKitURL().deletingLastPathComponent()
            .appendingPathComponent("audit/free-trial-nonconsumable.storekit").path)
    }

    /// The fixture with the full unlock it lacks, and Japanese text (「14日間無料体験」).
    static func complete() throws -> Catalog {
        var catalog = try fixture()
        catalog.products[0].localizations.append(LocalizedText(locale: "ja", displayName: "14日間無料体験",
                                                               description: "全ての機能を14日間無料でお試しいただけます。"))
        catalog.products.append(CatalogProduct(id: "dev.tollbooth.example.full", type: .nonConsumable, price: 9.99, localizations: [
            LocalizedText(locale: "en_US", displayName: "Full Unlock", description: "Every feature, for good."),
            LocalizedText(locale: "ja", displayName: "完全版", description: "全ての機能を、ずっと。"),
        ]))
        return catalog
    }

    @Test func theFixtureFailsD18OnlyForWantOfAFullPrice() async throws {
        let report = try await Auditor(catalog: try Self.fixture()).audit()
        #expect(CraftedPaywall.failing(report) == ["D18"])
        let failures = report.findings.filter { $0.verdict == .fail }
        #expect(failures.count == 10)  // en_US × 2 sizes × 5 customers
        for failure in failures {
            #expect(failure.evidence.missing == ["the full unlock's price (the paywall sells no paid non-consumable)"], "\(failure.message)")
            #expect(failure.evidence.matched.count == 2, "the length and what stops working are shown")
            #expect(failure.fix.contains("add the paid full unlock"))
        }
    }

    @Test func withAFullUnlockEveryRulePassesInBothLanguages() async throws {
        let report = try await Auditor(catalog: try Self.complete()).audit()
        #expect(CraftedPaywall.failing(report).isEmpty, "\(report.findings.filter { $0.verdict == .fail }.map(\.message))")
        let d18 = report.findings.filter { $0.rule == "D18" }
        #expect(d18.count == 20 && d18.allSatisfy { $0.verdict == .pass })
        #expect(Set(d18.map(\.variant.locale)) == ["en_US", "ja_JP"])
    }

    /// The length stands in the name too, so taking it away also fails the title (D1).
    @Test(arguments: [("en_US", "14"), ("en_US", "stop working"), ("en_US", "$9.99"),
                      ("ja_JP", "14"), ("ja_JP", "使えなく"), ("ja_JP", "$9.99")])
    func paintingOverOneFactFailsD18(locale: String, fact: String) async throws {
        var paywall = try await Auditor(catalog: try Self.complete()).paywall(locale: locale, size: Size(width: 80, height: 24), customer: .new)
        #expect(CraftedPaywall.failing(paywall).isEmpty)
        paywall.paint(fact, inPlan: Self.trialID)
        #expect(CraftedPaywall.failing(paywall) == (fact == "14" ? ["D1", "D18"] : ["D18"]))
    }
}
