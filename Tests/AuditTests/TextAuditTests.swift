import Audit
import Chrome
import Foundation
import MockStore
import Paywall
import Testing

/// `tollbooth audit --text`: a paywall's plain text, read against the bundled example's catalog
/// with the same rules the drawn paywall gets. Examples/audit/paywall-text.txt passes; removing
/// or moving one fact fails exactly its rule.
@Suite struct TextAuditTests {
    static func exampleText() throws -> String {
        try String(contentsOf: try PaywallResources.examplesDirectory().appendingPathComponent("audit/paywall-text.txt"), encoding: .utf8)
    }

    static func audit(_ text: String, locale: String = "en_US") async throws -> AuditReport {
        try await Auditor(catalog: try CraftedPaywall.exampleCatalog(), manifest: try CraftedPaywall.exampleManifest())
            .audit(text: text, locale: locale)
    }

    @Test func theExampleTextPassesEveryRuleTextCanDecide() async throws {
        let report = try await Self.audit(try Self.exampleText())
        #expect(CraftedPaywall.failing(report) == [])
        let passed = Set(report.findings.filter { $0.verdict == .pass }.map(\.rule))
        #expect(passed == ["D1", "D2", "D3", "D5", "D6", "D8", "D9", "D10", "D11", "D12", "D14", "D15", "D16", "D19"])
        let human = report.findings.filter { $0.verdict == .human && $0.variant.size == "text" }
        #expect(human.map(\.rule) == ["D4", "D7"])
        #expect(human.allSatisfy { $0.message.hasPrefix("plain text") }, "each says why text cannot decide it")
        #expect(report.findings.first { $0.rule == "D5" }?.variant.label == "en_US USA text new default")
    }

    static let breakages: [(rule: String, from: String, to: String)] = [
        ("D5", "Privacy Policy: https://tollbooth.example/privacy\n", ""),
        ("D5", "https://tollbooth.example/privacy", "not configured"),
        ("D6", "Terms of Use", "Terms"),
        ("D14", "Restore Purchases\n", ""),
        // The monthly price moved out of its plan's block, into the lifetime plan's.
        ("D3", "1 month, $4.99\nSubscribe\n\nLifetime Unlock\n", "1 month\nSubscribe\n\nLifetime Unlock\n$4.99 a month\n"),
        ("D12", "3 days free, then $39.99/year\n", ""),
        ("D15", "1 month, $4.99\n", "1 month, $4.99\n1 week free\n"),
        ("D9", "within 24 hours", "soon"),
    ]

    @Test(arguments: 0..<breakages.count)
    func removingOneFactFailsExactlyItsRule(index: Int) async throws {
        let breakage = Self.breakages[index]
        let text = try Self.exampleText()
        #expect(text.contains(breakage.from))
        let report = try await Self.audit(text.replacingOccurrences(of: breakage.from, with: breakage.to))
        #expect(CraftedPaywall.failing(report) == [breakage.rule])
        #expect(report.findings.filter { $0.verdict == .fail }.allSatisfy { !$0.fix.isEmpty && !$0.evidence.missing.isEmpty })
    }

    /// Text has no cards: a plan's title is where its block starts, so without the title its
    /// period and price have no plan either.
    @Test func aMissingTitleLosesThePlansBlock() async throws {
        let report = try await Self.audit(try Self.exampleText().replacingOccurrences(of: "Premium Monthly", with: "Monthly"))
        #expect(CraftedPaywall.failing(report) == ["D1", "D2", "D3"])
        let failures = report.findings.filter { $0.verdict == .fail }
        #expect(failures.allSatisfy { $0.message.contains("premium.monthly") && $0.message.contains("not drawn") })
    }

    @Test func japaneseTextIsReadAsJapanese() async throws {
        #expect(Auditor.locale(ofText: "プレミアム（年額）\n購入を復元") == "ja_JP")
        #expect(Auditor.locale(ofText: try Self.exampleText()) == "en_US")
        let report = try await Self.audit("購入を復元", locale: "ja_JP")
        #expect(report.findings.contains { $0.rule == "D14" && $0.verdict == .pass })
        #expect(report.findings.contains { $0.rule == "D5" && $0.verdict == .fail && $0.message.contains("プライバシーポリシー") })
    }
}
