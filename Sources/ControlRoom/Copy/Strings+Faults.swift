import Chrome
import MockStore

/// The Faults panel's copy: the nine failable APIs, fault modes, the behaviour switches and
/// what each one reproduces (docs/domain.md §2.4, §4).
extension Strings {
    public var faultsTitle: String { text(.faultsTitle) }
    public var faultsSwitches: String { text(.faultsSwitches) }
    public var faultOff: String { text(.faultOff) }
    public var faultClearAll: String { text(.faultClearAll) }
    public var switchOn: String { text(.switchOn) }
    public var switchOff: String { text(.switchOff) }

    /// The API by the name Xcode's configuration editor gives it.
    public func apiName(_ api: FailableAPI) -> String {
        switch api {
        case .loadProducts: text(.apiName_loadProducts)
        case .purchase: text(.apiName_purchase)
        case .verification: text(.apiName_verification)
        case .appStoreSync: text(.apiName_appStoreSync)
        case .subscriptionStatus: text(.apiName_subscriptionStatus)
        case .appTransaction: text(.apiName_appTransaction)
        case .manageSubscriptions: text(.apiName_manageSubscriptions)
        case .refundRequest: text(.apiName_refundRequest)
        case .offerCodeRedeem: text(.apiName_offerCodeRedeem)
        }
    }

    /// What the API is, for the detail line: the StoreKit call it stands for.
    public func apiCall(_ api: FailableAPI) -> String {
        switch api {
        case .loadProducts: text(.apiCall_loadProducts)
        case .purchase: text(.apiCall_purchase)
        case .verification: text(.apiCall_verification)
        case .appStoreSync: text(.apiCall_appStoreSync)
        case .subscriptionStatus: text(.apiCall_subscriptionStatus)
        case .appTransaction: text(.apiCall_appTransaction)
        case .manageSubscriptions: text(.apiCall_manageSubscriptions)
        case .refundRequest: text(.apiCall_refundRequest)
        case .offerCodeRedeem: text(.apiCall_offerCodeRedeem)
        }
    }

    /// An error's case name and, after it, what the customer would read.
    public func errorMeaning(_ error: InjectedError) -> String {
        "\(errorTitle(error)): \(errorMessage(error))"
    }

    // MARK: Modes

    public func faultMode(_ mode: FaultRule.Mode) -> String {
        switch mode {
        case .always: text(.faultMode_always)
        // "Once" is its own phrase in every language, not the plural of "next n".
        case .times(let n) where n == 1: text(.faultMode_once)
        case .times(let n): text(.faultMode_times, n)
        case .probability(let p, let seed): text(.faultMode_probability, probability(p), seed)
        case .latencyOnly: text(.faultMode_latencyOnly)
        }
    }

    /// 0.25 → "0.25"; two decimals, no locale (the 0.05 steps need no more).
    public func probability(_ p: Double) -> String {
        let hundredths = Int((max(0, min(1, p)) * 100).rounded())
        let cents = hundredths % 100
        return "\(hundredths / 100).\(cents < 10 ? "0" : "")\(cents)"
    }

    public func latency(_ milliseconds: Int) -> String {
        milliseconds == 0 ? text(.latency) : text(.latency_ms, milliseconds)
    }

    /// `purchase.purchaseNotAllowed, once, +250 ms`: a rule on one line.
    public func faultRuleLine(_ rule: FaultRule) -> String {
        var parts = ["\(rule.error)", faultMode(rule.mode)]
        if rule.latencyMilliseconds > 0 { parts.append(latency(rule.latencyMilliseconds)) }
        return parts.joined(separator: text(.listSeparator))
    }

    // MARK: Editor

    public func faultEditorTitle(_ api: FailableAPI) -> String { text(.faultEditorTitle, apiName(api), api.rawValue) }
    public func faultNow(_ rule: FaultRule?) -> String {
        text(.faultNow) + (rule.map(faultRuleLine) ?? faultOff)
    }
    public var fieldError: String { text(.fieldError) }
    public var fieldMode: String { text(.fieldMode) }
    public var fieldCount: String { text(.fieldCount) }
    public var fieldProbability: String { text(.fieldProbability) }
    public var fieldSeed: String { text(.fieldSeed) }
    public var fieldLatency: String { text(.fieldLatency) }
    public var faultApply: String { text(.faultApply) }
    public var faultClearThis: String { text(.faultClearThis) }
    public var faultClearEvery: String { text(.faultClearEvery) }
    public var modeAlways: String { text(.modeAlways) }
    public var modeOnce: String { text(.modeOnce) }
    public var modeTimes: String { text(.modeTimes) }
    public var modeProbability: String { text(.modeProbability) }
    public var modeLatencyOnly: String { text(.modeLatencyOnly) }
    public func modeExplanation(_ mode: FaultRule.Mode) -> String {
        switch mode {
        case .always: text(.modeExplanation_always)
        case .times(let n) where n == 1: text(.modeExplanation_once)
        case .times(let n): text(.modeExplanation_times, n)
        case .probability(let p, _):
            text(.modeExplanation, probability(p))
        case .latencyOnly:
            text(.modeExplanation_noCallFailsEach)
        }
    }
    public var latencyExplanation: String {
        text(.latencyExplanation)
    }
    public var faultEditorFooterKeys: String {
        text(.faultEditorFooterKeys)
    }
    public var faultsFooterKeys: String {
        text(.faultsFooterKeys)
    }

    // MARK: Switches

    public func switchName(_ name: StoreSwitch) -> String {
        switch name {
        case .askToBuy: text(.switchName_askToBuy)
        case .interruptedPurchases: text(.switchName_interruptedPurchases)
        case .billingRetry: text(.switchName_billingRetry)
        case .gracePeriod: text(.switchName_gracePeriod)
        case .userCancels: text(.switchName_userCancels)
        case .unverified: text(.switchName_unverified)
        case .paymentsDisabled: text(.switchName_paymentsDisabled)
        case .dialogsDisabled: text(.switchName_dialogsDisabled)
        }
    }

    /// What turning the switch on reproduces, in one line.
    public func switchExplanation(_ name: StoreSwitch) -> String {
        switch name {
        case .askToBuy:
            text(.switchExplanation)
        case .interruptedPurchases:
            text(.switchExplanation_sSNoCard)
        case .billingRetry:
            text(.switchExplanation_everyRenewalSPayment)
        case .gracePeriod:
            text(.switchExplanation_withBillingRetryOn)
        case .userCancels:
            text(.switchExplanation_theCustomerDismissesThe)
        case .unverified:
            text(.switchExplanation_newTransactionsArriveUnverified)
        case .paymentsDisabled:
            text(.switchExplanation_sCanmakepaymentsIsFalse)
        case .dialogsDisabled:
            text(.switchExplanation_purchasesSkipTheConfirmation)
        }
    }
}
