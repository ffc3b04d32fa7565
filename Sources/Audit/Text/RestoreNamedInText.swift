import Foundation
import Paywall

/// D14 as text shows it: some line names the Restore Purchases control. Whether it is a control
/// that works is the app's business; text can only say that it is offered.
struct RestoreNamedInText: ScreenRule {
    let rule = "D14"

    static let label = AuditPhrases.restoreLabel

    func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        let label = Self.label[paywall.language]!
        for (scroll, canvas) in paywall.screens.enumerated() {
            for row in 0..<canvas.height where canvas.line(row).range(of: label, options: .caseInsensitive) != nil {
                let text = canvas.line(row).trimmingCharacters(in: .whitespaces)
                return [paywall.finding(rule, .pass, "\"\(text)\" offers to restore purchases",
                                        matched: [AuditMatch(text: text, scroll: scroll, row: row, column: 0)])]
            }
        }
        return [paywall.finding(rule, .fail, "no \"\(label)\" control in the text", missing: ["a \"\(label)\" control"],
                                fix: "offer a \"\(label)\" control on the paywall that calls AppStore.sync()")]
    }
}
