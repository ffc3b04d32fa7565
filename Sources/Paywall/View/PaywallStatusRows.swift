import Chrome
import Foundation
import MockStore
import TerminalUI

/// The paywall's part of the rows pinned under the scrolling body: the latest message and the
/// footer, around the status and fault lines every feature shows.
extension StatusBar {
    /// The message row(s): what is in flight, else the latest result.
    static func messageLines(_ state: PaywallState, width: Int, maxLines: Int) -> [Line] {
        let s = state.strings
        if let operation = state.inFlight {
            let text = switch operation {
            case .purchasing(let id, _): "\(s.purchasing) \(state.displayName(id))"
            case .restoring: s.restoring
            }
            return Lines.paragraph(text, .info, width: width, maxLines: 1)
        }
        if let notice = state.notice, maxLines > 0 {
            return Lines.paragraph(notice.oneLine, ThemeRole(notice.tone), width: width, maxLines: maxLines)
        }
        guard let message = state.message, maxLines > 0 else { return [] }
        let role = ThemeRole(message.tone)
        return Lines.paragraph(MessageText(message, state: state).oneLine, role, width: width, maxLines: maxLines)
    }

    /// The rows every screen pins above its keys: the latest message, the store status line,
    /// and the fault line whenever a fault or switch is on. The paywall and the control room
    /// share them, so an injected fault stays named wherever the user is.
    static func statusRows(_ state: PaywallState, size: Size) -> [Line] {
        let width = max(1, size.width)
        var rows = messageLines(state, width: width, maxLines: size.height >= 16 ? 2 : 1)
        let shared = SharedContext(paywall: state, window: size)
        rows.append(statusLine(shared, width: width))
        if let faults = faultLine(shared, width: width) { rows.append(faults) }
        return rows
    }

    /// The main keys, and whether more of the body lies above or below.
    static func footer(_ state: PaywallState, width: Int, moreAbove: Bool, moreBelow: Bool) -> Line {
        let s = state.strings
        let keys: String = switch state.overlay {
        case .confirm, .promoConfirm: s.footerSheetKeys
        case .redeemCode: s.footerRedeemKeys
        case .some: s.footerCloseKeys
        case .none: s.footerKeys
        }
        let more = moreBelow ? state.strings.moreBelow + " " : moreAbove ? state.strings.moreAbove + " " : ""
        // The hints keep a separator's gap before "more v", as between hints.
        let moreWidth = TextWidth.of(more)
        let gap = more.isEmpty ? 0 : KeyHints.separator.count
        // Help and quit stay named however narrow the window: `?` lists the keys left out.
        let keyText = KeyHints.fit(keys, width: max(0, width - moreWidth - gap)) { $0.hasPrefix("? ") || $0.hasPrefix("q ") }
        let padded = TextWidth.pad(keyText, toWidth: max(0, width - moreWidth))
        return Line([Span(padded, .footer), Span(SafeText(more), .footer)])
    }
}
