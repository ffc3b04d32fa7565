import Chrome
import MockStore
import Paywall
import TerminalUI

/// D4: the billed amount is the most prominent price of its plan. Read from the cells: the
/// style of each price a plan's card or row draws (per-unit, per-month, trial and intro terms),
/// ranked by `Theme.prominence` (reverse or background > bold > underline and colour; dim
/// lowers it). On a tie the price read first wins, so the billed price must come first in
/// reading order (top to bottom, left to right) to beat an equally loud one.
public struct BilledPriceMostProminent: ScreenRule {
    public let rule = "D4"
    public init() {}

    public func check(_ paywall: RenderedPaywall) -> [AuditFinding] {
        paywall.products.compactMap { product in
            let prices = DrawnPrice.all(of: product, on: paywall)
            // The billed price stands on its own ("$4.99", not "$4.99/month"); without one D3 speaks.
            guard let billed = prices.first(where: { $0.standalone && $0.amount == product.displayPrice }) else { return nil }
            let others = prices.filter { !($0.bodyRow == billed.bodyRow && $0.column == billed.column) }
            let matched = [billed.evidence] + others.map(\.evidence)
            let louder = others.filter { other in
                other.prominence > billed.prominence || (other.prominence == billed.prominence && other.isBefore(billed))
            }
            guard let loudest = louder.max(by: { $0.prominence < $1.prominence }) else {
                let rest = others.isEmpty ? "the plan's only price"
                    : "louder than " + others.map { "\"\($0.word)\" (\($0.prominence))" }.joined(separator: ", ")
                return paywall.finding(rule, .pass, "\(product.id)'s billed price \"\(billed.word)\" (prominence \(billed.prominence)) is \(rest)",
                                       matched: matched)
            }
            let how = loudest.prominence > billed.prominence ? "louder than" : "as loud as, and read before,"
            return paywall.finding(rule, .fail,
                                   "\(product.id)'s \"\(loudest.word)\" [\(loudest.style)] is \(how) its billed price \"\(billed.word)\" [\(billed.style)]",
                                   matched: matched,
                                   missing: ["the billed price \"\(billed.word)\" as the most prominent price of \(product.id)"],
                                   fix: fix(loudest.style, theme: paywall.state.theme))
        }
    }

    /// Names the theme role that drew the loud price, found by its style.
    func fix(_ style: Style, theme: Theme) -> String {
        let candidates: [ThemeRole] = [.perUnit, .offer] + ThemeRole.allCases.filter { ![.perUnit, .offer, .price].contains($0) }
        guard let role = candidates.first(where: { theme[$0] == style }) else {
            return "make the billed price the plan's most prominent price (theme role `price`)"
        }
        return "tone down the theme's `\(role.rawValue)` role (\(style)) below `price` (\(theme[.price]))"
    }
}
