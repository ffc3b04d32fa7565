import Chrome
import MockStore
import TerminalUI

/// The sheets over a panel, drawn as the paywall's are (`OverlayView`).
enum ControlRoomSheets {
    static func sheet(_ overlay: ControlRoomOverlay, _ state: ControlRoomScope) -> OverlayView.Sheet {
        switch overlay {
        case .adminConfirm(let action, let focus): return adminConfirm(action, focus: focus, state)
        case .appConfirm(let launch, let focus): return appConfirm(launch, focus: focus, state)
        case .help(let scroll):
            guard let panel = state.control.panel else { return help(.transactions, state) }
            var sheet = help(panel, state)
            sheet.scroll = scroll
            return sheet
        }
    }

    /// The open panel's keys.
    static func help(_ panel: Panel, _ state: ControlRoomScope) -> OverlayView.Sheet {
        let s = state.strings
        return OverlayView.help(title: s.panelHelpTitle(panel), rows: s.panelHelpRows(panel), strings: s)
    }

    static func adminConfirm(_ action: AdminAction, focus: SheetButton, _ state: ControlRoomScope) -> OverlayView.Sheet {
        let s = state.strings
        let text = AdminActionText(action, state: state)
        return OverlayView.Sheet(title: Span(s.confirmActionTitle, .sheetTitle), content: { width in
            Lines.paragraph(text.what, .text, width: width) + [.blank] + Lines.paragraph(s.confirmActionNote, .muted, width: width)
        }, buttons: OverlayView.yesNoButtons(focus: focus, strings: s), preferredWidth: 56)
    }

    /// "Restart the app?" before a relaunch, a reinstall or a start on another device.
    static func appConfirm(_ launch: AppLaunch, focus: SheetButton, _ state: ControlRoomScope) -> OverlayView.Sheet {
        let s = state.strings
        let question = launch.reinstall ? s.reinstallQuestion(launch.device)
            : launch.away.map { s.relaunchLaterQuestion(launch.device, away: s.awayLength($0)) }
            ?? (launch.device == state.deviceName ? s.relaunchQuestion(launch.device) : s.relaunchAsQuestion(launch.device))
        return OverlayView.Sheet(title: Span(s.appConfirmTitle, .sheetTitle), content: { width in
            Lines.paragraph(question, .text, width: width)
        }, buttons: OverlayView.yesNoButtons(focus: focus, strings: s), preferredWidth: 56)
    }
}

/// A `ControlRoomMessage` worded for the current language.
extension Notice {
    package init(_ message: ControlRoomMessage, shared: SharedContext, control: ControlRoomState) {
        let s = shared.strings
        let state = ControlRoomScope(control: control, shared: shared)
        switch message {
        case .adminDone(let action):
            self.init(title: s.controlRoomTitle, body: AdminActionText(action, state: state).done, tone: message.tone)
        case .adminFailed(let action, let reason):
            self.init(title: AdminActionText(action, state: state).failedTitle, body: reason, tone: message.tone)
        case .themeChanged(let name):
            self.init(title: s.controlRoomTitle, body: s.themeChanged(name), tone: message.tone)
        case .themeFailed(let reason):
            self.init(title: s.themeFailedTitle, body: reason, tone: message.tone)
        case .relaunchFailed(let reason):
            self.init(title: s.relaunchFailedTitle, body: reason, tone: message.tone)
        }
    }
}
