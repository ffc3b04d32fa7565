import Paywall
import TerminalUI

/// D14: a Restore Purchases control is on the paywall, and already there while products load
/// (a reviewer whose products never load must still find it). Read on screen: the label,
/// inside a control the customer can focus and activate.
public struct RestorePurchasesShown: ScreenRule {
    public let rule = "D14"
    public init() {}

    static let label = AuditPhrases.restoreLabel

    public func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        let label = Self.label[paywall.language]!
        let fix = "draw a \"\(label)\" control on the paywall body, from the first frame (before products load)"
        var matched: [AuditMatch] = []
        var missing: [String] = []
        for (when, screens) in [("once products load", paywall.screens), ("while products load", paywall.loading)] {
            switch Self.find(label, on: screens) {
            case .control(let match): matched.append(match)
            case .textOnly(let match):
                matched.append(match)
                missing.append("\"\(label)\" as a control \(when) (it is only text)")
            case .absent: missing.append("a \"\(label)\" control \(when)")
            }
        }
        if missing.isEmpty {
            return [paywall.finding(rule, .pass, "\"\(label)\" is a control once products load and while they load", matched: matched)]
        }
        return [paywall.finding(rule, .fail, "no Restore Purchases control: missing " + missing.joined(separator: "; "),
                                matched: matched, missing: missing, fix: fix)]
    }

    enum Found {
        case control(AuditMatch), textOnly(AuditMatch), absent
    }

    /// The first screen whose restore control shows `label`; else where the label is only text.
    static func find(_ label: String, on screens: [Canvas]) -> Found {
        var text: AuditMatch?
        for (scroll, canvas) in screens.enumerated() {
            for point in canvas.find(label) {
                let match = AuditMatch(text: label, scroll: scroll, row: point.y, column: point.x)
                if canvas.restoreRect?.contains(point) == true { return .control(match) }
                text = text ?? match
            }
        }
        return text.map(Found.textOnly) ?? .absent
    }
}
