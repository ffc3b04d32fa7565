import Chrome
import MockStore

/// The Events panel's copy: the log's columns and notes, the warnings, an event's fields.
/// Event kinds stay the store's identifiers (`renewal`, `faultFired`), as in the trace and the CLI.
extension Strings {
    public var eventsTitle: String { text(.eventsTitle) }
    public func eventCount(_ count: Int) -> String { text(.eventCount, count) }
    public var followingLabel: String { text(.followingLabel) }
    public var pausedShort: String { text(.pausedShort) }
    public var scrolledLabel: String { text(.scrolledLabel) }
    public func warningCount(_ count: Int) -> String {
        text(.warningCount, count)
    }
    public func filterLabel(_ filter: EventFilter) -> String {
        switch filter {
        case .all: text(.filterLabel_all)
        case .purchases: text(.filterLabel_purchases)
        case .status: text(.filterLabel_status)
        case .faults: text(.filterLabel_faults)
        case .admin: text(.filterLabel_admin)
        }
    }
    public func filterShown(_ filter: EventFilter) -> String {
        text(.filterShown, filterLabel(filter))
    }

    // Columns
    public var columnTime: String { text(.columnTime) }
    public var columnKind: String { text(.columnKind) }
    public var columnProduct: String { text(.columnProduct) }
    public var columnDevice: String { text(.columnDevice) }
    public var columnTransaction: String { text(.columnTransaction) }
    public var columnDelivery: String { text(.columnDelivery) }

    // Delivery notes: long where the column allows, short at 40 columns. ASCII arrows: `→` is
    // East Asian Ambiguous and would push the row by a cell in some terminals.
    func deliveryNote(_ note: DeliveryNote, short: Bool) -> String {
        switch note {
        case .updatesHere: text(short ? .deliveryNoteShort_updatesHere : .deliveryNote_updatesHere)
        case .purchaseResult: text(short ? .deliveryNoteShort_purchaseResult : .deliveryNote_purchaseResult)
        case .statusOnly: text(short ? .deliveryNoteShort_statusOnly : .deliveryNote_statusOnly)
        case .faultFired: text(short ? .deliveryNoteShort_faultFired : .deliveryNote_faultFired)
        case .serverNotification(let attempt):
            // Apple's names and the HTTP status stay as they are; the outcome is in the language.
            short ? "\(attempt.answerText) #\(attempt.attempt)"
                  : "\(attempt.typeText) -> \(attempt.answerText), \(serverNotificationOutcome(attempt))"
        case .none: ""
        }
    }

    /// Where a notification stands after an attempt: delivered, to be retried, or given up.
    func serverNotificationOutcome(_ attempt: NotificationAttemptNote) -> String {
        switch attempt.status {
        case .delivered: text(.serverNotification_delivered, attempt.attempt)
        case .pending: text(.serverNotification_pending, attempt.attempt)
        case .failed: text(.serverNotification_failed, attempt.attempt)
        }
    }

    /// Why a row has its note: the detail view's explanation.
    func deliveryExplanation(_ note: DeliveryNote, device: String) -> String {
        switch note {
        case .updatesHere:
            text(.deliveryExplanation)
        case .purchaseResult:
            text(.deliveryExplanation_madeByPurchaseOn, device)
        case .statusOnly:
            text(.deliveryExplanation_onlyTheSubscriptionStatus)
        case .faultFired:
            text(.deliveryExplanation_anInjectedFaultFired)
        case .serverNotification:
            text(.deliveryExplanation_serverNotification)
        case .none:
            text(.deliveryExplanation_nothingWasDeliveredTo)
        }
    }

    public var noEvents: String {
        text(.noEvents)
    }
    public var noEventsInFilter: String { text(.noEventsInFilter) }
    public var eventsKeys: String { text(.eventsKeys) }
    public var eventDetailKeys: String { text(.eventDetailKeys) }
    public var warningsKeys: String { text(.warningsKeys) }
    public func moreWarnings(_ count: Int) -> String { text(.moreWarnings, count) }
    public var warningsTitle: String { text(.warningsTitle) }
    public var noWarnings: String { text(.noWarnings) }

    // Warnings
    public func unfinishedWarning(id: UInt64, product: String, device: String?, age: String) -> String {
        let on = device.map { text(.unfinishedWarning, $0) } ?? ""
        return text(.unfinishedWarning_unfinishedForTxIt, age, id, product, on)
    }
    public func ignoredResultWarning(id: UInt64, product: String, device: String, age: String) -> String {
        text(.ignoredResultWarning, id, product, device, age)
    }
    public func statusOnlyWarning(count: Int, latest: String) -> String {
        text(.statusOnlyWarning, count, latest)
    }


    // Event fields (the detail view)
    public var fieldEvent: String { text(.fieldEvent) }
    public var fieldKind: String { text(.fieldKind) }
    public var fieldStoreTime: String { text(.fieldStoreTime) }
    public var fieldWallTime: String { text(.fieldWallTime) }
    public var fieldTransaction: String { text(.fieldTransaction) }
    public var fieldProduct: String { text(.fieldProduct) }
    public var fieldProductID: String { text(.fieldProductID) }
    public var fieldDevice: String { text(.fieldDevice) }
    public var fieldDelivers: String { text(.fieldDelivers) }
    public var fieldStatusGroup: String { text(.fieldStatusGroup) }
    public var fieldDetail: String { text(.fieldDetail) }
    public var fieldUnfinished: String { text(.fieldUnfinished) }
    public var fieldCategory: String { text(.fieldCategory) }
    public var yes: String { text(.yes) }
    public var no: String { text(.no) }
    public func deliversValue(_ delivers: Bool) -> String {
        delivers ? text(.deliversValue) : text(.deliversValue_no)
    }
    public var noDevice: String { text(.noDevice) }
}
