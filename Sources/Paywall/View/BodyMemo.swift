import Synchronization
import TerminalUI

/// The paywall body laid out last, so `view` reuses the body `update` laid out for the same
/// state instead of laying it out again (a key press asks for the same body twice: in `update`,
/// to keep the focused item in view, and in `view`, to draw; laying it out is most of a frame's
/// cost).
///
/// Owned by whoever runs the loop (`PaywallRuntime`, a benchmark) and handed to
/// `update(_:_:memo:)` and `view(_:size:memo:)`; without one, both lay the body out afresh. The
/// whole state is the key (less its scroll, which the body does not depend on), so any change —
/// focus, a tick of the clock, a new snapshot — lays it out again: the memo changes how fast a
/// frame is made, never what it shows.
public final class BodyMemo: Sendable {
    private let last = Mutex<(state: PaywallState, width: Int, fitHeight: Int, body: BodyLayout)?>(nil)

    public init() {}

    /// The memo of the `update` or `view` call in progress. Bound only for the length of one
    /// such call, so the layout code deep inside `update` finds it without every helper
    /// passing it on.
    @TaskLocal package static var current: BodyMemo?

    /// `BodyLayout(state:width:fitHeight:)`, or the same body laid out last time.
    func body(state: PaywallState, width: Int, fitHeight: Int) -> BodyLayout {
        var key = state
        key.scroll = 0
        if let hit = last.withLock({ last in
            last.flatMap { $0.width == width && $0.fitHeight == fitHeight && $0.state == key ? $0.body : nil }
        }) {
            return hit
        }
        let body = BodyLayout(state: state, width: width, fitHeight: fitHeight)
        last.withLock { $0 = (key, width, fitHeight, body) }
        return body
    }
}

/// `update(_:_:)`, reusing and remembering bodies through `memo`. Same result as without it.
public func update(_ state: inout PaywallState, _ event: PaywallEvent, memo: BodyMemo) -> [PaywallEffect] {
    BodyMemo.$current.withValue(memo) { update(&state, event) }
}

/// `view(_:size:)`, reusing the body `update` laid out for this state through `memo`. Same
/// canvas as without it.
public func view(_ state: PaywallState, size: Size, memo: BodyMemo) -> Canvas {
    BodyMemo.$current.withValue(memo) { view(state, size: size) }
}
