import Chrome
import Foundation
import MockStore
import TerminalUI

/// The paywall's sheets: the purchase confirmation, a link's URL, the key help, alerts, the
/// offer code and promotional offer sheets.
extension OverlayView {
    /// Rows of help that fit on screen now, and how far the help can scroll.
    static func helpScrollRange(_ state: PaywallState) -> (room: Int, maxScroll: Int) {
        scrollRange(help(state), screen: state.size)
    }

    package static func draw(_ overlay: Overlay, state: PaywallState, on screen: inout Canvas) {
        draw(sheet(overlay, state: state), theme: state.theme, strings: state.strings, on: &screen)
    }

    static func sheet(_ overlay: Overlay, state: PaywallState) -> Sheet {
        switch overlay {
        case .confirm(let productID, let focus): return confirm(productID, focus: focus, state: state)
        case .link(let kind): return link(kind, state: state)
        case .help(let scroll):
            var sheet = help(state)
            sheet.scroll = scroll
            return sheet
        case .alert(let message): return alert(message, state: state)
        case .redeemCode(let code): return redeemCode(code, state: state)
        case .promoConfirm(let productID, let offerID, let focus): return promoConfirm(productID, offerID: offerID, focus: focus, state: state)
        }
    }

    // MARK: Confirmation

    static func confirm(_ productID: String, focus: SheetButton, state: PaywallState) -> Sheet {
        let s = state.strings
        let product = state.product(id: productID)
        let isSubscription = product?.subscription != nil
        var rows: [(String, Span)] = [(s.productLabel, Span(state.displayName(productID), .planName))]
        if let product {
            let facts = state.facts(for: product)
            let commitment = state.chosenCommitment(productID)
            // The amount charged now: the month's, when the customer pays monthly (D4).
            rows.append((s.priceLabel, Span(commitment?.monthly(for: product) ?? product.displayPrice, .price)))
            if let info = product.subscription {
                let period = info.subscriptionPeriod
                rows.append((s.periodLabel, Span(s.period(period), .text)))
                if let offer = facts.eligibleIntroOffer {
                    rows.append((s.offerLabel, Span(s.offerTerms(offer, regularPrice: product.displayPrice, period: period), .offer)))
                }
                if let commitment {
                    rows += commitmentRows(commitment, product: product, strings: s)
                } else {
                    rows.append((s.renewalLabel, Span(s.renewsAt(s.pricePerPeriod(product.displayPrice, period)), .text)))
                }
                if facts.action == .purchase(.resubscribe), case .willExpire(let on)? = facts.badges.first {
                    // Nothing is charged now: auto-renew comes back on, and the next charge is
                    // the renewal at the end of the paid period (S6).
                    rows.append((s.takesEffectLabel, Span(s.effectResume(on.map { state.dates.dateTime($0) }), .text)))
                } else if facts.action == .purchase(.keepPlan), case .changesAtRenewal(let to, _)? = facts.badges.first {
                    rows.append((s.takesEffectLabel, Span(s.effectKeep(cancelling: state.displayName(to)), .text)))
                } else {
                    rows.append((s.takesEffectLabel, Span(effectText(facts.change, state: state), facts.change == nil ? .text : .warning)))
                }
            } else {
                rows.append((s.renewalLabel, Span(s.oneTimeCharge, .text)))
            }
        }
        rows.append((s.accountLabel, Span(s.sandboxAccount, .muted)))
        return Sheet(
            title: Span(isSubscription ? s.confirmSubscriptionTitle : s.confirmPurchaseTitle, .sheetTitle),
            content: { table(rows, width: $0) },
            buttons: [
                Span("[ \(s.confirmButton) ]", focus == .confirm ? .buttonFocused : .button, region: .sheetButton(.confirm)),
                Span("[ \(s.cancelButton) ]", focus == .cancel ? .buttonFocused : .button, region: .sheetButton(.cancel)),
            ])
    }

    /// The commitment the customer agrees to by paying monthly: the payments, their total, and
    /// that the commitment renews unless turned off (D22).
    static func commitmentRows(_ commitment: CommitmentTerms, product: Product, strings s: Strings) -> [(String, Span)] {
        [
            (s.billingLabel, Span(s.commitmentBilling(monthly: commitment.monthly(for: product), payments: commitment.payments), .text)),
            (s.totalLabel, Span(s.commitmentTotal(commitment.total(for: product), payments: commitment.payments), .text)),
            (s.renewalLabel, Span(s.commitmentRenewal(payments: commitment.payments), .text)),
        ]
    }

    /// "Now", or "Downgrade from Premium Yearly, at next renewal, Jan 5, 2027 10:00" (B6).
    static func effectText(_ change: PlanChange?, state: PaywallState) -> String {
        let s = state.strings
        guard let change else { return s.effectNow }
        let kind = switch change.kind {
        case .upgrade: s.changeUpgrade
        case .downgrade: s.changeDowngrade
        case .crossgrade: s.changeCrossgrade
        case .keep: s.keepPlan
        }
        let when = switch change.effective {
        case .now: s.effectNow
        case .atRenewal(let date?): s.effectAtRenewal(state.dates.dateTime(date))
        case .atRenewal(nil): s.effectAtRenewalNoDate
        }
        let separator = s.clauseSeparator
        return [kind + " " + s.changeFrom(state.displayName(change.fromProductID)), when].joined(separator: separator)
    }

    // MARK: Links

    static func link(_ kind: LinkKind, state: PaywallState) -> Sheet {
        let s = state.strings
        let title = kind == .privacyPolicy ? s.privacyPolicy : s.termsOfUse
        let url: String? = kind == .privacyPolicy ? state.links.privacyPolicyURL : state.links.termsURL
        var buttons: [Span] = []
        if url != nil { buttons.append(Span("[ \(s.copyButton) ]", .button, region: .copyLink)) }
        buttons.append(Span("[ \(s.closeButton) ]", .buttonFocused, region: .closeSheet))
        return Sheet(title: Span(title, .sheetTitle), content: { width in
            if let url {
                // Full URL, cut by character if it must wrap: a reviewer must see all of it.
                return Lines.paragraph(s.linkSheetNote, .muted, width: width)
                    + TextWidth.wrap(SafeText(url), width: width).map { Line([Span($0, .link)]) }
            }
            if kind == .termsOfUse, case .customText(let text) = state.links.terms {
                // The sheet does not scroll and is never taller than the screen: a custom EULA
                // of megabytes is laid out only as far as the sheet can show (the title then
                // says there is more below).
                let rows = max(1, state.size.height)
                return Lines.paragraph(Excerpt(text, lines: rows, width: width).text, .text, width: width, maxLines: rows)
            }
            return Lines.paragraph(s.privacyMissing, .error, width: width)
        }, buttons: buttons, preferredWidth: 72)  // Apple's EULA URL (66 columns) on one line
    }

    // MARK: Help

    /// The paywall's keys, and the keys that open the control room's panels.
    static func help(_ state: PaywallState) -> Sheet {
        let s = state.strings
        var rows = s.helpRows
        // `b` only where a plan has a second way to pay: every other paywall's help is as before.
        if !state.commitments.isEmpty, let promo = rows.firstIndex(where: { $0.0 == "p" }) {
            rows.insert(("b", s.billingHelp), at: promo + 1)
        }
        return help(title: s.helpTitle, rows: rows + s.helpControlRoomRows, strings: s)
    }

    // MARK: Alerts

    static func alert(_ message: ResultMessage, state: PaywallState) -> Sheet {
        let text = MessageText(message, state: state)
        let role = ThemeRole(message.tone)
        return Sheet(title: Span(text.title, role), content: { width in
            var lines = Lines.paragraph(text.body, .text, width: width)
            if let detail = text.detail { lines += Lines.paragraph("(\(detail))", .muted, width: width) }
            return lines
        }, buttons: [Span("[ \(state.strings.okButton) ]", .buttonFocused, region: .closeSheet)], preferredWidth: 56)
    }
}
