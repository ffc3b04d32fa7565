import Audit
import MockStore
import Paywall
import Testing
import TerminalUI

/// Each screen rule, on the bundled example's real screen with exactly the fact it reads
/// painted over: that rule fails, with evidence and a fix, and no other rule does.
@Suite struct ScreenRuleTests {
    static let monthly = "dev.tollbooth.example.premium.monthly"
    static let yearly = "dev.tollbooth.example.premium.yearly"

    struct Breakage: Sendable, CustomStringConvertible {
        var rule: String
        var locale: String = "en_US"
        var customer: CustomerState = .new
        var text: String
        var replacement: String? = nil
        var plan: String? = nil
        var description: String { "\(rule) \(locale): \(text)" }
    }

    static let breakages: [Breakage] = [
        Breakage(rule: "D1", text: "Premium Monthly", plan: monthly),
        Breakage(rule: "D2", text: "1 month", plan: monthly),
        Breakage(rule: "D3", text: "$4.99", plan: monthly),
        Breakage(rule: "D5", text: "https://tollbooth.example/privacy"),
        Breakage(rule: "D5", text: "https://tollbooth.example/privacy", replacement: "not configured"),
        Breakage(rule: "D6", text: "Terms of Use"),
        Breakage(rule: "D8", text: "automatically"),
        Breakage(rule: "D9", text: "renewal"),
        Breakage(rule: "D10", text: "confirmation"),
        Breakage(rule: "D11", text: "Manage"),
        Breakage(rule: "D12", text: "forfeited"),
        Breakage(rule: "D14", text: "Restore Purchases"),
        // A trial on a plan with none configured.
        Breakage(rule: "D15", text: "$4.99/month", replacement: "1 week free", plan: monthly),
        // A trial shown to a customer who used it.
        Breakage(rule: "D15", customer: .introUsed, text: "about $3.33/month", replacement: "3 days free, then", plan: yearly),
        Breakage(rule: "D8", locale: "ja_JP", text: "自動的に更新"),
        Breakage(rule: "D9", locale: "ja_JP", text: "24時間以内"),
        Breakage(rule: "D10", locale: "ja_JP", text: "購入の確定時"),
        Breakage(rule: "D11", locale: "ja_JP", text: "アカウント設定"),
        Breakage(rule: "D12", locale: "ja_JP", text: "失効"),
        Breakage(rule: "D6", locale: "ja_JP", text: "利用規約"),
        Breakage(rule: "D14", locale: "ja_JP", text: "購入を復元"),
    ]

    @Test(arguments: breakages)
    func breakingOneFactFailsExactlyItsRule(breakage: Breakage) async throws {
        var paywall = try await CraftedPaywall.example(breakage.locale, customer: breakage.customer)
        #expect(CraftedPaywall.failing(paywall).isEmpty, "the unbroken screen passes")
        if let plan = breakage.plan {
            paywall.paint(breakage.text, with: breakage.replacement, inPlan: plan)
        } else {
            paywall.paint(breakage.text, with: breakage.replacement)
        }
        #expect(CraftedPaywall.failing(paywall) == [breakage.rule])
        let failures = Auditor.screenRules.flatMap { $0.check(paywall) }.filter { $0.verdict == .fail }
        for failure in failures {
            #expect(!failure.evidence.missing.isEmpty && !failure.fix.isEmpty, "\(failure.message)")
            #expect(failure.variant.label == "\(breakage.locale) USA 80x24 \(breakage.customer.rawValue) default")
        }
    }

    /// D15 in the headline: with the yearly plan focused, a headline promising another length
    /// than the yearly plan's own 3-day trial fails; the plans' own terms are untouched.
    @Test func aHeadlineTrialOtherThanTheFocusedPlansFails() async throws {
        var paywall = try await CraftedPaywall.example()
        paywall.paint("free for 3 days", with: "free for 7 days") { canvas, point in
            point.y < (canvas.planRects.map(\.y).min() ?? 0)
        }
        let findings = HeadlineTrialMatchesFocusedPlan().check(paywall).filter { $0.verdict == .fail }
        #expect(CraftedPaywall.failing(paywall) == ["D15"])
        #expect(findings.map(\.message) == [
            "with \(Self.yearly) focused, the headline advertises a 1-week trial, but that plan's trial is 3 days",
        ] || findings.contains { $0.message.contains("7-day") })
        #expect(findings.allSatisfy { $0.evidence.matched.first?.row == 1 }, "the headline is the second row")
    }

    /// A narrow window wraps and scrolls: every rule still finds its facts within reach.
    @Test(arguments: ["en_US", "ja_JP"])
    func theExamplePassesAtFortyByTwenty(locale: String) async throws {
        for customer in CustomerState.allCases {
            let paywall = try await CraftedPaywall.example(locale, size: Size(width: 40, height: 20), customer: customer)
            #expect(paywall.screens.count > 1, "40x20 scrolls")
            #expect(CraftedPaywall.failing(paywall).isEmpty)
        }
    }
}
