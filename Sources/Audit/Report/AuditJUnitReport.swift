/// The JUnit XML report, for the test-report readers CI services have (GitHub Actions, GitLab,
/// Jenkins): `<testsuites>` holding one `<testsuite>`, holding one `<testcase>` per rule and
/// variant (`classname` the rule, `name` the variant's label), in report order.
///
/// - A rule that fails has a `<failure>`: its message as the attribute, and each failing
///   finding's message, evidence and fix as the text.
/// - A rule that needs a person is `<skipped>`, with the question as its message: nothing ran
///   that could pass or fail it.
/// - A warning is a passing test case whose `<system-out>` says what to look at. JUnit has no
///   "passed with a warning", and a failure would turn the CI job red for something the text
///   report and the exit status call a pass.
public enum AuditJUnitReport {
    static let suiteName = "tollbooth audit"

    /// The findings of one rule on one variant.
    struct TestCase {
        var rule: String
        var variant: AuditVariant
        var findings: [AuditFinding]

        func all(_ verdict: AuditVerdict) -> [AuditFinding] { findings.filter { $0.verdict == verdict } }
        var fails: Bool { findings.contains { $0.verdict == .fail } }
        var skipped: Bool { !findings.isEmpty && findings.allSatisfy { $0.verdict == .human } }
    }

    /// Groups `findings` by rule and variant, in the order each group first appears.
    static func testCases(_ findings: [AuditFinding]) -> [TestCase] {
        struct Key: Hashable { var rule: String; var variant: AuditVariant }
        return findings.groupedInOrder { Key(rule: $0.rule, variant: $0.variant) }.map { group in
            TestCase(rule: group.key.rule, variant: group.key.variant, findings: group.elements)
        }
    }

    public static func render(_ report: AuditReport) -> String {
        let cases = testCases(report.findings)
        let counts = "tests=\"\(cases.count)\" failures=\"\(cases.count(where: \.fails))\" errors=\"0\" "
            + "skipped=\"\(cases.count(where: \.skipped))\" time=\"0\""
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"\(suiteName)\" \(counts)>",
            "  <testsuite name=\"\(suiteName)\" \(counts)>",
        ]
        for testCase in cases { lines += element(testCase) }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n")
    }

    static func element(_ testCase: TestCase) -> [String] {
        let open = "    <testcase classname=\"\(attribute(testCase.rule))\" name=\"\(attribute(testCase.variant.label))\" time=\"0\""
        var body: [String] = []
        if testCase.fails {
            let failures = testCase.all(.fail)
            let text = failures.map { finding in
                ([finding.message] + finding.evidence.lines.map { "  " + $0 } + (finding.fix.isEmpty ? [] : ["fix: " + finding.fix]))
                    .joined(separator: "\n")
            }.joined(separator: "\n\n")
            body.append("      <failure message=\"\(attribute(failures.map(\.message).joined(separator: "; ")))\" type=\"\(attribute(testCase.rule))\">"
                        + XMLText.escape(text) + "</failure>")
        } else if testCase.skipped {
            body.append("      <skipped message=\"\(attribute("needs a person: " + testCase.findings.map(\.message).joined(separator: "; ")))\"/>")
        } else {
            let notes = testCase.findings.filter { $0.verdict != .pass }.map { finding in
                "\(finding.verdict.label): \(finding.message)" + (finding.fix.isEmpty ? "" : "\nfix: \(finding.fix)")
            }
            if !notes.isEmpty { body.append("      <system-out>" + XMLText.escape(notes.joined(separator: "\n")) + "</system-out>") }
        }
        if body.isEmpty { return [open + "/>"] }
        return [open + ">"] + body + ["    </testcase>"]
    }

    private static func attribute(_ text: String) -> String { XMLText.escape(text, attribute: true) }
}
