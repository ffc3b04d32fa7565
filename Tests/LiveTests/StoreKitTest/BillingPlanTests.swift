import Foundation
import Testing
import TollboothStoreKit
import TollboothStoreKitTest

/// Monthly billing plans with a 12-month commitment through StoreKit's API, as an app uses it:
/// read `pricingTerms`, buy with `.billingPlanType(.monthly)`, read the transaction's and the
/// renewal info's commitment. The configuration is a real v5 file (RevenueCat's unit tests).
@Suite("TollboothStoreKit: billing plans", .isolatedStoreKitEnvironment, .timeLimit(.minutes(1)))
struct BillingPlanTests {
    static let committed = "com.revenuecat.annual_with_commitment"
    static let plain = "com.revenuecat.annual_39.99_no_trial"

    static var configuration: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/storekit-samples/revenuecat-unittests-v5.0-billingplans.storekit")
    }

    @Test("pricingTerms lists both ways to pay; a monthly purchase carries its commitment")
    func monthlyPurchase() async throws {
        let session = try SKTestSession(contentsOf: Self.configuration)
        session.disableDialogs = true
        let product = try #require(try await Product.products(for: [Self.committed]).first)
        let terms = try #require(product.subscription?.pricingTerms)
        #expect(terms.map(\.billingPlanType) == [.upFront, .monthly])
        let monthly = try #require(terms.first { $0.billingPlanType == .monthly })
        #expect(monthly.billingPrice == Decimal(string: "0.5"))
        #expect(monthly.billingDisplayPrice == "$0.50")
        #expect(monthly.billingPeriod == .monthly)
        #expect(monthly.commitmentInfo.price == Decimal(string: "6"))
        #expect(monthly.commitmentInfo.displayPrice == "$6.00")
        #expect(monthly.commitmentInfo.period.value == 12 && monthly.commitmentInfo.period.unit == .month)

        guard case .success(let result) = try await product.purchase(options: [.billingPlanType(.monthly)]) else {
            Issue.record("expected .success"); return
        }
        let transaction = try result.payloadValue
        #expect(transaction.billingPlanType == .monthly)
        #expect(transaction.price == Decimal(string: "0.5"))
        let commitment = try #require(transaction.commitmentInfo)
        #expect(commitment.billingPeriodNumber == 1 && commitment.totalBillingPeriods == 12)
        #expect(commitment.price == Decimal(string: "6"))
        #expect(commitment.expirationDate > transaction.expirationDate!)

        let status = try #require(try await product.subscription?.status.first)
        let renewal = try status.renewalInfo.payloadValue
        let renewalCommitment = try #require(renewal.commitmentInfo)
        // To the millisecond (the payloads' unit): the purchase's value has not been through the ledger.
        #expect(abs(renewalCommitment.renewalDate.timeIntervalSince(commitment.expirationDate)) < 0.001)
        #expect(renewalCommitment.willAutoRenew)
        #expect(renewalCommitment.autoRenewPreference == Self.committed)
        #expect(renewalCommitment.renewalBillingPlanType == .monthly)
        #expect(renewalCommitment.renewalPrice == Decimal(string: "6"))
        await transaction.finish()
    }

    @Test("asking for a plan the product does not offer throws productUnavailable")
    func planNotOffered() async throws {
        let session = try SKTestSession(contentsOf: Self.configuration)
        session.disableDialogs = true
        let product = try #require(try await Product.products(for: [Self.plain]).first)
        await #expect(throws: Product.PurchaseError.productUnavailable) {
            try await product.purchase(options: [.billingPlanType(.monthly)])
        }
        let upFront = try await product.purchase(options: [.billingPlanType(.upFront)])
        guard case .success(let result) = upFront else { Issue.record("expected .success"); return }
        #expect(try result.payloadValue.billingPlanType == nil, "billed up front as before billing plans")
        #expect(try result.payloadValue.commitmentInfo == nil)
    }
}
