import Chrome
import TerminalUI

/// How a screen of a given size splits: the body viewport on top, pinned rows below.
///
/// Shared by `view` (to draw) and `update` (to scroll and hit-test), so a click or a scroll
/// always lands on what was drawn.
package struct ScreenLayout {
    package let size: Size
    let body: BodyLayout
    let pinned: [Line]
    package let viewportHeight: Int
    /// The body row at the top of the viewport, clamped to the content.
    package let scroll: Int

    var isTooSmall: Bool { TooSmall.isTooSmall(size) }

    package init(state: PaywallState, size: Size) {
        self.size = size
        let width = max(1, size.width)
        var pinned = StatusBar.statusRows(state, size: size)
        let viewport = max(1, size.height - pinned.count - 1)
        // A window too small to use draws only the resize message: skip the body's layout.
        if TooSmall.isTooSmall(size) {
            body = BodyLayout(empty: width)
        } else if let memo = BodyMemo.current {
            body = memo.body(state: state, width: width, fitHeight: viewport)
        } else {
            body = BodyLayout(state: state, width: width, fitHeight: viewport)
        }
        viewportHeight = viewport
        scroll = Self.clamp(state.scroll, contentHeight: body.canvas.height, viewport: viewport)
        pinned.append(StatusBar.footer(state, width: width, moreAbove: scroll > 0,
                                       moreBelow: scroll + viewport < body.canvas.height))
        self.pinned = pinned
    }

    static func clamp(_ scroll: Int, contentHeight: Int, viewport: Int) -> Int {
        max(0, min(scroll, contentHeight - viewport))
    }

    var maxScroll: Int { max(0, body.canvas.height - viewportHeight) }

    /// The scroll offset that shows `target` (all of it if it fits, else its essential rows),
    /// moving as little as possible from `current`.
    func scroll(toShow target: FocusTarget, from current: Int) -> Int {
        var scroll = Self.clamp(current, contentHeight: body.canvas.height, viewport: viewportHeight)
        guard let anchor = body.anchors[target] else { return scroll }
        let want = anchor.rect.height <= viewportHeight ? anchor.rect : anchor.essential
        if want.maxY > scroll + viewportHeight { scroll = want.maxY - viewportHeight }
        if want.y < scroll { scroll = want.y }
        return Self.clamp(scroll, contentHeight: body.canvas.height, viewport: viewportHeight)
    }

    /// Draws the whole screen.
    package func render(_ state: PaywallState) -> Canvas {
        var screen = Canvas(size: size)
        if isTooSmall {
            TooSmall.draw(state.strings, theme: state.theme, size: size, on: &screen)
            return screen
        }
        var viewport = Canvas(width: size.width, height: viewportHeight)
        viewport.draw(body.canvas, at: Point(x: 0, y: -scroll))
        screen.draw(viewport, at: .zero)
        screen.paint(pinned, x: 0, y: viewportHeight, width: size.width, theme: state.theme)
        if let overlay = state.overlay {
            OverlayView.draw(overlay, state: state, on: &screen)
        }
        return screen
    }
}

/// Draws the paywall for a terminal (or the part of one) of `size`. Pure: the same state and
/// size give the same canvas, hit regions included (each a `HitTarget`, read back with
/// `Canvas.target(at:)`).
public func view(_ state: PaywallState, size: Size) -> Canvas {
    ScreenLayout(state: state, size: size).render(state)
}
