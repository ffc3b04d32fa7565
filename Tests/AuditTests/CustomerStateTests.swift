import Audit
import Foundation
import MockStore
import Paywall
import Testing
import TerminalUI

/// The customers and storefronts an audit renders for are built by the store's own operations,
/// and the paywall shows what those accounts would see.
@Suite struct CustomerStateTests {
    /// The first subscription the example lists.
    static let yearly = "dev.tollbooth.example.premium.yearly"

    static func yearlyStatus(_ paywall: RenderedPaywall) throws -> SubscriptionStatus {
        try #require(paywall.state.snapshot?.statuses.first { $0.transaction.productID == Self.yearly })
    }

    static func yearlyCard(_ paywall: RenderedPaywall) throws -> String {
        let rect = try #require(paywall.screens[0].planRect(Self.yearly))
        return paywall.screens[0].rows(in: rect).joined(separator: "\n")
    }

    /// Lapsed: auto-renew off, then the period ran out on the store clock; no renewal, no trial.
    @Test func aLapsedSubscriptionExpiredAtTheEndOfItsPeriodWithoutRenewing() async throws {
        let paywall = try await CraftedPaywall.example(customer: .lapsed)
        let status = try Self.yearlyStatus(paywall)
        #expect(status.state == .expired)
        #expect(status.renewalInfo.expirationReason == .autoRenewDisabled)
        #expect(status.transaction.originalID == status.transaction.id, "it never renewed")
        let expiry = try #require(status.transaction.expirationDate)
        // Bought as a new customer, it started with the 3-day free trial, which ran its course.
        #expect(expiry.timeIntervalSince(status.transaction.purchaseDate) == 3 * 86_400)
        let card = try Self.yearlyCard(paywall)
        #expect(card.contains("Expired on"))
        #expect(!card.contains("free"), "the trial is used up")
    }

    /// Billing retry: the renewal payment failed; the plan says so and there is no trial.
    @Test func aSubscriptionInBillingRetryShowsTheBillingProblem() async throws {
        let paywall = try await CraftedPaywall.example(customer: .billingRetry)
        let status = try Self.yearlyStatus(paywall)
        #expect(status.state == .inBillingRetryPeriod)
        #expect(status.renewalInfo.isInBillingRetry)
        #expect(paywall.state.snapshot?.switches.billingRetryOnRenewal == false, "the switch is off again")
        let text = paywall.screens.map { ScreenText.collapse($0.text()) }.joined(separator: " ")
        #expect(text.contains("Billing problem: in billing retry"))
    }

    /// `--storefront JPN` prices the example in yen, as `run --storefront JPN` does.
    @Test func theStorefrontSetsTheCurrencyAndIsInTheVariant() async throws {
        let auditor = Auditor(catalog: try CraftedPaywall.exampleCatalog(), manifest: try CraftedPaywall.exampleManifest())
        let paywall = try await auditor.paywall(locale: "en_US", storefront: "JPN", size: Size(width: 80, height: 24), customer: .new)
        #expect(paywall.state.snapshot?.storefront == "JPN")
        #expect(paywall.products.allSatisfy { $0.displayPrice.hasPrefix("¥") })
        #expect(try Self.yearlyCard(paywall).contains("¥"))
        #expect(paywall.variant.label == "en_US JPN 80x24 new default")
        let report = try await auditor.audit(locales: ["en_US"], storefronts: ["USA", "JPN"], sizes: [Size(width: 80, height: 24)],
                                             customers: [.new])
        #expect(Set(report.findings.filter { $0.variant.size != nil }.map(\.variant.storefront)) == ["USA", "JPN"])
    }
}
