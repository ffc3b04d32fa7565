import Paywall
import TerminalUI

/// The app's `update(_:_:)`, reusing and remembering the paywall's bodies through `memo`.
public func update(_ state: inout AppState, _ event: AppEvent, memo: BodyMemo) -> [AppEffect] {
    BodyMemo.$current.withValue(memo) { update(&state, event) }
}

/// The app's `view(_:size:)`, reusing the body `update` laid out through `memo`.
public func view(_ state: AppState, size: Size, memo: BodyMemo) -> Canvas {
    BodyMemo.$current.withValue(memo) { view(state, size: size) }
}
