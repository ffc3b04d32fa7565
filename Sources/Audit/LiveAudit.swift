import Foundation
import MockStore
import Paywall
import TerminalUI

/// The audit the TUI's overlay (`a`) shows: every screen rule on the paywall of the running
/// app as it is drawn now, and the catalog rules for its locale, one verdict per rule with the
/// cells each rule read. `tollbooth run` injects `auditing` into the runtime.
public struct LiveAudit: Sendable {
    public var catalog: Catalog

    public init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// This audit as the runtime calls it.
    public var auditing: PaywallAuditing {
        { state, size in self.audit(state, size: size) }
    }

    /// Audits the paywall of `state` drawn at `size`.
    public func audit(_ state: PaywallState, size: Size) -> ScreenAudit {
        let storefront = state.snapshot?.storefront ?? catalog.settings.storefront ?? "USA"
        let paywall = RenderedPaywall(variant: AuditVariant(locale: state.locale, storefront: storefront, size: size),
                                      state: state, catalog: catalog, size: size)
        var findings = Auditor.screenRules.flatMap { $0.check(paywall) }
        findings += Auditor.catalogRules.flatMap { $0.check(catalog, variant: AuditVariant(locale: state.locale, storefront: storefront)) }
        return ScreenAudit(size: size, rules: Self.verdicts(findings, screens: paywall.screens))
    }

    /// One verdict per rule, in rule order: the worst of its findings (fail, warning, a person's
    /// call, pass), their messages worst first, and the cells all of them matched.
    static func verdicts(_ findings: [AuditFinding], screens: [Canvas]) -> [RuleVerdict] {
        let sorted = findings.sorted(by: AuditFinding.reportOrder)
        var order: [String] = []
        var byRule: [String: [AuditFinding]] = [:]
        for finding in sorted {
            if byRule[finding.rule] == nil { order.append(finding.rule) }
            byRule[finding.rule, default: []].append(finding)
        }
        return order.map { rule in
            let findings = byRule[rule]!.sorted { severity($0.verdict) > severity($1.verdict) }
            let marks = findings.flatMap(\.evidence.matched).flatMap { match -> [AuditMark] in
                guard screens.indices.contains(match.scroll) else { return [] }
                return MatchedCells.rects(of: match, on: screens[match.scroll]).map { AuditMark(scroll: match.scroll, rect: $0) }
            }
            return RuleVerdict(rule: rule, verdict: verdict(findings[0].verdict), messages: findings.map(\.message), marks: marks)
        }
    }

    static func severity(_ verdict: AuditVerdict) -> Int {
        switch verdict {
        case .pass: 0
        case .human: 1
        case .warning: 2
        case .fail: 3
        }
    }

    static func verdict(_ verdict: AuditVerdict) -> RuleVerdict.Verdict {
        switch verdict {
        case .pass: .pass
        case .fail: .fail
        case .warning: .warning
        case .human: .human
        }
    }
}
