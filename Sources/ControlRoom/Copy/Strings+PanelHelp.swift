import Chrome
/// The `?` help inside the control room: every key of the open panel, then the keys every
/// panel shares. The footer names only the keys that apply to the selected row; this lists
/// them all, so a key is never a secret.
extension Strings {
    public func panelHelpRows(_ panel: Panel) -> [(String, String)] {
        panelOwnRows(panel) + [
            ("Tab  1-5", text(.panelHelpRows)),
            ("Esc", text(.panelHelpRows_closeAViewThen)),
            ("?", text(.panelHelpRows_showOrHideThis)),
            ("q  Ctrl-C", text(.panelHelpRows_quit)),
        ]
    }

    func panelHelpTitle(_ panel: Panel) -> String { text(.panelHelpTitle, panelName(panel)) }

    private func panelOwnRows(_ panel: Panel) -> [(String, String)] {
        let move = ("j/k  g/G", text(.panelOwnRows))
        switch panel {
        case .transactions:
            return [
                move,
                ("PgUp  PgDn", text(.panelOwnRows_scrollAPage)),
                ("Enter", text(.panelOwnRows_everyFieldOfThe)),
                ("/", text(.panelOwnRows_filterByIdProduct)),
                ("s", text(.panelOwnRows_cycleTheStateFilter)),
                ("r", text(.panelOwnRows_refundChooseTheReason)),
                ("e  n", text(.panelOwnRows_expireNowRenewNow)),
                ("a", text(.panelOwnRows_turnAutoRenewOff)),
                ("p  d", text(.panelOwnRows_approveDeclineAskTo)),
                ("f", text(.panelOwnRows_resolveABillingIssue)),
                ("x", text(.panelOwnRows_deleteTheTransaction)),
                ("b", text(.panelOwnRows_buyOnAnotherDevice)),
                ("C", text(.panelOwnRows_clearEveryTransaction)),
            ]
        case .clock:
            return [
                ("p", text(.panelOwnRows_pauseResumeStoreTime)),
                ("h  d", text(.panelOwnRows_advanceHourDay)),
                ("b", text(.panelOwnRows_advanceOneSubscriptionPeriod)),
                ("n", text(.panelOwnRows_jumpToTheNext)),
                ("r", text(.panelOwnRows_chooseATimeRate)),
                move,
            ]
        case .faults:
            return [
                move,
                ("Enter  e", text(.panelOwnRows_editTheApiS)),
                ("h/l", text(.panelOwnRows_inTheEditorChange)),
                ("a", text(.panelOwnRows_inTheEditorApply)),
                ("x", text(.panelOwnRows_clearTheSelectedFault)),
                ("X", text(.panelOwnRows_clearEveryFault)),
            ]
        case .settings:
            return [
                move,
                ("Enter", text(.panelOwnRows_changeTheRowA)),
                ("h/l", text(.panelOwnRows_previousNextValue)),
            ]
        case .events:
            return [
                move,
                ("Enter", text(.panelOwnRows_detailsOfTheEvent)),
                ("f", text(.panelOwnRows_cycleTheFilter)),
                ("End  G", text(.panelOwnRows_followNewEvents)),
                ("w", text(.panelOwnRows_everyWarningWhereA)),
            ]
        }
    }
}
