/// Turns press and release reports into clicks.
///
/// `mouseinterval(0)` removes ncurses' click latency but also its `CLICKED` events
/// (docs/terminal.md §1.4), so clicks are rebuilt here: a release on the cell (and with the button)
/// of the last press adds a `.click` right after the `.release`. A press that ends elsewhere is a
/// drag and gives no click, which is what a user expects from a button.
struct ClickTracker: Sendable {
    private var lastPress: MouseEvent?

    init() {}

    /// The events to deliver for one decoded mouse report.
    mutating func events(for event: MouseEvent) -> [MouseEvent] {
        switch event.kind {
        case .press:
            lastPress = event
            return [event]
        case .release:
            defer { lastPress = nil }
            if let press = lastPress, press.point == event.point,
                press.button == event.button || event.button == .none
            {
                return [event, MouseEvent(kind: .click, button: press.button, point: event.point)]
            }
            return [event]
        case .click, .wheelUp, .wheelDown, .move:
            return [event]
        }
    }
}
