import Chrome
import TerminalUI

/// Where a focusable item sits in the body: the rows to bring into view when it takes focus.
struct FocusAnchor: Hashable {
    /// The whole item.
    var rect: Rect
    /// The part that must be visible even when the whole doesn't fit: a plan's billed price
    /// through its buy control.
    var essential: Rect
}

/// A piece of the scrolling body, drawn at its own origin, with the anchors inside it.
struct BodyBlock {
    var canvas: Canvas
    var anchors: [FocusTarget: FocusAnchor] = [:]

    init(lines: [Line], width: Int, theme: Theme) {
        canvas = Canvas(width: width, height: lines.count)
        canvas.paint(lines, x: 0, y: 0, width: width, theme: theme)
        for (hit, hitRect) in canvas.targets {
            guard let target = hit.focusTarget else { continue }
            let rect = anchors[target].map { union($0.rect, hitRect) } ?? hitRect
            anchors[target] = FocusAnchor(rect: rect, essential: rect)
        }
    }

    init(canvas: Canvas, anchors: [FocusTarget: FocusAnchor]) {
        self.canvas = canvas
        self.anchors = anchors
    }
}

func union(_ a: Rect, _ b: Rect) -> Rect {
    let x = min(a.x, b.x), y = min(a.y, b.y)
    return Rect(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
}

/// Draws one plan, either as a row of a single-column list (narrow windows) or as a card
/// (wide windows). Both say the same things; only the arrangement differs.
enum PlanBlock {
    /// A plan's description is a reminder, not the terms: a card shows at most three lines of
    /// it and a row two, the last cut with "..." (the plans must fit a screen side by side with
    /// their prices and buttons, however long a catalog's description is).
    static let descriptionCardLines = 3
    static let descriptionRowLines = 2

    /// Narrow layout: name and billed price on the first row (with the buy button when it
    /// fits), then pricing details, description, badges, and the button if it didn't fit.
    static func row(_ plan: PlanText, width: Int, theme: Theme) -> BodyBlock {
        let marker = plan.focused ? Span("> ", .focusMarker) : Span("  ", .text)
        let price = plan.billedPrice
        let button = plan.button
        let inlineWidth = price.width + 2 + button.width
        // The button stays on the name's row only if the whole name still fits: the title is a
        // required disclosure, so a narrow window moves the button down rather than cut it.
        let inline = 2 + plan.name.width + 2 + inlineWidth <= width
        let right: [Span] = inline ? [price, Span("  ", .text), button] : [price]
        let rightWidth = right.reduce(0) { $0 + $1.width }
        let nameRoom = max(1, width - 2 - rightWidth - 1)
        var left = [marker, Span(TextWidth.truncate(plan.name.text, toWidth: nameRoom), .planName)]
        // "Best value" sits beside the name when it fits, else on the row under it: it is
        // moved, never dropped.
        var highlightBelow: Span?
        if let highlight = plan.highlight {
            if 2 + plan.name.width + 2 + highlight.width + 1 + rightWidth <= width {
                left += [Span("  ", .text), highlight]
            } else {
                highlightBelow = highlight
            }
        }
        var lines = [Line(left, right: right)]
        if let highlightBelow { lines.append(Line([Span(TextWidth.truncate(highlightBelow.text, toWidth: max(1, width - 2)), highlightBelow.role)], indent: 2)) }
        lines += Lines.flow(plan.pricingItems, width: width, indent: 2)
        let description = plan.description(lines: descriptionRowLines, width: width - 2)
        if !description.isEmpty {
            lines += Lines.paragraph(description, .muted, width: width, indent: 2, maxLines: descriptionRowLines)
        }
        for badge in plan.badges { lines += Lines.paragraph(badge.text, badge.role, width: width, indent: 2) }
        if !inline { lines.append(Line([button], indent: 2)) }

        var block = BodyBlock(lines: lines, width: width, theme: theme)
        var canvas = block.canvas
        let all = Rect(x: 0, y: 0, width: width, height: lines.count)
        // The plan region goes under the buy button's, which was added while painting; re-add
        // the buttons on top so a click on them buys rather than just focusing.
        let buttons = canvas.targets.filter(\.target.isBuyButton)
        canvas.addRegion(all, .focus(.plan(plan.product.id)))
        for button in buttons { canvas.addRegion(button.rect, button.target) }
        let buttonRow = buttons.map(\.rect.maxY).max() ?? 1
        block = BodyBlock(canvas: canvas, anchors: [
            .plan(plan.product.id): FocusAnchor(rect: all, essential: Rect(x: 0, y: 0, width: width, height: buttonRow)),
        ])
        return block
    }

    /// The lines inside a card of inner width `inner`, without the button.
    static func cardLines(_ plan: PlanText, inner: Int) -> [Line] {
        var lines: [Line] = []
        // A card too narrow for "Best value" in its border shows it as its first line.
        if let highlight = plan.highlight, !highlightFitsBorder(highlight, inner: inner) {
            lines += Lines.paragraph(highlight.text, highlight.role, width: inner)
        }
        lines += Lines.paragraph(plan.name.text, .planName, width: inner, maxLines: 2)
        lines.append(Line([plan.billedPrice]))
        lines += Lines.flow(plan.pricingItems, width: inner)
        let description = plan.description(lines: descriptionCardLines, width: inner)
        if !description.isEmpty {
            lines += Lines.paragraph(description, .muted, width: inner, maxLines: descriptionCardLines)
        }
        for badge in plan.badges { lines += Lines.paragraph(badge.text, badge.role, width: inner) }
        return lines
    }

    /// Wide layout: a bordered card `width` × `height`, the button on its last inner row and
    /// "Best value" set into the top border.
    static func card(_ plan: PlanText, width: Int, height: Int, theme: Theme) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        let inner = width - 4
        let borderRole: ThemeRole = plan.focused ? .cardFocused : .card
        canvas.addRegion(canvas.bounds, .focus(.plan(plan.product.id)))
        canvas.box(canvas.bounds, style: theme[borderRole], border: theme.border)
        if let highlight = plan.highlight, highlightFitsBorder(highlight, inner: inner) {
            canvas.paint(Line([Span(" ", borderRole), highlight, Span(" ", borderRole)]), x: 2, y: 0, width: width - 4, theme: theme)
        }
        canvas.paint(cardLines(plan, inner: inner), x: 2, y: 1, width: inner, theme: theme)
        canvas.paint(Line([plan.button]), x: 2, y: height - 2, width: inner, theme: theme)
        return canvas
    }

    /// Whether "Best value", with a space each side, fits the top border of a card whose inner
    /// width is `inner` (the border's corners and a cell of border each side stay visible).
    static func highlightFitsBorder(_ highlight: Span, inner: Int) -> Bool {
        highlight.width + 2 <= inner
    }

    /// Rows a card needs: border, content, a spacer, the button.
    static func cardHeight(_ plan: PlanText, width: Int) -> Int {
        cardLines(plan, inner: width - 4).count + 4
    }
}
