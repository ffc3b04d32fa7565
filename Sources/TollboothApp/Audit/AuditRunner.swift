import Dispatch
import Paywall
import Synchronization
import TerminalUI

/// Runs the injected audit for the runtime while the audit overlay is open: off the event
/// loop, once per change of what the paywall shows, and never two at once. A change that comes
/// while an audit runs is audited right after it (only the latest one), so a burst of changes
/// (a fast clock) costs two audits, not one per change.
///
/// Nothing runs while the overlay is closed: `request` returns at once.
final class AuditRunner: Sendable {
    /// What an audit depends on: the paywall's state without the overlay (nor a sheet, which
    /// covers the paywall for a moment and is not where disclosures count, D7), and its size.
    struct Input: Sendable, Equatable {
        var state: PaywallState
        var size: Size

        /// Whether an audit of `other` would say something else. The store clock's tick moves
        /// only the status line's time, which no rule reads (auditing on every tick would keep
        /// a core busy for nothing), and the audit reads every scroll offset whatever the
        /// current one (the view moves the marks with the scroll).
        func differs(from other: Input?) -> Bool {
            guard var other else { return true }
            other.state.storeTime = state.storeTime
            other.state.scroll = state.scroll
            return other != self
        }
    }

    private let audit: PaywallAuditing
    private let queue: DispatchQueue
    /// The input last asked for (nil after the overlay closes, so reopening audits again), and
    /// the work: whether an audit runs, and the input that waits for it.
    private let work = Mutex<(last: Input?, running: Bool, waiting: Input?)>((nil, false, nil))

    init(audit: @escaping PaywallAuditing, queue: DispatchQueue) {
        self.audit = audit
        self.queue = queue
    }

    /// Audits `state` if the overlay is open and the paywall changed since the last request.
    /// Behind a control-room panel the overlay is not drawn: it is audited on the way back.
    /// Each result goes to `deliver`, on the audit's queue.
    func request(_ state: AppState, deliver: @escaping @Sendable (ScreenAudit) -> Void) {
        guard state.audit != nil else {
            work.withLock { $0.last = nil }
            return
        }
        guard state.control.panel == nil else { return }
        var paywall = state.paywall
        paywall.overlay = nil
        paywall.notice = nil
        let input = Input(state: paywall, size: paywall.size)
        let start = work.withLock { work -> Bool in
            guard input.differs(from: work.last) else { return false }
            work.last = input
            if work.running { work.waiting = input; return false }
            work.running = true
            return true
        }
        if start { run(input, deliver) }
    }

    private func run(_ input: Input, _ deliver: @escaping @Sendable (ScreenAudit) -> Void) {
        queue.async { [self] in
            // One memo for the audit's many screens: every scroll offset of one state shares
            // its body's layout, as the runtime's frames do.
            deliver(BodyMemo.$current.withValue(BodyMemo()) { audit(input.state, input.size) })
            let next = work.withLock { work -> Input? in
                defer { work.waiting = nil }
                if work.waiting == nil { work.running = false }
                return work.waiting
            }
            if let next { run(next, deliver) }
        }
    }
}
