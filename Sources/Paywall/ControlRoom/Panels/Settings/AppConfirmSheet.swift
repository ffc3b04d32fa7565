extension OverlayView {
    /// "Restart the app?" before a relaunch, a reinstall or a start on another device.
    static func appConfirm(_ launch: AppLaunch, focus: SheetButton, state: PaywallState) -> Sheet {
        let s = state.strings
        let question = launch.reinstall ? s.reinstallQuestion(launch.device)
            : launch.away.map { s.relaunchLaterQuestion(launch.device, away: s.awayLength($0)) }
            ?? (launch.device == state.deviceName ? s.relaunchQuestion(launch.device) : s.relaunchAsQuestion(launch.device))
        return Sheet(title: Span(s.appConfirmTitle, .sheetTitle), content: { width in
            Lines.paragraph(question, .text, width: width)
        }, buttons: [
            Span("[ \(s.yesButton) ]", focus == .confirm ? .buttonFocused : .button, region: .sheetButton(.confirm)),
            Span("[ \(s.noButton) ]", focus == .cancel ? .buttonFocused : .button, region: .sheetButton(.cancel)),
        ], preferredWidth: 56)
    }
}
