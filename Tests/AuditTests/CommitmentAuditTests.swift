import Audit
import Foundation
import MockStore
import Paywall
import Testing
import TerminalUI

/// D22 on Examples/Commitment.storekit: a yearly plan that can also be paid monthly over a
/// 12-month commitment ($4.99 × 12 = $59.88) must state, in one sentence on the paywall body,
/// the monthly amount, the number of payments, the total and that the commitment renews.
@Suite struct CommitmentAuditTests {
    static let yearly = "dev.tollbooth.commitment.pro.yearly"

    static func catalog() throws -> Catalog {
        try CatalogLoader.load(path: try BundledExample.storeKitURL().deletingLastPathComponent()
            .appendingPathComponent("Commitment.storekit").path)
    }

    static func paywall(_ locale: String = "en_US", size: Size = Size(width: 80, height: 24)) async throws -> RenderedPaywall {
        try await Auditor(catalog: try catalog()).paywall(locale: locale, size: size, customer: .new)
    }

    static func d22(_ paywall: RenderedPaywall) -> [AuditFinding] {
        CommitmentDisclosed().check(paywall)
    }

    @Test func everyRulePassesOnTheCommitmentExampleInEveryLanguage() async throws {
        let report = try await Auditor(catalog: try Self.catalog()).audit()
        #expect(CraftedPaywall.failing(report).isEmpty, "\(report.findings.filter { $0.verdict == .fail }.map(\.message))")
        let d22 = report.findings.filter { $0.rule == "D22" }
        #expect(d22.count == 100 && d22.allSatisfy { $0.verdict == .pass })  // 10 languages × 2 sizes × 5 customers
        #expect(Set(d22.map(\.variant.locale)).count == 10)
    }

    @Test func theMonthlyPlanWithoutACommitmentIsNotAsked() async throws {
        let findings = Self.d22(try await Self.paywall())
        #expect(findings.count == 1)
        #expect(findings.first?.message.hasPrefix(Self.yearly) == true)
    }

    @Test func aCatalogWithoutBillingPlansHasNothingToDisclose() async throws {
        #expect(Self.d22(try await CraftedPaywall.example()).isEmpty)
    }

    @Test(arguments: [
        ("$4.99 (", "the monthly amount \"$4.99\""),
        ("12 payments", "the number of payments (12)"),
        ("$59.88 in total", "the total \"$59.88\""),
        ("commitment that", "that it is a commitment"),
        ("renews for", "that the commitment renews"),
    ])
    func eachFactTheSentenceDropsFailsD22(dropped: String, fact: String) async throws {
        var paywall = try await Self.paywall()
        #expect(Self.d22(paywall).map(\.verdict) == [.pass])
        paywall.paint(dropped, with: String(repeating: "x", count: dropped.count))
        let findings = Self.d22(paywall)
        #expect(findings.map(\.verdict) == [.fail])
        #expect(findings.first?.evidence.missing == ["one sentence with \(fact)"], "\(findings.map(\.message))")
        #expect(findings.first?.fix.contains("12 payments") == true)
    }

    @Test func japaneseIsReadInItsOwnWords() async throws {
        var paywall = try await Self.paywall("ja_JP")
        #expect(Self.d22(paywall).map(\.verdict) == [.pass], "\(Self.d22(paywall).map(\.message))")
        paywall.paint("更新されます。", with: "　　　　　　。")
        #expect(Self.d22(paywall).first?.evidence.missing == ["one sentence with that the commitment renews"])
    }
}
