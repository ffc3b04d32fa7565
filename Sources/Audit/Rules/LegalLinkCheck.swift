import Chrome
import Foundation
import Paywall
import TerminalUI

/// The shape of D5 and D6: a labelled link on the paywall whose text holds a full URL.
struct LegalLinkCheck: Sendable {
    var rule: String
    var privacy: Bool
    /// The label a reader looks for, by language.
    var label: [Language: String]
    var fix: String
    /// Whether the link may name something other than a URL (D6: "custom EULA").
    var acceptsWithoutURL: @Sendable (String, RenderedPaywall) -> Bool = { _, _ in false }

    func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        let label = label[paywall.language]!
        var failure: AuditFinding?
        // A link is shown when some screen shows it whole: the last screens scroll it highest,
        // leaving room below for a wrapped URL.
        for (scroll, canvas) in paywall.screens.enumerated() {
            guard let rect = canvas.legalLinkRect(privacy: privacy) else { continue }
            // The link's region may cover only the URL (the label beside it) or only the label (a
            // narrow window wraps the URL below it, by character): read the rows around it,
            // without spaces, for the label followed by a URL.
            let around = Rect(x: 0, y: rect.y - 1, width: canvas.width, height: rect.height + 4)
            let text = canvas.rows(in: around).joined().replacingOccurrences(of: " ", with: "")
            let unspacedLabel = label.replacingOccurrences(of: " ", with: "")
            let labelled = text.contains(unspacedLabel)
            let hasURL = text.range(of: NSRegularExpression.escapedPattern(for: unspacedLabel) + #":?https?://[^\s]+\.[^\s]+"#,
                                    options: .regularExpression) != nil
            // The evidence is the link's value ("not configured", the URL): the label is named
            // in the message already.
            var shown = ScreenText.collapse(canvas.rows(in: rect).joined(separator: "\n"))
            if shown.hasPrefix(label) {
                shown = String(shown.dropFirst(label.count).drop { $0 == ":" || $0 == "：" || $0 == " " })
            }
            let match = ScreenText.locate(shown, on: canvas, scroll: scroll, within: rect)
                ?? AuditMatch(text: shown, scroll: scroll, row: rect.y, column: rect.x)
            if labelled, hasURL {
                return [paywall.finding(rule, .pass, "\"\(label)\" links \"\(match.text)\"", matched: [match])]
            }
            if labelled, acceptsWithoutURL(match.text, paywall) {
                return [paywall.finding(rule, .pass, "\"\(label)\" opens \"\(match.text)\"", matched: [match])]
            }
            let missing = (labelled ? [] : ["the label \"\(label)\""]) + (!hasURL ? ["a URL (http:// or https://)"] : [])
            failure = paywall.finding(rule, .fail, "the \(label) link shows \"\(match.text)\", without \(missing.joined(separator: " and "))",
                                      matched: [match], missing: missing, fix: fix)
        }
        if let failure { return [failure] }
        return [paywall.finding(rule, .fail, "no \(label) link on any screen", missing: ["a \"\(label)\" link"], fix: fix)]
    }
}
