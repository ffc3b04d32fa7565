import Chrome
/// What the paywall says after a purchase, restore or store update.
extension Strings {
    public var purchaseCompleteTitle: String { text(.purchaseCompleteTitle) }
    public func nowActive(_ name: String) -> String { text(.nowActive, name) }
    public func upgraded(_ name: String) -> String {
        text(.upgraded, name)
    }
    public func switchedNow(_ name: String) -> String {
        text(.switchedNow, name)
    }
    public var planChangeTitle: String { text(.planChangeTitle) }
    public var planKeptTitle: String { text(.planKeptTitle) }
    public func planKept(_ name: String, cancelled: String) -> String {
        text(.planKept, name, cancelled)
    }
    public func changesAtRenewal(_ name: String, _ date: String) -> String {
        text(.changesAtRenewal, name, date)
    }
    public var cancelledTitle: String { text(.cancelledTitle) }
    public var cancelledMessage: String { text(.cancelledMessage) }
    public var pendingTitle: String { text(.pendingTitle) }
    public var pendingMessage: String {
        text(.pendingMessage)
    }
    public var unverifiedTitle: String { text(.unverifiedTitle) }
    public var restoreTitle: String { text(.restoreTitle) }
    public func restored(_ count: Int) -> String {
        count == 1 ? text(.restored)
                   : text(.restored_purchasesRestored, count)
    }
    public var nothingToRestore: String {
        text(.nothingToRestore)
    }
    public var restoreFailedTitle: String { text(.restoreFailedTitle) }
    public func restoredUnverified(_ count: Int) -> String {
        text(.restoredUnverified, count)
    }
    public var updateTitle: String { text(.updateTitle) }
    public func approved(_ name: String) -> String { text(.approved, name) }
    public func renewed(_ name: String) -> String { text(.renewed, name) }
    public func refunded(_ name: String) -> String { text(.refunded, name) }
    public func deliveredFromElsewhere(_ name: String) -> String {
        text(.deliveredFromElsewhere, name)
    }
    public func redelivered(_ name: String) -> String {
        text(.redelivered, name)
    }
    public func unverifiedUpdate(_ name: String) -> String {
        text(.unverifiedUpdate, name)
    }
}
