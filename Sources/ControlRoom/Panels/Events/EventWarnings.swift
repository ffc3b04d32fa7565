import Chrome
import Foundation
import MockStore

/// One thing a real app would get wrong, computed from the snapshot and the log.
struct EventWarning: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case resultIgnored, unfinished, statusOnly }
    var kind: Kind
    var text: String
}

extension EventsPanel {
    /// What a real app would get wrong now: every unfinished transaction, oldest first (one
    /// bought here whose result the app ignored says so), then the status changes that
    /// delivered no transaction.
    static func warnings(_ state: ControlRoomScope) -> [EventWarning] {
        let s = state.strings
        var warnings: [EventWarning] = []
        if let snapshot = state.snapshot {
            let now = state.currentStoreTime ?? snapshot.storeTime
            let purchasing = state.purchasingProductID
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
}
