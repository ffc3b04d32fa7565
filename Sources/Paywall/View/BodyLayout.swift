import Chrome
import Foundation
import MockStore
import TerminalUI

/// The scrolling part of the paywall, laid out for a width: header and benefits, the plans,
/// Restore and the legal links, and the auto-renewal disclosure.
///
/// `view` draws it through a viewport; `update` asks it where the focused item is, so scrolling
/// keeps focus visible. Both call the same pure function, so they always agree; the runtime
/// lets `view` reuse what `update` laid out through a `BodyMemo`.
struct BodyLayout {
    /// The whole body, as tall as its content.
    var canvas: Canvas
    /// Where each focusable item is, in body rows.
    var anchors: [FocusTarget: FocusAnchor]

    /// Plans sit side by side as cards from this width up; below it they stack as rows.
    static let cardsMinWidth = 90
    static let minCardWidth = 28

    /// Lays the body out for `width`. When it is taller than `fitHeight`, the blank separator
    /// rows go first, so an 80×24 window shows every plan, control and disclosure at once.
    init(state: PaywallState, width: Int, fitHeight: Int = .max) {
        let width = max(1, width)
        let blocks = Self.blocks(state, width: width, separators: true)
        let height = blocks.reduce(0) { $0 + $1.canvas.height }
        self.init(blocks: height > fitHeight ? Self.blocks(state, width: width, separators: false) : blocks, width: width)
    }

    static func blocks(_ state: PaywallState, width: Int, separators: Bool) -> [BodyBlock] {
        var blocks: [BodyBlock] = []
        let theme = state.theme
        func lines(_ l: [Line]) { if !l.isEmpty { blocks.append(BodyBlock(lines: l, width: width, theme: theme)) } }
        lines(Self.header(state, width: width))
        if separators { lines([.blank]) }
        blocks += Self.plans(state, width: width)
        if separators { lines([.blank]) }
        lines(Self.controls(state, width: width))
        lines(Self.disclosure(state, width: width))
        return blocks
    }

    /// Nothing to show (the window is too small to draw a paywall in).
    init(empty width: Int) {
        self.init(blocks: [], width: max(1, width))
    }

    private init(blocks: [BodyBlock], width: Int) {

        let height = blocks.reduce(0) { $0 + $1.canvas.height }
        var canvas = Canvas(width: width, height: height)
        var anchors: [FocusTarget: FocusAnchor] = [:]
        var y = 0
        for block in blocks {
            canvas.draw(block.canvas, at: Point(x: 0, y: y))
            for (target, anchor) in block.anchors {
                anchors[target] = FocusAnchor(rect: anchor.rect.offsetBy(dx: 0, dy: y),
                                              essential: anchor.essential.offsetBy(dx: 0, dy: y))
            }
            y += block.canvas.height
        }
        self.canvas = canvas
        self.anchors = anchors
    }

    // MARK: Header

    static func header(_ state: PaywallState, width: Int) -> [Line] {
        let s = state.strings
        let copy = state.copy
        var lines = Lines.paragraph(copy?.title ?? s.defaultTitle, .title, width: width)
        lines += Lines.paragraph(subtitle(state), .subtitle, width: width)
        let bullet = SafeText(state.theme.bullet + " ")
        let benefits = benefits(state, width: width).map { [Span(bullet, .bullet), Span($0, .text)] }
        lines += Lines.flow(benefits, width: width, gap: 3, maxItemLines: benefitLines)
        return lines
    }

    /// A benefit is a bullet point: at most three lines each, the last cut with "...", so a long
    /// product description used as one (D13) cannot push the plans off the screen.
    static let benefitLines = 3

    /// While a free trial is on offer to this customer: the manifest's `trialSubtitle`, else one
    /// built from the configured trial's length (D15): the focused plan's own trial, or when it
    /// has none the first plan's that has one, so a headline never names another plan's length
    /// next to the plan the customer is looking at. Otherwise the manifest's `subtitle` or a
    /// plain line: a trial is never advertised to someone who can't get it.
    static func subtitle(_ state: PaywallState) -> String {
        func freeTrial(_ product: Product) -> Product.SubscriptionOffer? {
            state.facts(for: product).eligibleIntroOffer.flatMap { $0.paymentMode == .freeTrial ? $0 : nil }
        }
        let focused: Product? = if case .plan(let id)? = state.focus { state.product(id: id) } else { nil }
        let trial = focused.flatMap(freeTrial) ?? state.products.lazy.compactMap(freeTrial).first
        if let trial {
            return state.copy?.trialSubtitle ?? state.strings.trialSubtitle(state.strings.trialLength(trial))
        }
        return state.copy?.subtitle ?? state.strings.defaultSubtitle
    }

    /// The manifest's feature bullets, else the products' own descriptions (D13), as much of
    /// each as a bullet shows. Descriptions that would read the same are shown once.
    static func benefits(_ state: PaywallState, width: Int) -> [SafeText] {
        func excerpt(_ text: String) -> SafeText { Excerpt(text, lines: benefitLines, width: width).text }
        if let features = state.copy?.features, !features.isEmpty { return features.map(excerpt) }
        var shown: [SafeText] = []
        for product in state.products where !product.description.isEmpty && shown.count < 3 {
            let text = excerpt(product.description)
            if !shown.contains(text) { shown.append(text) }
        }
        return shown
    }

    // MARK: Plans

    static func plans(_ state: PaywallState, width: Int) -> [BodyBlock] {
        let s = state.strings
        let theme = state.theme
        // Plans wait for the account as well as the products: a "Subscribe" button shown to a
        // subscriber for even one frame is wrong, and a recording's first frame must not
        // depend on which of the two reads finished first.
        let waiting = state.products.isEmpty || state.snapshot == nil
        switch state.productLoad {
        case .loading where waiting, .loaded where state.snapshot == nil:
            return [BodyBlock(lines: Lines.paragraph(s.loadingProducts, .muted, width: width), width: width, theme: theme)]
        case .failed(let error):
            let injected = InjectedError.storeKit(error)
            var lines = Lines.paragraph(s.loadFailedTitle, .error, width: width)
            lines += Lines.paragraph(s.errorMessage(injected), .text, width: width)
            lines += Lines.paragraph("(\(injected))", .muted, width: width)
            lines += Lines.paragraph(s.pressRToRetry, .text, width: width)
            lines.append(Line([Span("[ \(s.retry) ]", state.focus == .retry ? .buttonFocused : .button, region: .focus(.retry))]))
            return [BodyBlock(lines: lines, width: width, theme: theme)]
        default:
            break
        }
        if state.products.isEmpty {
            return [BodyBlock(lines: Lines.paragraph(s.noProducts, .muted, width: width), width: width, theme: theme)]
        }
        var blocks: [BodyBlock] = []
        if state.snapshot?.switches.paymentsDisabled == true {
            // Said once, above the plans, instead of leaving buttons that do nothing (S7, B11).
            blocks.append(BodyBlock(lines: Lines.paragraph(s.paymentsDisabledReason, .warning, width: width), width: width, theme: theme))
        }
        if let note = keptPriceNote(state) {
            // Once, above the plans: every price below is the catalog's number in another currency.
            blocks.append(BodyBlock(lines: Lines.paragraph(note, .muted, width: width), width: width, theme: theme))
        }
        let plans = state.products.map {
            PlanText(state: state, product: $0, facts: state.facts(for: $0), focused: state.focus == .plan($0.id))
        }
        guard width >= cardsMinWidth else {
            return blocks + plans.map { PlanBlock.row($0, width: width, theme: theme) }
        }
        return blocks + cardRows(plans, width: width, theme: theme)
    }

    /// "Prices are the catalog's USD amounts shown in JPY …" when the account's storefront has
    /// another currency than the catalog's: Xcode does the same (one price per product), and
    /// ¥40 for $39.99 would otherwise look like a bug or a real price.
    static func keptPriceNote(_ state: PaywallState) -> String? {
        guard let catalogCurrency = state.catalogCurrency, let storefront = state.snapshot?.storefront else { return nil }
        let currency = Storefront.currencyCode(forAlpha3: storefront)
        guard currency != catalogCurrency else { return nil }
        return state.strings.keptPriceNote(catalog: catalogCurrency, shown: currency)
    }

    /// Cards side by side, as many per row as fit, rows separated by a blank line.
    static func cardRows(_ plans: [PlanText], width: Int, theme: Theme) -> [BodyBlock] {
        let gap = 1
        let columns = max(1, min(plans.count, (width + gap) / (minCardWidth + gap)))
        let cardWidth = (width - gap * (columns - 1)) / columns
        var blocks: [BodyBlock] = []
        for start in stride(from: 0, to: plans.count, by: columns) {
            let row = Array(plans[start..<min(plans.count, start + columns)])
            let height = row.map { PlanBlock.cardHeight($0, width: cardWidth) }.max() ?? 0
            var canvas = Canvas(width: width, height: height)
            var anchors: [FocusTarget: FocusAnchor] = [:]
            for (i, plan) in row.enumerated() {
                let x = i * (cardWidth + gap)
                canvas.draw(PlanBlock.card(plan, width: cardWidth, height: height, theme: theme), at: Point(x: x, y: 0))
                let rect = Rect(x: x, y: 0, width: cardWidth, height: height)
                anchors[.plan(plan.product.id)] = FocusAnchor(rect: rect, essential: rect)
            }
            if start > 0 { blocks.append(BodyBlock(lines: [.blank], width: width, theme: theme)) }
            blocks.append(BodyBlock(canvas: canvas, anchors: anchors))
        }
        return blocks
    }

    // MARK: Restore and links

    static func controls(_ state: PaywallState, width: Int) -> [Line] {
        let s = state.strings
        let restore = Span("[ \(s.restorePurchases) ]", state.focus == .restore ? .buttonFocused : .button,
                           region: .focus(.restore))
        func link(_ target: FocusTarget, _ label: String, _ value: String?) -> [Span] {
            let role: ThemeRole = state.focus == target ? .linkFocused : .link
            guard let value else {
                return [Span("\(label): ", role, region: .focus(target)),
                        Span(s.notConfigured, .error, region: .focus(target))]
            }
            return [Span("\(label): ", role, region: .focus(target)), Span(value, role, region: .focus(target))]
        }
        let terms = state.links.termsURL ?? s.customEULALink
        return Lines.flow([
            [restore],
            link(.privacyPolicy, s.privacyPolicyLink, state.links.privacyPolicyURL),
            link(.termsOfUse, s.termsOfUseLink, terms),
        ], width: width)
    }

    // MARK: Disclosure

    /// D10 always; D8, D9 and D11 when a subscription is offered (or the manifest's wording
    /// with `{prices}` filled in); D12 when an eligible free trial is on screen; D22 for each
    /// plan that can be paid monthly over a commitment.
    static func disclosureText(_ state: PaywallState) -> String {
        let s = state.strings
        let subscriptions = state.products.filter { $0.subscription != nil }
        var sentences = [s.chargedAtConfirmation]
        if !subscriptions.isEmpty {
            // Prices only: each plan row already names its own price (D9 asks for the cost).
            let prices = s.priceList(subscriptions.map { product in
                s.pricePerPeriod(product.displayPrice, product.subscription!.subscriptionPeriod)
            })
            if let custom = state.copy?.autoRenewText {
                sentences.append(custom.replacingOccurrences(of: "{prices}", with: prices))
            } else {
                sentences += [s.renewsUnlessTurnedOff, s.renewalCharge(prices), s.manageInSettings]
            }
            let trial = subscriptions.contains { state.facts(for: $0).eligibleIntroOffer?.paymentMode == .freeTrial }
            if trial { sentences.append(s.trialForfeited) }
            // D22: each plan that can be paid monthly states its commitment, whatever the
            // manifest's own renewal wording says.
            for product in subscriptions {
                guard let commitment = state.commitments[product.id] else { continue }
                sentences.append(s.commitmentDisclosure(name: state.displayName(product.id), monthly: commitment.monthly(for: product),
                                                        payments: commitment.payments, total: commitment.total(for: product)))
            }
        }
        return sentences.joined(separator: state.strings.sentenceSeparator)
    }

    static func disclosure(_ state: PaywallState, width: Int) -> [Line] {
        guard case .loaded = state.productLoad, !state.products.isEmpty else { return [] }
        return Lines.paragraph(disclosureText(state), .disclosure, width: width)
    }
}
