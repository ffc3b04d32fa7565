import Audit
import Foundation
import TerminalUI
import Testing

/// What each report format promises a reader: JSON findings carry their variant flat, JUnit XML
/// stays well-formed whatever bytes the catalog holds, Markdown tables keep their columns.
@Suite struct ReportFormatTests {
    static let screen = AuditVariant(locale: "en_US", storefront: "USA", size: Size(width: 80, height: 24), state: .new)
    static let catalog = AuditVariant(locale: "en_US", storefront: "USA")
    /// Text a catalog could hold: markup, quotes, a pipe, backticks, a newline, a clear-screen
    /// escape, a bell, a C1 control, a tab and a bidi override.
    static let hostile = "Pro <b> & \"Max\" | `x`\nnext \u{1B}[2J\u{07}\u{85}\ttab \u{202E}rev"

    static func report(_ findings: [AuditFinding]) -> AuditReport { AuditReport(findings: findings) }

    static let mixed = report([
        AuditFinding(rule: "D5", verdict: .fail, variant: screen, message: hostile,
                     evidence: AuditEvidence(matched: [AuditMatch(text: hostile, scroll: 0, row: 20, column: 2)], missing: ["a URL"]),
                     fix: "add a URL"),
        AuditFinding(rule: "D1", verdict: .pass, variant: screen, message: "shows its title"),
        AuditFinding(rule: "D1", verdict: .pass, variant: screen, message: "shows its other title"),
        AuditFinding(rule: "D16", verdict: .warning, variant: catalog, message: "a period App Store Connect lacks", fix: "use 1 month"),
        AuditFinding(rule: "D13", verdict: .human, variant: catalog, message: "are the benefits adequate?"),
    ])

    @Test func aJSONFindingHoldsItsVariantsFieldsFlat() throws {
        let json = try AuditReportFormat.json.render(Self.mixed)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let d5 = try #require(findings.first { $0["rule"] as? String == "D5" })
        #expect(Set(d5.keys) == ["rule", "verdict", "locale", "storefront", "size", "state", "message", "evidence", "fix"])
        #expect(d5["size"] as? String == "80x24" && d5["state"] as? String == "new" && d5["verdict"] as? String == "fail")
        let d13 = try #require(findings.first { $0["rule"] as? String == "D13" })
        #expect(Set(d13.keys) == ["rule", "verdict", "locale", "storefront", "message", "evidence", "fix"], "a catalog rule has no size or state")
        // And it reads back as the same report.
        #expect(try JSONDecoder().decode(AuditReport.self, from: Data(json.utf8)) == Self.mixed)
    }

    @Test func junitHasOneTestCasePerRuleAndVariantWithCounts() throws {
        let xml = try AuditReportFormat.junit.render(Self.mixed)
        #expect(xml.contains(#"<testsuite name="tollbooth audit" tests="4" failures="1" errors="0" skipped="1" time="0">"#))
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 4, "D1's two findings on one variant are one test case")
        #expect(xml.contains(#"<testcase classname="D1" name="en_US USA 80x24 new default" time="0"/>"#))
        #expect(xml.contains(#"<skipped message="needs a person: are the benefits adequate?"/>"#))
        #expect(xml.contains("<system-out>WARN: a period App Store Connect lacks\nfix: use 1 month</system-out>"))
    }

    @Test func junitEscapesMarkupAndEveryControlXMLForbids() throws {
        let xml = try AuditReportFormat.junit.render(Self.mixed)
        let controls = xml.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E }
        #expect(controls.isEmpty, "\(controls.map { $0.value })")
        #expect(xml.contains(#"message="Pro &lt;b&gt; &amp; &quot;Max&quot; | `x`&#10;next U+001B[2JU+0007&#133;&#9;tab &#8238;rev""#))
        #expect(xml.contains("Pro &lt;b&gt; &amp; \"Max\" | `x`\nnext U+001B[2JU+0007&#133;&#9;tab &#8238;rev\n  found"))
    }

    @Test func markdownCellsKeepTheTableWhole() throws {
        let markdown = try AuditReportFormat.markdown.render(Self.mixed)
        let row = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("| en_US USA 80x24 new default |") })
        let cells = row.replacingOccurrences(of: "\\|", with: "").split(separator: "|", omittingEmptySubsequences: false)
        #expect(cells.count == 6, "four cells between the outer pipes: \(row)")
        #expect(row.contains(#"Pro &lt;b&gt; &amp; "Max" \| \`x\`<br>next"#))
        #expect(markdown.contains("### D5 fails") && !markdown.contains("### D1 fails"))
        #expect(markdown.hasPrefix("## Paywall audit: 1 failed\n\n2 passed, 1 failed, 1 warning, 1 needs a person."))
    }

    static let languages = ["de_DE", "en_US", "ja_JP"]

    /// D19 failing in three languages, D7 warning at one size for two customers with messages
    /// that differ, and a question asked in every language.
    static let recurring = report(languages.flatMap { locale -> [AuditFinding] in
        let catalog = AuditVariant(locale: locale, storefront: "USA")
        return [
            AuditFinding(rule: "D19", verdict: .fail, variant: catalog, message: "no privacy-policy URL for \(locale)",
                         fix: "add a privacy-policy URL for \(locale)"),
            AuditFinding(rule: "D13", verdict: .human, variant: catalog, message: "are the benefits adequate?"),
            AuditFinding(rule: "D1", verdict: .pass, variant: catalog, message: "shows its title"),
        ] + [CustomerState.new, .subscribed].enumerated().map { index, state in
            AuditFinding(rule: "D7", verdict: .warning,
                         variant: AuditVariant(locale: locale, storefront: "USA", size: Size(width: 40, height: 20), state: state),
                         message: "\(index + 2) facts are below the fold", fix: "make the first screen show them")
        }
    })

    @Test func theTextReportSaysEachFindingOnceWithTheVariantsItSpans() throws {
        let text = try AuditReportFormat.text.render(Self.recurring)
        #expect(text == """
            WARN D7 in 3 languages × 2 states, e.g. en_US USA 40x20 new default: 2 facts are below the fold  fix: make the first screen show them
            HUMAN D13 in 3 languages: are the benefits adequate?
            FAIL D19 in 3 languages: no privacy-policy URL for de_DE, en_US, ja_JP  fix: add a privacy-policy URL for de_DE, en_US, ja_JP
            (--verbose lists these 12 findings one variant per line)
            3 passed, 3 failed, 6 warnings, 3 need a person
            """)
    }

    @Test func verboseTextHasALinePerVariantAndTheOtherFormatsStayPerVariant() throws {
        let verbose = try AuditReportFormat.text.render(Self.recurring, verbose: true).split(separator: "\n")
        #expect(verbose.count == 13)
        #expect(verbose.filter { $0.hasPrefix("FAIL D19 ") }.map(String.init) == Self.languages.map {
            "FAIL D19 \($0) catalog: no privacy-policy URL for \($0)  fix: add a privacy-policy URL for \($0)"
        })
        #expect(try AuditReportFormat.json.render(Self.recurring, verbose: true) == AuditReportFormat.json.render(Self.recurring))
        let markdown = try AuditReportFormat.markdown.render(Self.recurring)
        #expect(Self.languages.allSatisfy { markdown.contains("| \($0) catalog | no privacy-policy URL for \($0) |") })
        #expect(try AuditReportFormat.junit.render(Self.recurring).components(separatedBy: "classname=\"D19\"").count - 1 == 3)
    }

    /// Two products failing one rule are two problems, each once, not one line hiding the other.
    @Test func twoProblemsOfOneRuleInEachVariantStayTwo() throws {
        let findings = ["en_US", "ja_JP"].flatMap { locale in
            ["a.weekly", "b.daily"].map { id in
                AuditFinding(rule: "D1", verdict: .fail, variant: AuditVariant(locale: locale, storefront: "USA"),
                             message: "\(id) has no title", fix: "draw the title")
            }
        }
        let lines = AuditTextReport.render(Self.report(findings)).split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("FAIL D1 in 2 languages: ") }.map { $0.contains("a.weekly") } == [true, false])
        #expect(lines.contains { $0.contains("b.daily has no title") })
    }

    @Test func theTextReportListsWhatIsNotAPassThenTheSummary() throws {
        let text = try AuditReportFormat.text.render(Self.mixed)
        #expect(text.split(separator: "\n").last == "2 passed, 1 failed, 1 warning, 1 needs a person")
        #expect(text.hasPrefix("FAIL D5 en_US USA 80x24 new default: Pro <b>"))
        #expect(!text.contains("PASS"))
    }
}
