import Chrome
import MockStore
import TerminalUI

/// A chooser open over the panel; `selection` is the highlighted option.
public enum TransactionChooser: Sendable, Hashable {
    case refundReason(id: UInt64, selection: Int)
    case buyProduct(selection: Int)
    case buyDevice(productID: String, selection: Int)

    var selection: Int {
        switch self {
        case .refundReason(_, let s), .buyProduct(let s), .buyDevice(_, let s): s
        }
    }

    func selecting(_ selection: Int) -> TransactionChooser {
        switch self {
        case .refundReason(let id, _): .refundReason(id: id, selection: selection)
        case .buyProduct: .buyProduct(selection: selection)
        case .buyDevice(let product, _): .buyDevice(productID: product, selection: selection)
        }
    }
}

/// The chooser's keys and options: the highlighted option moves with the arrows (or j/k,
/// Tab), Enter or its digit picks it.
extension TransactionsPanel {
    static func chooserKey(_ state: inout ControlRoomScope, _ key: Key) -> [ControlRoomEffect] {
        guard let chooser = state.control.transactions.chooser else { return [] }
        let count = chooserOptions(state, chooser).count
        switch key {
        case .escape:
            state.control.transactions.chooser = nil
        case .up, .character("k"), .backTab:
            state.control.transactions.chooser = chooser.selecting(max(0, chooser.selection - 1))
        case .down, .character("j"), .tab:
            state.control.transactions.chooser = chooser.selecting(max(0, min(count - 1, chooser.selection + 1)))
        case .enter, .character(" "):
            return choose(&state, chooser.selection)
        case .character(let c):
            if let digit = c.wholeNumberValue, digit >= 1, digit <= count { return choose(&state, digit - 1) }
        default:
            break
        }
        return []
    }

    /// The options of a chooser: text shown, and the value it stands for.
    static func chooserOptions(_ state: ControlRoomScope, _ chooser: TransactionChooser) -> [(label: String, value: String)] {
        let s = state.strings
        switch chooser {
        case .refundReason:
            return refundReasons.map { (s.refundReason($0), $0.rawValue) }
        case .buyProduct:
            return state.products.map { ("\(state.displayName($0.id))  \($0.displayPrice)", $0.id) }
        case .buyDevice:
            return otherDevices(state).map { ($0, $0) }
        }
    }

    static let refundReasons: [RevocationReason] = [.developerIssue, .other]

    /// Devices that could buy "elsewhere": the account's other devices, then suggestions.
    static func otherDevices(_ state: ControlRoomScope) -> [String] {
        var names: [String] = []
        for name in (state.control.transactions.contents?.devices ?? []) + ["ipad", "mac"]
        where name.lowercased() != state.deviceName.lowercased() && !names.contains(where: { $0.lowercased() == name.lowercased() }) {
            names.append(name)
        }
        return names
    }

    static func choose(_ state: inout ControlRoomScope, _ index: Int) -> [ControlRoomEffect] {
        guard let chooser = state.control.transactions.chooser else { return [] }
        let options = chooserOptions(state, chooser)
        guard options.indices.contains(index) else { return [] }
        let value = options[index].value
        state.control.transactions.chooser = nil
        switch chooser {
        case .refundReason(let id, _):
            return ControlRoomFeature.request(&state, .refund(id, RevocationReason(rawValue: value)))
        case .buyProduct:
            state.control.transactions.chooser = .buyDevice(productID: value, selection: 0)
            return []
        case .buyDevice(let productID, _):
            return ControlRoomFeature.request(&state, .buyElsewhere(productID: productID, device: value))
        }
    }
}
