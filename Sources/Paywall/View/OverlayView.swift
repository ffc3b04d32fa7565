import Foundation
import MockStore
import TerminalUI

/// Sheets drawn over the paywall: the purchase confirmation, a link's URL, the key help, and
/// alerts. Each is a bordered box centred on the screen whose buttons are always visible:
/// when the screen is short, content is cut, never the buttons.
package enum OverlayView {
    /// One sheet's parts; `content` is laid out for the sheet's inner width.
    package struct Sheet {
        var title: Span
        var content: (Int) -> [Line]
        var buttons: [Span]
        var preferredWidth = 64
        /// Content lines scrolled off the top (the help sheet scrolls; the others fit).
        package var scroll = 0

        package init(title: Span, content: @escaping (Int) -> [Line], buttons: [Span], preferredWidth: Int = 64) {
            self.title = title
            self.content = content
            self.buttons = buttons
            self.preferredWidth = preferredWidth
        }
    }

    /// A sheet laid out for a screen: its width, the content lines that fit, and how many do.
    struct SheetLayout {
        var width: Int
        var inner: Int
        var content: [Line]
        var buttons: [Line]
        var chrome: Int
        /// Content lines in all, and the first one on screen.
        var allContent: Int
        var start: Int
    }

    static func layout(_ sheet: Sheet, screen: Size) -> SheetLayout {
        let width = min(screen.width, max(min(screen.width, 24), min(sheet.preferredWidth, screen.width - 2)))
        let inner = max(1, width - 4)
        let all = sheet.content(inner)
        let buttons = Lines.flow(sheet.buttons.map { [$0] }, width: inner)
        // border + title + blank + content + blank + buttons + border
        var chrome = 5 + buttons.count
        if chrome + all.count > screen.height { chrome -= 1 }  // drop the blank before the buttons
        let room = max(0, screen.height - chrome)
        let start = max(0, min(sheet.scroll, all.count - room))
        let content = Array(all.dropFirst(start).prefix(room))
        return SheetLayout(width: width, inner: inner, content: content, buttons: buttons, chrome: chrome,
                           allContent: all.count, start: start)
    }

    /// Rows of help that fit on screen now, and how far the help can scroll.
    static func helpScrollRange(_ state: PaywallState) -> (room: Int, maxScroll: Int) {
        scrollRange(help(state), screen: state.size)
    }

    /// Rows of `sheet`'s content that fit on `screen`, and how far it can scroll.
    package static func scrollRange(_ sheet: Sheet, screen: Size) -> (room: Int, maxScroll: Int) {
        let laid = layout(sheet, screen: screen)
        return (laid.content.count, max(0, laid.allContent - laid.content.count))
    }

    package static func draw(_ overlay: Overlay, state: PaywallState, on screen: inout Canvas) {
        draw(sheet(overlay, state: state), theme: state.theme, strings: state.strings, on: &screen)
    }

    /// Draws `sheet` centred on `screen`; its box is a modal region (`HitTarget.sheet`).
    package static func draw(_ sheet: Sheet, theme: Theme, strings s: Strings, on screen: inout Canvas) {
        let laid = layout(sheet, screen: screen.size)
        let (width, inner, content, buttons, chrome) = (laid.width, laid.inner, laid.content, laid.buttons, laid.chrome)
        let height = min(screen.height, chrome + content.count)
        let origin = Point(x: (screen.width - width) / 2, y: max(0, (screen.height - height) / 2))
        let rect = Rect(origin: origin, size: Size(width: width, height: height))

        screen.fill(rect, style: theme[.sheet])
        screen.addRegion(rect, .sheet)
        screen.box(rect, style: theme[.sheetBorder], border: theme.border)
        let x = origin.x + 2
        var title = Line([sheet.title])
        // Rows above or below the window: say so where the title is, as the paywall's footer does.
        let above = laid.start > 0, below = laid.start + content.count < laid.allContent
        if above || below {
            title.right = [Span([below ? s.moreBelow : nil, above ? s.moreAbove : nil].compactMap { $0 }.joined(separator: " "), .muted)]
        }
        screen.paint(title, x: x, y: origin.y + 1, width: inner, theme: theme)
        screen.paint(content, x: x, y: origin.y + 3, width: inner, theme: theme)
        screen.paint(buttons, x: x, y: rect.maxY - 1 - buttons.count, width: inner, theme: theme)
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
            rows.append((s.priceLabel, Span(product.displayPrice, .price)))
            if let info = product.subscription {
                let period = info.subscriptionPeriod
                rows.append((s.periodLabel, Span(s.period(period), .text)))
                if let offer = facts.eligibleIntroOffer {
                    rows.append((s.offerLabel, Span(s.offerTerms(offer, regularPrice: product.displayPrice, period: period), .offer)))
                }
                rows.append((s.renewalLabel, Span(s.renewsAt(s.pricePerPeriod(product.displayPrice, period)), .text)))
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

    /// Label/value rows; values wrap in their column, or under the label when the sheet is narrow.
    package static func table(_ rows: [(String, Span)], width: Int) -> [Line] {
        let labelWidth = rows.map { TextWidth.of($0.0) }.max() ?? 0
        let column = labelWidth + 2
        var lines: [Line] = []
        for (label, value) in rows {
            if width - column >= 14 {
                let wrapped = TextWidth.wrap(value.text, width: width - column)
                for (i, piece) in wrapped.enumerated() {
                    let head = i == 0 ? Span(TextWidth.pad(SafeText(label), toWidth: column), .muted) : Span(TextWidth.pad(.empty, toWidth: column), .text)
                    lines.append(Line([head, Span(piece, value.role)]))
                }
            } else {
                lines.append(Line([Span(label, .muted)]))
                lines += Lines.paragraph(value.text, value.role, width: width, indent: 2)
            }
        }
        return lines
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
        return help(title: s.helpTitle, rows: s.helpRows + s.helpControlRoomRows, strings: s)
    }

    package static func help(title: String, rows: [(String, String)], strings s: Strings) -> Sheet {
        let rows = rows.map { ($0.0, Span($0.1, .text)) }
        return Sheet(title: Span(title, .sheetTitle), content: { width in
            table(rows, width: width).map { line in
                var line = line
                if let first = line.left.first, first.role == .muted { line.left[0].role = .heading }
                return line
            }
        }, buttons: [Span("[ \(s.closeButton) ]", .buttonFocused, region: .closeSheet)], preferredWidth: 72)
    }

    /// "Yes" and "No", the focused one highlighted.
    package static func yesNoButtons(focus: SheetButton, strings s: Strings) -> [Span] {
        [Span("[ \(s.yesButton) ]", focus == .confirm ? .buttonFocused : .button, region: .sheetButton(.confirm)),
         Span("[ \(s.noButton) ]", focus == .cancel ? .buttonFocused : .button, region: .sheetButton(.cancel))]
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

/// The keys of a help sheet: Esc, Enter, Space and `?` close it, the rest scroll it.
package enum HelpScroll {
    /// nil: close; 0: not a help key; else the lines to scroll by (`page` for a page).
    package static func step(_ key: Key, page: Int) -> Int? {
        switch key {
        case .escape, .enter, .character(" "), .character("?"): nil
        case .down, .character("j"): 1
        case .up, .character("k"): -1
        case .pageDown: page
        case .pageUp: -page
        case .end, .character("G"): Int.max / 2
        case .home, .character("g"): -(Int.max / 2)
        default: 0
        }
    }
}
