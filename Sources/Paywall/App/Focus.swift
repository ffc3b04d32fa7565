import TerminalUI

/// Moving focus through the paywall and keeping it on screen.
package enum Focus {
    /// Moves focus `step` items along the Tab order (wrapping), then scrolls to it.
    static func move(_ state: inout PaywallState, by step: Int) {
        let order = state.focusOrder
        guard !order.isEmpty else { return }
        let index = state.focus.flatMap { order.firstIndex(of: $0) }
        let next: Int
        if let index {
            next = ((index + step) % order.count + order.count) % order.count
        } else {
            next = step >= 0 ? 0 : order.count - 1
        }
        set(&state, order[next])
    }

    static func set(_ state: inout PaywallState, _ target: FocusTarget) {
        state.focus = target
        reveal(&state)
    }

    /// Scrolls so the focused item is visible (its billed price and buy control at least).
    package static func reveal(_ state: inout PaywallState) {
        // Behind a control-room panel the paywall is not drawn, and laying it out costs as much
        // as drawing it (30 ms for a catalog of 270 products, on every store change). Leaving
        // the panel repairs focus and scroll (the app, on the control room's `closed`).
        guard !state.isCovered else { return }
        let layout = ScreenLayout(state: state, size: state.size)
        guard !layout.isTooSmall else { return }
        state.scroll = state.focus.map { layout.scroll(toShow: $0, from: state.scroll) }
            ?? ScreenLayout.clamp(state.scroll, contentHeight: layout.body.canvas.height, viewport: layout.viewportHeight)
    }

    /// After products or the window change: focus something that exists, preferring the first
    /// plan that can be bought, and keep it visible.
    package static func repair(_ state: inout PaywallState) {
        let order = state.focusOrder
        if let focus = state.focus, order.contains(focus) {
            reveal(&state)
            return
        }
        // Before the first snapshot nothing is known to be owned, so the first plan is the
        // best guess; otherwise products answering before the snapshot would leave focus on
        // a link or Restore, and Enter would not buy.
        let firstBuyable = state.snapshot == nil
            ? state.products.first
            : state.products.first { state.facts(for: $0).isPurchasable }
        state.focus = firstBuyable.map { .plan($0.id) } ?? order.first
        reveal(&state)
    }

    /// Scrolls by `rows` without moving focus (wheel, PgUp/PgDn).
    static func scroll(_ state: inout PaywallState, by rows: Int) {
        let layout = ScreenLayout(state: state, size: state.size)
        state.scroll = ScreenLayout.clamp(layout.scroll + rows, contentHeight: layout.body.canvas.height,
                                          viewport: layout.viewportHeight)
    }

    static func viewportHeight(_ state: PaywallState) -> Int {
        ScreenLayout(state: state, size: state.size).viewportHeight
    }
}
