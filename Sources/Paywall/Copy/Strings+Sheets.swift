import Chrome
/// The confirmation sheet, the link sheet, the help overlay and the footer.
extension Strings {
    public var confirmSubscriptionTitle: String { text(.confirmSubscriptionTitle) }
    public var confirmPurchaseTitle: String { text(.confirmPurchaseTitle) }
    public var productLabel: String { text(.productLabel) }
    public var priceLabel: String { text(.priceLabel) }
    public var periodLabel: String { text(.periodLabel) }
    public var offerLabel: String { text(.offerLabel) }
    public var renewalLabel: String { text(.renewalLabel) }
    public var takesEffectLabel: String { text(.takesEffectLabel) }
    public var accountLabel: String { text(.accountLabel) }
    public var sandboxAccount: String { text(.sandboxAccount) }
    public func renewsAt(_ pricePerPeriod: String) -> String {
        text(.renewsAt, pricePerPeriod)
    }
    public var oneTimeCharge: String { text(.oneTimeCharge) }
    public var effectNow: String { text(.effectNow) }
    public func effectAtRenewal(_ date: String) -> String { text(.effectAtRenewal, date) }
    public var effectAtRenewalNoDate: String { text(.effectAtRenewalNoDate) }
    /// Resubscribing before expiry (S6): no charge now, auto-renew back on.
    public func effectResume(_ date: String?) -> String {
        guard let date else { return text(.effectResume) }
        return text(.effectResume_autoRenewBackOn, date)
    }
    /// Keeping the current plan while a change to `name` is scheduled.
    public func effectKeep(cancelling name: String) -> String {
        text(.effectKeep, name)
    }
    public var changeUpgrade: String { text(.changeUpgrade) }
    public var changeDowngrade: String { text(.changeDowngrade) }
    public var changeCrossgrade: String { text(.changeCrossgrade) }
    public func changeFrom(_ name: String) -> String { text(.changeFrom, name) }
    public var copyButton: String { text(.copyButton) }
    public var linkSheetNote: String {
        text(.linkSheetNote)
    }
    public var copiedURL: String { text(.copiedURL) }

    // MARK: Help

    /// Every key the paywall understands, as (keys, what it does) rows.
    public var helpRows: [(String, String)] {
        [
            ("Up/k  Down/j", text(.helpRows)),
            ("Left/h  Right/l", text(.helpRows_previousNextItem)),
            ("Tab  Shift-Tab", text(.helpRows_nextPreviousItem)),
            ("Enter  Space", text(.helpRows_activateTheFocusedItem)),
            ("r", text(.helpRows_restorePurchases)),
            ("R", text(.helpRows_retryLoadingProducts)),
            ("o", redeemHelp),
            ("p", promoHelp),
            ("PgUp  PgDn", text(.helpRows_scrollAPage)),
            ("Home  End", text(.helpRows_firstLastItem)),
            ("c", text(.helpRows_copyTheUrlIn)),
            ("Esc", text(.helpRows_closeASheetOr)),
            ("a", text(.helpRows_auditThisScreenUp)),
            ("?", text(.helpRows_showOrHideThis)),
            ("q  Ctrl-C", text(.helpRows_quit)),
            (text(.helpRows_mouse), text(.helpRows_clickAPlanButton)),
        ]
    }

    // MARK: Footer

    public var footerKeys: String {
        text(.footerKeys)
    }
    public var footerSheetKeys: String {
        text(.footerSheetKeys)
    }
}
