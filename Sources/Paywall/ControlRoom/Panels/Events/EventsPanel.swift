import Foundation
import MockStore
import TerminalUI

/// Which events the log shows.
public enum EventFilter: String, CaseIterable, Sendable, Hashable {
    case all, purchases, status, faults, admin

    var next: EventFilter {
        let all = EventFilter.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    func matches(_ event: StoreEvent) -> Bool {
        self == .all || EventsPanel.category(event) == self
    }
}

/// The event log as this device has seen it, and how it is being read.
public struct EventsPanelState: Sendable, Hashable {
    /// The newest events, oldest first, at most `EventsPanel.capacity`.
    public var events: [StoreEvent] = []
    public var filter: EventFilter = .all
    /// The highlighted event; nil follows the newest (the log scrolls as events arrive).
    public var cursor: Int64?
    /// The first event in view while not following.
    public var top: Int64?
    /// The event whose every field is shown (Enter); nil shows the log.
    public var detail: Int64?
    /// Every warning, wrapped (w).
    public var showsWarnings = false

    public init() {}

    public var isFollowing: Bool { cursor == nil }
}

/// What a log row says about delivery to the app.
enum DeliveryNote: Sendable, Hashable {
    /// On this device's `Transaction.updates`.
    case updatesHere
    /// This device's own `purchase()`: the caller got it, `updates` did not (B1).
    case purchaseResult
    /// A subscription status changed and no transaction was delivered (B4).
    case statusOnly
    case faultFired
    case none
}

/// One thing a real app would get wrong, computed from the snapshot and the log.
struct EventWarning: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case resultIgnored, unfinished, statusOnly }
    var kind: Kind
    var text: String
}

/// A live log of store events with store time, and warnings where a real app would go wrong.
enum EventsPanel: ControlPanel {
    static let capacity = 2_000

    static func opened(_ state: inout PaywallState) -> [PaywallEffect] {
        state.control.events.events.isEmpty ? [.loadEventLog(limit: capacity)] : []
    }

    /// A batch from the store (the recent history, then each new event): merged by id, in
    /// order, at most `capacity`. The cursor stays on its event; following stays following.
    static func received(_ state: inout PaywallState, _ events: [StoreEvent]) {
        guard !events.isEmpty else { return }
        var log = state.control.events.events
        let known = Set(log.suffix(events.count + 64).map(\.id))
        var seen = Set<Int64>()
        log += events.filter { !known.contains($0.id) && seen.insert($0.id).inserted }
        if zip(log, log.dropFirst()).contains(where: { $0.id >= $1.id }) {
            // An older batch (the history read) arrived after newer events: sort, drop repeats.
            log.sort { $0.id < $1.id }
            var last: Int64?
            log = log.filter { event in defer { last = event.id }; return event.id != last }
        }
        if log.count > capacity { log.removeFirst(log.count - capacity) }
        state.control.events.events = log
    }

    // MARK: Classification

    static func category(_ event: StoreEvent) -> EventFilter {
        switch event.kind {
        case .faultFired, .faultChanged: return .faults
        case .clockChanged, .settingsChanged, .delete, .clear, .launch: return .admin
        case .billingFailure, .gracePeriod, .billingRetry, .expiry, .autoRenewOff, .autoRenewOn: return .status
        default: return isStatusOnly(event) ? .status : .purchases
        }
    }

    static func isStatusOnly(_ event: StoreEvent) -> Bool {
        event.statusGroupID != nil && !event.deliversTransaction
    }

    static func note(_ event: StoreEvent, state: PaywallState) -> DeliveryNote {
        if event.kind == .faultFired { return .faultFired }
        if event.deliversTransaction {
            return event.device == state.deviceName ? .purchaseResult : .updatesHere
        }
        return isStatusOnly(event) ? .statusOnly : .none
    }

    /// Events the filter lets through, oldest first.
    static func visible(_ state: PaywallState) -> [StoreEvent] {
        let panel = state.control.events
        return panel.filter == .all ? panel.events : panel.events.filter(panel.filter.matches)
    }

    /// The index of the event `id`, or of the first newer one still in the list (an event may
    /// have been trimmed or filtered out).
    static func index(of id: Int64, in list: [StoreEvent]) -> Int? {
        list.firstIndex { $0.id >= id }
    }

    // MARK: Warnings

    static func now(_ state: PaywallState) -> Date? { state.storeTime ?? state.snapshot?.storeTime }

    static func warnings(_ state: PaywallState) -> [EventWarning] {
        let s = state.strings
        var warnings: [EventWarning] = []
        if let snapshot = state.snapshot {
            let now = self.now(state) ?? snapshot.storeTime
            let purchasing: String? = if case .purchasing(let id, _) = state.inFlight { id } else { nil }
            for tx in snapshot.unfinished.sorted(by: { $0.purchaseDate < $1.purchaseDate }) {
                let age = s.duration(now.timeIntervalSince(tx.purchaseDate))
                let product = state.displayName(tx.productID)
                // Bought here with purchase(), and the app has its result: it should have finished it.
                if tx.device == state.deviceName, tx.reason == .purchase, tx.productID != purchasing {
                    warnings.append(EventWarning(kind: .resultIgnored, text: s.ignoredResultWarning(
                        id: tx.id, product: product, device: state.deviceName, age: age)))
                } else {
                    warnings.append(EventWarning(kind: .unfinished, text: s.unfinishedWarning(
                        id: tx.id, product: product, device: tx.device, age: age)))
                }
            }
        }
        let statusOnly = state.control.events.events.filter(isStatusOnly)
        if let latest = statusOnly.last {
            let product = latest.productID.map { " " + state.displayName($0) } ?? ""
            warnings.append(EventWarning(kind: .statusOnly, text: s.statusOnlyWarning(
                count: statusOnly.count, latest: latest.kind.rawValue + product)))
        }
        return warnings
    }

    // MARK: Layout

    /// The log's parts for a panel of `size`: warning rows above, then the column header and rows.
    struct Layout {
        var warningRows: Int
        /// Warnings left out (the last warning row says how many).
        var hiddenWarnings: Int
        var showsColumnHeader: Bool
        var logRows: Int
    }

    static func layout(_ state: PaywallState, warnings: Int, size: Size) -> Layout {
        let available = max(0, size.height - 1)  // the title row
        let cap = available >= 16 ? 4 : available >= 10 ? 2 : available >= 6 ? 1 : 0
        let rows = min(warnings, cap)
        // Too many: the last row says "+N more" instead of showing one.
        let hidden = warnings > cap && cap > 0 ? warnings - (cap - 1) : 0
        let header = available - rows >= 4
        return Layout(warningRows: rows, hiddenWarnings: hidden, showsColumnHeader: header,
                      logRows: max(0, available - rows - (header ? 1 : 0)))
    }

    static func logRows(_ state: PaywallState) -> Int {
        let size = ControlRoomView.panelSize(state, panel: .events)
        return max(1, layout(state, warnings: warnings(state).count, size: size).logRows)
    }

    /// The first visible row's index and the cursor's index, in `list`.
    static func window(_ state: PaywallState, list: [StoreEvent], rows: Int) -> (top: Int, cursor: Int) {
        let panel = state.control.events
        guard !list.isEmpty else { return (0, 0) }
        guard let cursorID = panel.cursor, let cursor = index(of: cursorID, in: list) else {
            return (max(0, list.count - rows), list.count - 1)
        }
        var top = panel.top.flatMap { index(of: $0, in: list) } ?? max(0, cursor - rows + 1)
        if cursor < top { top = cursor }
        if cursor >= top + rows { top = cursor - rows + 1 }
        top = max(0, min(top, list.count - rows))
        return (top, cursor)
    }

    // MARK: Keys

    static func footerKeys(_ state: PaywallState) -> String {
        let s = state.strings
        let panel = state.control.events
        if panel.detail != nil { return s.eventDetailKeys }
        if panel.showsWarnings { return s.warningsKeys }
        return s.eventsKeys
    }

    static func escapeGoesBack(_ state: PaywallState) -> Bool {
        state.control.events.detail != nil || state.control.events.showsWarnings
    }

    static func escape(_ state: inout PaywallState) -> Bool {
        if state.control.events.detail != nil { state.control.events.detail = nil; return true }
        if state.control.events.showsWarnings { state.control.events.showsWarnings = false; return true }
        return false
    }

    static func key(_ state: inout PaywallState, _ key: Key) -> [PaywallEffect] {
        if state.control.events.showsWarnings {
            if [.enter, .character(" "), .character("w")].contains(key) { state.control.events.showsWarnings = false }
            return []
        }
        let list = visible(state)
        let rows = logRows(state)
        let (_, cursor) = window(state, list: list, rows: rows)
        let inDetail = state.control.events.detail != nil
        switch key {
        case .up, .character("k"): move(&state, list: list, to: cursor - 1, rows: rows)
        case .down, .character("j"): move(&state, list: list, to: cursor + 1, rows: rows)
        case .pageUp where !inDetail: move(&state, list: list, to: cursor - max(1, rows - 1), rows: rows)
        case .pageDown where !inDetail: move(&state, list: list, to: cursor + max(1, rows - 1), rows: rows)
        case .home, .character("g"): move(&state, list: list, to: 0, rows: rows)
        case .end, .character("G"): follow(&state)
        case .enter, .character(" "):
            if inDetail {
                state.control.events.detail = nil
            } else if cursor < list.count {
                state.control.events.detail = list[cursor].id
            }
            return []
        case .character("f") where !inDetail:
            state.control.events.filter = state.control.events.filter.next
            follow(&state)
        case .character("w") where !inDetail:
            state.control.events.showsWarnings = true
        default:
            return []
        }
        if inDetail {
            // The detail view follows the cursor: j/k read the previous or next event.
            let (_, moved) = window(state, list: list, rows: rows)
            if moved < list.count { state.control.events.detail = list[moved].id }
        }
        return []
    }

    /// Puts the cursor on `index`, scrolling just enough to show it; the newest event resumes
    /// following.
    static func move(_ state: inout PaywallState, list: [StoreEvent], to index: Int, rows: Int) {
        guard !list.isEmpty else { return follow(&state) }
        let target = min(max(0, index), list.count - 1)
        if target == list.count - 1 { return follow(&state) }
        var (top, _) = window(state, list: list, rows: rows)
        if target < top { top = target }
        if target >= top + rows { top = target - rows + 1 }
        state.control.events.cursor = list[target].id
        state.control.events.top = list[max(0, top)].id
    }

    static func follow(_ state: inout PaywallState) {
        state.control.events.cursor = nil
        state.control.events.top = nil
    }

    static func click(_ state: inout PaywallState, _ region: String) -> [PaywallEffect] {
        switch region {
        case "events:filter":
            return key(&state, .character("f"))
        case "events:warnings":
            state.control.events.detail = nil
            state.control.events.showsWarnings = true
            return []
        default:
            guard region.hasPrefix("events:row:"), let id = Int64(region.dropFirst("events:row:".count)) else { return [] }
            let list = visible(state)
            guard let target = list.firstIndex(where: { $0.id == id }) else { return [] }
            let (_, cursor) = window(state, list: list, rows: logRows(state))
            if cursor == target { state.control.events.detail = id; return [] }
            move(&state, list: list, to: target, rows: logRows(state))
            return []
        }
    }

    // MARK: Drawing

    static func render(_ state: PaywallState, size: Size) -> Canvas {
        var canvas = Canvas(size: size, style: state.theme[.text])
        guard size.width > 0, size.height > 0 else { return canvas }
        let theme = state.theme
        let width = size.width
        let warnings = self.warnings(state)
        let list = visible(state)
        canvas.paint(titleLine(state, count: list.count, warnings: warnings.count, width: width), x: 0, y: 0, width: width, theme: theme)
        let body = Size(width: width, height: size.height - 1)
        let panel = state.control.events
        if panel.showsWarnings {
            canvas.paint(warningsView(state, warnings, size: body), x: 0, y: 1, width: width, theme: theme)
            return canvas
        }
        if let id = panel.detail, let event = panel.events.first(where: { $0.id == id }) {
            canvas.paint(detailView(state, event, size: body), x: 0, y: 1, width: width, theme: theme)
            return canvas
        }
        let layout = self.layout(state, warnings: warnings.count, size: size)
        var y = 1
        let shown = layout.hiddenWarnings > 0 ? layout.warningRows - 1 : layout.warningRows
        for warning in warnings.prefix(shown) {
            canvas.paint(warningLine(warning.text, width: width), x: 0, y: y, width: width, theme: theme)
            y += 1
        }
        if layout.hiddenWarnings > 0, layout.warningRows > 0 {
            let text = TextWidth.truncate(SafeText("  " + state.strings.moreWarnings(layout.hiddenWarnings)), toWidth: width)
            canvas.paint(Line([Span(text, .warning, region: "events:warnings")]), x: 0, y: y, width: width, theme: theme)
            y += 1
        }
        let columns = Columns(width: width)
        if layout.showsColumnHeader {
            canvas.paint(columns.header(state), x: 0, y: y, width: width, theme: theme)
            y += 1
        }
        guard layout.logRows > 0 else { return canvas }
        if list.isEmpty {
            let text = panel.events.isEmpty ? state.strings.noEvents : state.strings.noEventsInFilter
            canvas.paint(Lines.paragraph(text, .muted, width: width, indent: 1, maxLines: layout.logRows), x: 0, y: y, width: width, theme: theme)
            return canvas
        }
        let (top, cursor) = window(state, list: list, rows: layout.logRows)
        let unfinished = Set(state.snapshot?.unfinished.map(\.id) ?? [])
        for index in top..<min(list.count, top + layout.logRows) {
            let line = columns.row(list[index], state: state, selected: index == cursor, unfinished: unfinished)
            canvas.paint(line, x: 0, y: y, width: width, theme: theme)
            y += 1
        }
        return canvas
    }

    /// ` Events 124  filter: all  following      ! 3 warnings`; narrower, the filter's name
    /// alone, and the follow state only when paused.
    static func titleLine(_ state: PaywallState, count: Int, warnings: Int, width: Int) -> Line {
        let s = state.strings
        let panel = state.control.events
        let right = warnings > 0 ? [Span(s.warningCount(warnings) + " ", .warning, region: "events:warnings")] : []
        let rightWidth = right.reduce(0) { $0 + $1.width }
        let title = Span(" \(s.eventsTitle) \(s.eventCount(count))", .heading)
        let follow = Span("  " + (panel.isFollowing ? s.followingLabel : s.scrolledLabel), panel.isFollowing ? .muted : .info)
        let candidates: [[Span]] = [
            [title, Span("  " + s.filterShown(panel.filter), .muted, region: "events:filter"), follow],
            [title, Span("  [\(s.filterLabel(panel.filter))]", .muted, region: "events:filter")]
                + (panel.isFollowing ? [] : [Span(" " + s.pausedShort, .info)]),
            [title, Span(" [\(s.filterLabel(panel.filter))]", .muted, region: "events:filter")],
            [title],
        ]
        let left = candidates.first { $0.reduce(0) { $0 + $1.width } + rightWidth + 1 <= width } ?? [title]
        return Line(left, right: right)
    }

    static func warningLine(_ text: String, width: Int) -> Line {
        Line([Span(TextWidth.truncate(SafeText(" ! " + text), toWidth: width), .warning, region: "events:warnings")])
    }

    static func warningsView(_ state: PaywallState, _ warnings: [EventWarning], size: Size) -> [Line] {
        let s = state.strings
        var lines = Lines.paragraph(s.warningsTitle, .heading, width: size.width, indent: 1)
        if warnings.isEmpty { lines += Lines.paragraph(s.noWarnings, .muted, width: size.width, indent: 1) }
        for warning in warnings {
            let wrapped = Lines.paragraph(warning.text, .warning, width: size.width, indent: 3)
            guard var first = wrapped.first else { continue }
            first.indent = 1
            first.left.insert(Span("! ", .warning), at: 0)
            lines += [first] + wrapped.dropFirst()
        }
        if lines.count > size.height, size.height > 0 {
            lines = Array(lines.prefix(size.height - 1)) + [Line([Span(" ...", .muted)])]
        }
        return lines
    }

    /// Every field of one event, with what it meant for the app. Where the panel is short, the
    /// wall time, category, product id and status group give way to the explanation.
    static func detailView(_ state: PaywallState, _ event: StoreEvent, size: Size) -> [Line] {
        let full = detailLines(state, event, width: size.width, compact: false)
        let lines = full.count <= size.height ? full : detailLines(state, event, width: size.width, compact: true)
        return Array(lines.prefix(max(0, size.height)))
    }

    static func detailLines(_ state: PaywallState, _ event: StoreEvent, width: Int, compact: Bool) -> [Line] {
        let s = state.strings
        let unfinished = state.snapshot?.unfinished.first { $0.id == event.transactionID }
        let note = note(event, state: state)
        var rows: [(String, Span)] = [
            (s.fieldEvent, Span("#\(event.id)", .text)),
            (s.fieldKind, Span(event.kind.rawValue, event.kind == .faultFired ? .error : .text)),
        ]
        if !compact { rows.append((s.fieldCategory, Span(s.filterLabel(category(event)), .text))) }
        rows.append((s.fieldStoreTime, Span(state.dates.clock(event.storeTime), .text)))
        if !compact { rows.append((s.fieldWallTime, Span(state.dates.clock(event.wallTime), .muted))) }
        if let id = event.transactionID { rows.append((s.fieldTransaction, Span("\(id)", .text))) }
        if let product = event.productID {
            rows.append((s.fieldProduct, Span(state.displayName(product), .text)))
            if !compact, state.displayName(product) != product { rows.append((s.fieldProductID, Span(product, .muted))) }
        }
        rows.append((s.fieldDevice, Span(event.device ?? s.noDevice, event.device == nil ? .muted : .text)))
        rows.append((s.fieldDelivers, Span(s.deliversValue(event.deliversTransaction), .text)))
        if let group = event.statusGroupID, !compact { rows.append((s.fieldStatusGroup, Span(group, .text))) }
        if !event.detail.isEmpty { rows.append((s.fieldDetail, Span(asciiArrows(event.detail), .text))) }
        if let unfinished {
            rows.append((s.fieldUnfinished, Span("\(s.yes)\(unfinished.device.map { " (\($0))" } ?? "")", .warning)))
        }
        let role: ThemeRole = switch note {
        case .faultFired: .error
        case .statusOnly: .warning
        default: .info
        }
        var lines = OverlayView.table(rows, width: max(1, width - 2)).map { line in
            var line = line
            line.indent = 1
            return line
        }
        if !compact { lines.append(.blank) }
        lines += Lines.paragraph(s.deliveryExplanation(note, device: event.device ?? state.deviceName), role, width: width, indent: 1)
        return lines
    }

    /// The engine's details use `→`, which is ambiguous width: drawn as `->`.
    static func asciiArrows(_ text: String) -> String {
        text.replacingOccurrences(of: "→", with: "->")
    }

    // MARK: Columns

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

        func time(_ date: Date, _ state: PaywallState) -> String {
            let clock = state.dates.clock(date)  // yyyy-MM-dd HH:mm:ss
            switch time {
            case 14...: return String(clock.dropFirst(5))
            case 11..<14: return String(clock.dropFirst(5).prefix(11))
            default: return String(clock.dropFirst(11).prefix(5))
            }
        }

        func cells(_ values: [(String, Int, ThemeRole)], mark: Span, selected: Bool, region: String?) -> Line {
            var spans = [mark]
            for (text, width, role) in values where width > 0 {
                let cell = TextWidth.pad(TextWidth.truncate(SafeText(text), toWidth: width, marker: "."), toWidth: width)
                spans.append(Span(cell + " ", selected ? .buttonFocused : role, region: region))
            }
            return Line(spans)
        }

        func header(_ state: PaywallState) -> Line {
            let s = state.strings
            return cells([(s.columnTime, time, .heading), (s.columnKind, kind, .heading), (s.columnProduct, product, .heading),
                          (s.columnDevice, device, .heading), (s.columnTransaction, transaction, .heading),
                          (s.columnDelivery, max(0, note - 1), .heading)], mark: Span(" ", .heading), selected: false, region: nil)
        }

        func row(_ event: StoreEvent, state: PaywallState, selected: Bool, unfinished: Set<UInt64>) -> Line {
            let note = EventsPanel.note(event, state: state)
            let noteRole: ThemeRole = switch note {
            case .updatesHere: .success
            case .purchaseResult: .info
            case .statusOnly: .warning
            case .faultFired: .error
            case .none: .muted
            }
            var noteText = state.strings.deliveryNote(note, short: shortNotes)
            if note == .faultFired, !shortNotes, !event.detail.isEmpty {
                // Which call failed, and how: `FAULT purchase -> networkError`.
                noteText = state.strings.deliveryNote(note, short: true) + " " + EventsPanel.asciiArrows(event.detail)
            }
            let isUnfinished = event.transactionID.map(unfinished.contains) == true
                && ![.finish, .refund, .revoke, .delete].contains(event.kind)
            let mark = Span(isUnfinished ? "!" : " ", selected ? .buttonFocused : .warning, region: "events:row:\(event.id)")
            let product = event.productID.map(state.displayName) ?? ""
            return cells([
                (time(event.storeTime, state), time, .muted),
                (event.kind.rawValue, kind, event.kind == .faultFired ? .error : .text),
                (product, self.product, .text),
                (event.device ?? "-", device, .muted),
                (event.transactionID.map(String.init) ?? "", transaction, .muted),
                (noteText, max(0, self.note - 1), noteRole),
            ], mark: mark, selected: selected, region: "events:row:\(event.id)")
        }
    }
}
