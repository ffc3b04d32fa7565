/// One finding as it recurs across variants: the same rule, verdict and problem in each of them.
///
/// A problem is known by its fix (a fix names what to change, while the message names what was
/// seen, in the variant's language and at its size), or by its message when there is no fix;
/// either is compared with the variant's own locale taken out, so "no URL for de_DE" and "no URL
/// for en_US" are one problem. A variant can hold the same problem twice (two products without a
/// title): the first of each variant forms one group, the second another, so no group holds two
/// findings of one variant.
public struct AuditFindingGroup: Sendable {
    public var rule: String
    public var verdict: AuditVerdict
    /// In report order, one per variant.
    public var findings: [AuditFinding]

    /// Groups `findings` (in report order), in the order each group first appears.
    public static func groups(_ findings: [AuditFinding]) -> [AuditFindingGroup] {
        struct Key: Hashable { var rule: String; var verdict: AuditVerdict; var problem: String; var ordinal: Int }
        var seenInVariant: [Key: Int] = [:]
        let keyed = findings.map { finding in
            let problem = finding.fix.isEmpty ? "message: " + finding.withoutLocale(finding.message)
                                              : "fix: " + finding.withoutLocale(finding.fix)
            let perVariant = Key(rule: finding.rule, verdict: finding.verdict, problem: problem + "\u{0}" + finding.variant.label, ordinal: 0)
            let ordinal = seenInVariant[perVariant, default: 0]
            seenInVariant[perVariant] = ordinal + 1
            return (key: Key(rule: finding.rule, verdict: finding.verdict, problem: problem, ordinal: ordinal), finding: finding)
        }
        return keyed.groupedInOrder(by: \.key).map { group in
            AuditFindingGroup(rule: group.key.rule, verdict: group.key.verdict, findings: group.elements.map(\.finding))
        }
    }

    /// The finding whose words stand for the group: the first in an English variant (the report
    /// is written in English), else the first.
    public var representative: AuditFinding {
        findings.first { $0.variant.locale.hasPrefix("en") } ?? findings[0]
    }

    /// The languages the group holds, in report order.
    public var locales: [String] { distinct(findings.map(\.variant.locale)) }

    /// Whether every finding has the same message once its own locale is taken out.
    public var sameMessage: Bool {
        Set(findings.map { $0.withoutLocale($0.message) }).count == 1
    }

    /// The representative's message; when the findings differ only by their locale, with the
    /// group's languages where it names its own.
    public var message: String {
        sameMessage ? withLocales(representative.message) : representative.message
    }

    /// The representative's fix, with the group's languages where it names its own.
    public var fix: String { withLocales(representative.fix) }

    private func withLocales(_ text: String) -> String {
        let locales = self.locales
        guard locales.count > 1 else { return text }
        return text.replacingLocale(representative.variant.locale, with: locales.joined(separator: ", "))
    }

    private func distinct(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0).inserted }
    }
}

extension AuditFinding {
    /// `text` with this finding's own locale taken out, to compare findings of different languages.
    func withoutLocale(_ text: String) -> String {
        text.replacingLocale(variant.locale, with: "\u{0}")
    }
}

extension String {
    /// Every `locale` that stands as a word of its own ("for en_US", not the "en" of "then")
    /// replaced by `replacement`.
    func replacingLocale(_ locale: String, with replacement: String) -> String {
        guard !locale.isEmpty else { return self }
        func partOfName(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "-" }
        var out = ""
        var rest = self[...]
        while let found = rest.range(of: locale) {
            let before: Character? = found.lowerBound == rest.startIndex ? out.last : rest[rest.index(before: found.lowerBound)]
            let after: Character? = found.upperBound == rest.endIndex ? nil : rest[found.upperBound]
            out += rest[..<found.lowerBound]
            out += (before.map(partOfName) ?? false) || (after.map(partOfName) ?? false) ? locale : replacement
            rest = rest[found.upperBound...]
        }
        return out + rest
    }
}
