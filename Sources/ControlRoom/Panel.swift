import Chrome
import TerminalUI

/// The control room's panels: Xcode's Transaction Manager, the store clock, fault injection,
/// the configuration settings and the event log, next to the paywall in the same terminal.
public enum Panel: String, CaseIterable, Sendable, Hashable {
    case transactions, clock, faults, settings, events

    /// The key that opens the panel from the paywall (inside the control room, letters belong
    /// to the panel's actions: Tab and the digits switch panels there).
    public var key: Character {
        switch self {
        case .transactions: "t"
        case .clock: "c"
        case .faults: "f"
        case .settings: "s"
        case .events: "e"
        }
    }

    /// 1…5: the digit that jumps to the panel from any panel.
    public var number: Int { Panel.allCases.firstIndex(of: self)! + 1 }

    /// The panel whose paywall key or digit this is.
    package init?(key: Key) {
        guard case .character(let c) = key else { return nil }
        if let digit = c.wholeNumberValue, (1...Panel.allCases.count).contains(digit) {
            self = Panel.allCases[digit - 1]
            return
        }
        guard let hit = Panel.allCases.first(where: { $0.key == c }) else { return nil }
        self = hit
    }

    var handler: any ControlPanel.Type {
        switch self {
        case .transactions: TransactionsPanel.self
        case .clock: ClockPanel.self
        case .faults: FaultsPanel.self
        case .settings: SettingsPanel.self
        case .events: EventsPanel.self
        }
    }
}

extension CaseIterable where Self: Equatable, AllCases == [Self] {
    /// The case `step` places along `allCases`, wrapping (the next tab, the next state filter).
    func moved(by step: Int) -> Self {
        let all = Self.allCases
        let index = all.firstIndex(of: self)!
        return all[((index + step) % all.count + all.count) % all.count]
    }
}

/// What every panel provides: keys, clicks and drawing, all pure like `update` and `view`.
protocol ControlPanel {
    /// The panel was opened (or the store changed while it is open): what to load.
    static func opened(_ state: inout ControlRoomScope) -> [ControlRoomEffect]
    /// A key the control room did not take for itself (it takes Esc, Tab, the digits and q,
    /// unless `capturesText`).
    static func key(_ state: inout ControlRoomScope, _ key: Key) -> [ControlRoomEffect]
    /// A click on one of the panel's targets.
    static func click(_ state: inout ControlRoomScope, _ target: ControlRoomTarget) -> [ControlRoomEffect]
    /// The panel's area, `size` cells, below the tab bar and above the status rows.
    static func render(_ state: ControlRoomScope, size: Size) -> Canvas
    /// The panel's keys for the footer, most important first.
    static func footerKeys(_ state: ControlRoomScope) -> String
    /// Whether a text field has the keyboard (every printable key is typed into it).
    static func capturesText(_ state: ControlRoomScope) -> Bool
    /// Esc inside the panel: close a sub-view and return true, or return false to go back
    /// to the paywall.
    static func escape(_ state: inout ControlRoomScope) -> Bool
    /// Whether Esc would close a sub-view (`escape` returning true), asked without doing it:
    /// the footer asks on every frame.
    static func escapeGoesBack(_ state: ControlRoomScope) -> Bool
}

extension ControlPanel {
    static func opened(_ state: inout ControlRoomScope) -> [ControlRoomEffect] { [] }
    static func click(_ state: inout ControlRoomScope, _ target: ControlRoomTarget) -> [ControlRoomEffect] { [] }
    static func capturesText(_ state: ControlRoomScope) -> Bool { false }
    static func escape(_ state: inout ControlRoomScope) -> Bool { false }
    static func escapeGoesBack(_ state: ControlRoomScope) -> Bool { false }
}
