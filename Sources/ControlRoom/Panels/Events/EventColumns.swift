import Chrome
import Foundation
import MockStore
import TerminalUI

extension EventsPanelView {
    /// Column widths for a screen width: time, kind, product, device, transaction, then the note.
    struct Columns {
        var time: Int
        var kind: Int
        var product: Int
        var device: Int
        var transaction: Int
        var note: Int
        var shortNotes: Bool

        init(width: Int) {
            switch width {
            case 100...: (time, kind, product, device, transaction) = (14, 16, 16, 9, 6)
            case 70..<100: (time, kind, product, device, transaction) = (11, 12, 14, 6, 5)
            case 50..<70: (time, kind, product, device, transaction) = (5, 11, 12, 0, 5)
            default: (time, kind, product, device, transaction) = (5, 8, 11, 0, 0)
            }
            let used = 1 + [time, kind, product, device, transaction].filter { $0 > 0 }.reduce(0) { $0 + $1 + 1 }
            note = max(0, width - used)
            shortNotes = note < 24
        }

        func time(_ date: Date, _ state: ControlRoomScope) -> String {
            let clock = state.dates.clock(date)  // yyyy-MM-dd HH:mm:ss
            switch time {
            case 14...: return String(clock.dropFirst(5))
            case 11..<14: return String(clock.dropFirst(5).prefix(11))
            default: return String(clock.dropFirst(11).prefix(5))
            }
        }

        func cells(_ values: [(String, Int, ThemeRole)], mark: Span, selected: Bool, region: ControlRoomTarget?) -> Line {
            var spans = [mark]
            for (text, width, role) in values where width > 0 {
                let cell = TextWidth.pad(TextWidth.truncate(SafeText(text), toWidth: width, marker: "."), toWidth: width)
                spans.append(Span(cell + " ", selected ? .buttonFocused : role, region: region))
            }
            return Line(spans)
        }

        func header(_ state: ControlRoomScope) -> Line {
            let s = state.strings
            return cells([(s.columnTime, time, .heading), (s.columnKind, kind, .heading), (s.columnProduct, product, .heading),
                          (s.columnDevice, device, .heading), (s.columnTransaction, transaction, .heading),
                          (s.columnDelivery, max(0, note - 1), .heading)], mark: Span(" ", .heading), selected: false, region: nil)
        }

        func row(_ event: StoreEvent, state: ControlRoomScope, selected: Bool, unfinished: Set<UInt64>) -> Line {
            let note = EventsPanel.note(event, state: state)
            let noteRole: ThemeRole = switch note {
            case .updatesHere: .success
            case .purchaseResult: .info
            case .statusOnly: .warning
            case .faultFired: .error
            case .serverNotification(let attempt): EventsPanelView.role(of: attempt)
            case .none: .muted
            }
            var noteText = state.strings.deliveryNote(note, short: shortNotes)
            if case .serverNotification(let attempt) = note, TextWidth.of(noteText) > self.note - 1 {
                // Too narrow for the sentence (80 columns): the status code and the attempt
                // first, so a cut keeps them; the detail view has the rest.
                noteText = "\(attempt.answerText) #\(attempt.attempt) \(attempt.typeText)"
            }
            if note == .faultFired, !shortNotes, !event.detail.isEmpty {
                // Which call failed, and how: `FAULT purchase -> networkError`.
                noteText = state.strings.deliveryNote(note, short: true) + " " + EventsPanelView.asciiArrows(event.detail)
            }
            let isUnfinished = event.transactionID.map(unfinished.contains) == true
                && ![.finish, .refund, .revoke, .delete, .notification].contains(event.kind)
            let mark = Span(isUnfinished ? "!" : " ", selected ? .buttonFocused : .warning, region: .eventRow(id: event.id))
            let product = event.productID.map(state.displayName) ?? ""
            return cells([
                (time(event.storeTime, state), time, .muted),
                (event.kind.rawValue, kind, event.kind == .faultFired ? .error : .text),
                (product, self.product, .text),
                (event.device ?? "-", device, .muted),
                (event.transactionID.map(String.init) ?? "", transaction, .muted),
                (noteText, max(0, self.note - 1), noteRole),
            ], mark: mark, selected: selected, region: .eventRow(id: event.id))
        }
    }
}
