import TerminalUI

/// What a reader of the paywall can see: every screen scrolling reaches, and where each plan
/// sits on one. The disclosure audit reads the paywall through these, never through `Strings`.

/// Every screen of the paywall a user can scroll to, top to bottom, for `state` at `size`.
public func reachableScreens(_ state: PaywallState, size: Size) -> [Canvas] {
    var state = state
    state.size = size
    // Every screen shares one body (it does not depend on the scroll): laid out once, not once
    // per screen, which made a body of n rows cost n² (a manifest of 4,000 features).
    let memo = BodyMemo.current ?? BodyMemo()
    return BodyMemo.$current.withValue(memo) {
        let limit = ScreenLayout(state: state, size: size).maxScroll
        return (0...limit).map { scroll in
            state.scroll = scroll
            return view(state, size: size)
        }
    }
}

/// The confirmation sheet of `productID` as the customer sees it after pressing its buy button,
/// cut out of the screen (the paywall behind it left out) and marked as that plan's region, so
/// a reader can tell what only the sheet says. Nil when no sheet is drawn.
public func confirmSheet(_ state: PaywallState, productID: String, size: Size) -> Canvas? {
    var state = state
    state.size = size
    state.focus = .plan(productID)
    state.overlay = .confirm(productID: productID, focus: .confirm)
    let screen = view(state, size: size)
    guard let rect = screen.targets.last(where: { $0.target == .sheet })?.rect else { return nil }
    var sheet = Canvas(size: rect.size)
    sheet.draw(screen, at: Point(x: -rect.x, y: -rect.y))
    sheet.addRegion(sheet.bounds, .focus(.plan(productID)))
    return sheet
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

    /// Where the privacy-policy (`privacy`) or terms-of-use link is drawn on this screen: every
    /// row of it, when a narrow window wraps its URL over several.
    public func legalLinkRect(privacy: Bool) -> Rect? {
        let wanted: HitTarget = .focus(privacy ? .privacyPolicy : .termsOfUse)
        let rects = targets.filter { $0.target == wanted }.map(\.rect)
        guard let first = rects.first else { return nil }
        return rects.dropFirst().reduce(first) { a, b in
            let x = min(a.x, b.x), y = min(a.y, b.y)
            return Rect(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
        }
    }

    /// Where the Restore Purchases control is drawn on this screen.
    public var restoreRect: Rect? {
        targets.last { $0.target == .focus(.restore) }?.rect
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
