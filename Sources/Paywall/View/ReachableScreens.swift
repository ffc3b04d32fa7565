import TerminalUI

/// What a reader of the paywall can see: every screen scrolling reaches, and where each plan
/// sits on one. The disclosure audit reads the paywall through these, never through `Strings`.

/// Every screen of the paywall a user can scroll to, top to bottom, for `state` at `size`.
public func reachableScreens(_ state: PaywallState, size: Size) -> [Canvas] {
    var state = state
    state.size = size
    let limit = ScreenLayout(state: state, size: size).maxScroll
    return (0...limit).map { scroll in
        state.scroll = scroll
        return view(state, size: size)
    }
}

extension Canvas {
    /// The card or row of plan `productID` on this screen, if it is drawn here.
    public func planRect(_ productID: String) -> Rect? {
        targets.last { $0.target == .focus(.plan(productID)) }?.rect
    }

    /// Every plan card or row drawn on this screen.
    public var planRects: [Rect] {
        targets.compactMap { entry in if case .focus(.plan) = entry.target { entry.rect } else { nil } }
    }

    /// Where the privacy-policy (`privacy`) or terms-of-use link is drawn on this screen.
    public func legalLinkRect(privacy: Bool) -> Rect? {
        let wanted: HitTarget = .focus(privacy ? .privacyPolicy : .termsOfUse)
        return targets.last { $0.target == wanted }?.rect
    }

    /// The text inside `rect`, row by row, stub cells skipped.
    public func rows(in rect: Rect) -> [String] {
        (max(0, rect.y)..<min(height, rect.maxY)).map { y in
            var row = ""
            for x in max(0, rect.x)..<min(width, rect.maxX) {
                guard let cell = cell(at: Point(x: x, y: y)), !cell.isContinuation else { continue }
                row.append(cell.character)
            }
            return row
        }
    }
}
