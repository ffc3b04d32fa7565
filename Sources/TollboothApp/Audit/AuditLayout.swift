import Chrome
import Paywall
import TerminalUI

/// How the window splits while the audit overlay is open: the paywall top left, the rules'
/// list at the right (or below it), and the audit's status row at the bottom across the whole
/// width.
///
/// The list goes at the right only when the paywall keeps 80 columns beside it: a narrower
/// paywall wraps its text differently, and the audit would judge a screen the customer does
/// not see at this window's width. Below that it goes under the paywall, which keeps its width.
///
/// Shared by `view` (to draw) and `update` (the paywall scrolls and keeps focus in view within
/// its own part), and by the runtime, which audits the paywall at exactly that part's size.
struct AuditLayout {
    /// The paywall's width beside a list at the right.
    static let paywallMinimumWidth = 80
    /// The narrowest list at the right.
    static let sideListWidth = 30

    let paywall: Rect
    let list: Rect
    let status: Rect
    /// True when the list is at the right.
    let isSide: Bool

    init(size: Size) {
        let width = max(0, size.width), height = max(0, size.height)
        let above = max(0, height - 1)
        status = Rect(x: 0, y: above, width: width, height: min(1, height))
        if width >= Self.paywallMinimumWidth + Self.sideListWidth {
            let listWidth = min(40, width - Self.paywallMinimumWidth)
            isSide = true
            paywall = Rect(x: 0, y: 0, width: width - listWidth, height: above)
            list = Rect(x: width - listWidth, y: 0, width: listWidth, height: above)
        } else {
            // Leave the paywall its minimum height where the window allows it.
            let wanted = max(4, height * 2 / 5)
            let listHeight = max(2, min(wanted, above - TooSmall.minimumSize.height))
            isSide = false
            paywall = Rect(x: 0, y: 0, width: width, height: max(0, above - listHeight))
            list = Rect(x: 0, y: paywall.maxY, width: width, height: above - paywall.height)
        }
    }
}
