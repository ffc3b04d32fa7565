import Chrome
import MockStore
import Paywall
import TerminalUI

/// A paywall read from its plain text (for example an app's accessibility labels dumped by a UI
/// test, one element per line), laid out as one tall screen with the places the rules ask about
/// marked, so the screen rules read it exactly as they read a drawn paywall.
///
/// Text has no cards, so a plan's block is found by its title: it starts on the first line
/// holding the plan's display name and runs until a blank line, another plan's title, a legal
/// link, or `planLines` lines. A legal link is the first line holding its label ("Privacy
/// Policy"); its URL may follow on that line or the next ones. No plan counts as focused, so the
/// headline's trial (which depends on focus) is not compared.
extension RenderedPaywall {
    /// The most lines a plan's block spans (title, period, price, terms, button, badge).
    static let planLines = 6

    /// The most lines, and the widest line in columns, a paywall's text may have: Tollbooth's
    /// own limits, far above a real paywall's few dozen lines of phone width. The text is laid
    /// out as one canvas as wide as its widest line and as tall as its lines, so without them
    /// a one-megabyte file could ask for billions of cells.
    public static let mostTextLines = 2_000
    public static let widestTextLine = 1_000

    /// The text's lines, which end in LF, CRLF (a file saved on Windows; "\r\n" is one
    /// Character) or CR; trailing empty lines dropped.
    static func lines(of text: String) -> [Substring] {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Why `text` cannot be audited as a paywall's text (`file` names it), as one sentence with
    /// the fix, or nil when it can.
    public static func problem(withText text: String, file: String) -> String? {
        let lines = lines(of: text)
        if lines.count > mostTextLines {
            return "\(file) has \(lines.count) lines, more than the \(mostTextLines) Tollbooth reads as a paywall's text (its own limit); give the text of one paywall"
        }
        if let wide = lines.firstIndex(where: { TextWidth.of(SafeText(String($0))) > widestTextLine }) {
            return "line \(wide + 1) of \(file) is more than \(widestTextLine) columns wide, Tollbooth's limit for a line of a paywall's text; break it into the lines the screen shows"
        }
        return nil
    }

    init(text: String, variant: AuditVariant, state: PaywallState, catalog: Catalog) {
        let lines = Self.lines(of: text).map { SafeText(String($0)) }
        var canvas = Canvas(width: max(1, lines.map { TextWidth.of($0) }.max() ?? 1), height: max(1, lines.count))
        for (row, line) in lines.enumerated() { canvas.put(line, x: 0, y: row) }
        let strings = lines.map(\.string)
        let language = state.language
        let links: [(FocusTarget, String)] = [
            (.privacyPolicy, PrivacyPolicyLinkShown.label[language]!),
            (.termsOfUse, TermsOfUseLinkShown.label[language]!),
        ]
        let linkRows = links.compactMap { target, label in strings.firstIndex { $0.contains(label) }.map { (target, $0) } }
        for (target, row) in linkRows { canvas.mark(target, in: Self.rows(row, count: 1, width: canvas.width)) }

        let titleRows = state.products.compactMap { product in
            let title = ScreenText.collapse(product.displayName.isEmpty ? product.id : product.displayName)
            return strings.firstIndex { ScreenText.collapse($0).contains(title) }.map { (product.id, $0) }
        }
        let stops = Set(titleRows.map(\.1) + linkRows.map(\.1))
        for (id, start) in titleRows {
            var end = start + 1
            while end < strings.count, end - start < Self.planLines, !stops.contains(end),
                  !strings[end].allSatisfy(\.isWhitespace) { end += 1 }
            canvas.mark(.plan(id), in: Self.rows(start, count: end - start, width: canvas.width))
        }
        self.init(variant: variant, state: state, catalog: catalog, screens: [canvas], focused: [:])
    }

    private static func rows(_ y: Int, count: Int, width: Int) -> Rect {
        Rect(x: 0, y: y, width: width, height: count)
    }
}
