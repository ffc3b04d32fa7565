import Chrome
import Foundation
import MockStore
import Paywall
import TerminalUI

/// A price as drawn in a plan's card or row, read from the cells: the amount, the word it stands
/// in ("$4.99/month"), where it starts, and the style of its first cell.
struct DrawnPrice: Sendable {
    /// The amount alone, e.g. "$4.99".
    var amount: String
    /// The run of text between blanks that holds it, e.g. "$4.99/month".
    var word: String
    var scroll: Int
    var row: Int
    var column: Int
    var style: Style
    /// Nothing but blanks or a border either side: a price on its own, as a billed amount is.
    var standalone: Bool

    /// The row of the whole body it sits in (a screen scrolled by `scroll` starts that far down).
    var bodyRow: Int { scroll + row }

    var prominence: Int { Theme.prominence(style) }

    /// Reading order: top to bottom, then left to right.
    func isBefore(_ other: DrawnPrice) -> Bool { (bodyRow, column) < (other.bodyRow, other.column) }

    /// "$4.99/month" [dim, prominence -3]
    var evidence: AuditMatch {
        AuditMatch(text: "\"\(word)\" [\(style.description), prominence \(prominence)]", scroll: scroll, row: row, column: column)
    }

    /// Every price `product`'s card or row shows on the paywall's screens, in reading order, once
    /// each (a card seen on two screens counts once).
    static func all(of product: Product, on paywall: RenderedPaywall) -> [DrawnPrice] {
        guard let pattern = pattern(for: product.displayPrice) else { return [] }
        var seen: Set<[Int]> = []
        var prices: [DrawnPrice] = []
        for view in paywall.planViews(product.id) {
            for y in max(0, view.rect.y)..<min(view.canvas.height, view.rect.maxY) {
                for price in scan(view.canvas, row: y, in: view.rect, scroll: view.scroll, pattern: pattern)
                where seen.insert([price.bodyRow, price.column]).inserted {
                    prices.append(price)
                }
            }
        }
        return prices.sorted { $0.isBefore($1) }
    }

    /// A pattern for any amount in the currency `displayPrice` is written in: its text before the
    /// first digit and after the last, around any number. Nil when the price has no currency
    /// mark (a bare number would match "3 days").
    static func pattern(for displayPrice: String) -> NSRegularExpression? {
        guard let first = displayPrice.firstIndex(where: \.isNumber), let last = displayPrice.lastIndex(where: \.isNumber) else { return nil }
        let prefix = String(displayPrice[..<first]), suffix = String(displayPrice[displayPrice.index(after: last)...])
        guard !(prefix + suffix).trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        let number = #"\d(?:[\d.,'\x{00A0}\x{202F}]*\d)?"#
        return try? NSRegularExpression(pattern: NSRegularExpression.escapedPattern(for: prefix) + number
                                                 + NSRegularExpression.escapedPattern(for: suffix))
    }

    static let blanks: Set<Character> = [" ", "|", "│", "┃", "║"]

    /// The prices on row `y` of `canvas` inside `rect`.
    static func scan(_ canvas: Canvas, row y: Int, in rect: Rect, scroll: Int, pattern: NSRegularExpression) -> [DrawnPrice] {
        var cells: [(x: Int, character: Character, style: Style)] = []
        for x in max(0, rect.x)..<min(canvas.width, rect.maxX) {
            guard let cell = canvas.cell(at: Point(x: x, y: y)), !cell.isContinuation else { continue }
            cells.append((x, cell.character, cell.style))
        }
        let text = String(cells.map(\.character))
        let characters = Array(text)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            guard let range = Range(match.range, in: text) else { return nil }
            let start = text.distance(from: text.startIndex, to: range.lowerBound)
            let end = text.distance(from: text.startIndex, to: range.upperBound)
            var wordStart = start, wordEnd = end
            while wordStart > 0, !blanks.contains(characters[wordStart - 1]) { wordStart -= 1 }
            while wordEnd < characters.count, !blanks.contains(characters[wordEnd]) { wordEnd += 1 }
            return DrawnPrice(amount: String(text[range]), word: String(characters[wordStart..<wordEnd]),
                              scroll: scroll, row: y, column: cells[start].x, style: cells[start].style,
                              standalone: wordStart == start && wordEnd == end)
        }
    }
}
