import MockStore

/// The Faults panel's copy: the nine failable APIs, fault modes, the behaviour switches and
/// what each one reproduces (docs/domain.md §2.4, §4).
extension Strings {
    public var faultsTitle: String { pick("Faults: make StoreKit calls fail on purpose", "障害: StoreKit の呼び出しを意図的に失敗させる") }
    public var faultsSwitches: String { pick("Behaviour switches", "動作スイッチ") }
    public var faultOff: String { pick("off", "オフ") }
    public var faultClearAll: String { pick("X clear all", "X 全て解除") }
    public var switchOn: String { pick("[on ]", "[オン]") }
    public var switchOff: String { pick("[off]", "[オフ]") }

    /// The API by the name Xcode's configuration editor gives it.
    public func apiName(_ api: FailableAPI) -> String {
        switch api {
        case .loadProducts: pick("Load Products", "商品の読み込み")
        case .purchase: pick("Purchase", "購入")
        case .verification: pick("Verification", "検証")
        case .appStoreSync: pick("App Store Sync", "App Store 同期")
        case .subscriptionStatus: pick("Subscription Status", "サブスクリプションの状態")
        case .appTransaction: pick("App Transaction", "App トランザクション")
        case .manageSubscriptions: pick("Manage Subscriptions Sheet", "サブスクリプション管理シート")
        case .refundRequest: pick("Refund Request Sheet", "返金リクエストシート")
        case .offerCodeRedeem: pick("Offer Code Redeem Sheet", "オファーコード引き換えシート")
        }
    }

    /// What the API is, for the detail line: the StoreKit call it stands for.
    public func apiCall(_ api: FailableAPI) -> String {
        switch api {
        case .loadProducts: pick("Product.products(for:): the paywall's prices", "Product.products(for:): ペイウォールの価格")
        case .purchase: pick("product.purchase(): buying a plan", "product.purchase(): プランの購入")
        case .verification: pick("VerificationResult: transactions arrive .unverified", "VerificationResult: 取引が .unverified で届く")
        case .appStoreSync: pick("AppStore.sync(): Restore Purchases", "AppStore.sync(): 購入を復元")
        case .subscriptionStatus: pick("SubscriptionInfo.status: the subscription's state", "SubscriptionInfo.status: サブスクリプションの状態")
        case .appTransaction: pick("AppTransaction.shared: the app's own purchase", "AppTransaction.shared: アプリ自体の購入情報")
        case .manageSubscriptions: pick("showManageSubscriptions(in:)", "showManageSubscriptions(in:)")
        case .refundRequest: pick("Transaction.beginRefundRequest(in:)", "Transaction.beginRefundRequest(in:)")
        case .offerCodeRedeem: pick("presentOfferCodeRedeemSheet(in:)", "presentOfferCodeRedeemSheet(in:)")
        }
    }

    /// An error's case name and, after it, what the customer would read.
    public func errorMeaning(_ error: InjectedError) -> String {
        "\(errorTitle(error)): \(errorMessage(error))"
    }

    // MARK: Modes

    public func faultMode(_ mode: FaultRule.Mode) -> String {
        switch mode {
        case .always: pick("always", "常に")
        case .times(let n) where n == 1: pick("once", "1回")
        case .times(let n): pick("next \(n)", "次の\(n)回")
        case .probability(let p, let seed): pick("p \(probability(p)), seed \(seed)", "確率 \(probability(p))・シード \(seed)")
        case .latencyOnly: pick("latency only", "遅延のみ")
        }
    }

    /// 0.25 → "0.25"; two decimals, no locale (the 0.05 steps need no more).
    public func probability(_ p: Double) -> String {
        let hundredths = Int((max(0, min(1, p)) * 100).rounded())
        let cents = hundredths % 100
        return "\(hundredths / 100).\(cents < 10 ? "0" : "")\(cents)"
    }

    public func latency(_ milliseconds: Int) -> String {
        milliseconds == 0 ? pick("no delay", "遅延なし") : pick("+\(milliseconds) ms", "+\(milliseconds) ms")
    }

    /// `purchase.purchaseNotAllowed, once, +250 ms`: a rule on one line.
    public func faultRuleLine(_ rule: FaultRule) -> String {
        var parts = ["\(rule.error)", faultMode(rule.mode)]
        if rule.latencyMilliseconds > 0 { parts.append(latency(rule.latencyMilliseconds)) }
        return parts.joined(separator: pick(", ", "、"))
    }

    // MARK: Editor

    public func faultEditorTitle(_ api: FailableAPI) -> String { pick("Fault on \(apiName(api)) (\(api))", "\(apiName(api))の障害（\(api)）") }
    public func faultNow(_ rule: FaultRule?) -> String {
        pick("Now: ", "現在: ") + (rule.map(faultRuleLine) ?? faultOff)
    }
    public var fieldError: String { pick("Error", "エラー") }
    public var fieldMode: String { pick("Mode", "モード") }
    public var fieldCount: String { pick("Calls", "回数") }
    public var fieldProbability: String { pick("Probability", "確率") }
    public var fieldSeed: String { pick("Seed", "シード") }
    public var fieldLatency: String { pick("Latency", "遅延") }
    public var faultApply: String { pick("Apply", "適用する") }
    public var faultClearThis: String { pick("Clear this API", "この API の障害を解除") }
    public var faultClearEvery: String { pick("Clear all faults", "全ての障害を解除") }
    public var modeAlways: String { pick("always", "常に") }
    public var modeOnce: String { pick("once", "1回") }
    public var modeTimes: String { pick("next N calls", "次の N 回") }
    public var modeProbability: String { pick("probability", "確率") }
    public var modeLatencyOnly: String { pick("latency only (never fails)", "遅延のみ（失敗しない）") }
    public func modeExplanation(_ mode: FaultRule.Mode) -> String {
        switch mode {
        case .always: pick("Every call fails until the fault is cleared.", "解除するまで全ての呼び出しが失敗します。")
        case .times(let n) where n == 1: pick("The next call fails, then the fault is spent.", "次の1回だけ失敗し、その後は解除されます。")
        case .times(let n): pick("The next \(n) calls fail, then the fault is spent.", "次の\(n)回の呼び出しが失敗し、その後は解除されます。")
        case .probability(let p, _):
            pick("Each call fails with probability \(probability(p)); the seed makes every run fail the same way.",
                 "各呼び出しが確率 \(probability(p)) で失敗します。シードが同じなら毎回同じ結果になります。")
        case .latencyOnly:
            pick("No call fails; each waits the latency below. Quit mid-purchase to play S12.",
                 "失敗はせず、下の遅延だけ待たせます。購入中に終了すると S12 を再現できます。")
        }
    }
    public var latencyExplanation: String {
        pick("Added before the call answers, with or without an error.", "エラーの有無にかかわらず、応答までに加わる遅延です。")
    }
    public var faultEditorFooterKeys: String {
        pick("h/l change  a apply  x clear  Esc back  j/k", "h/l 変更  a 適用  x 解除  Esc 戻る  j/k")
    }
    public var faultsFooterKeys: String {
        pick("Enter edit/toggle  x clear  X clear all  j/k", "Enter 編集/切替  x 解除  X 全解除  j/k")
    }

    // MARK: Switches

    public func switchName(_ name: StoreSwitch) -> String {
        switch name {
        case .askToBuy: pick("Ask to Buy", "承認と購入のリクエスト")
        case .interruptedPurchases: pick("Interrupted purchases", "購入の中断")
        case .billingRetry: pick("Billing retry on renewal", "更新時の請求失敗")
        case .gracePeriod: pick("Billing grace period", "請求の猶予期間")
        case .userCancels: pick("User cancels", "ユーザーがキャンセル")
        case .unverified: pick("Unverified transactions", "未検証の取引")
        case .paymentsDisabled: pick("Payments disabled", "支払い機能の無効化")
        case .dialogsDisabled: pick("Dialogs disabled", "ダイアログなし")
        }
    }

    /// What turning the switch on reproduces, in one line.
    public func switchExplanation(_ name: StoreSwitch) -> String {
        switch name {
        case .askToBuy:
            pick("S10: purchases wait for a parent (.pending); approve or decline in Transactions.",
                 "S10: 購入は保護者の承認待ち（.pending）。取引パネルで承認・却下します。")
        case .interruptedPurchases:
            pick("S8/S9: no card on file or new terms to accept; the purchase finishes after Resolve.",
                 "S8/S9: 支払い情報の未登録や規約への同意。解決後に購入が完了します。")
        case .billingRetry:
            pick("Every renewal's payment fails: the subscription enters billing retry and access stops (B15).",
                 "更新の支払いが失敗し、再試行期間に入ります（利用停止、B15）。")
        case .gracePeriod:
            pick("With billing retry on: a grace period comes first and access continues (B15).",
                 "請求失敗時、まず猶予期間に入り利用を続けられます（B15、請求失敗と併用）。")
        case .userCancels:
            pick("The customer dismisses the payment sheet: purchase() returns .userCancelled.",
                 "ユーザーが支払いシートを閉じます。purchase() は .userCancelled を返します。")
        case .unverified:
            pick("New transactions arrive .unverified (invalidSignature); the app must not grant access.",
                 "新しい取引が .unverified（署名が不正）で届きます。特典を付与してはいけません。")
        case .paymentsDisabled:
            pick("S7: canMakePayments is false; purchase() throws purchaseNotAllowed (B11).",
                 "S7: canMakePayments が false。purchase() は purchaseNotAllowed を投げます（B11）。")
        case .dialogsDisabled:
            pick("Purchases skip the confirmation sheet, as Xcode's Enable Dialogs off.",
                 "Xcode の Enable Dialogs オフと同じく、確認シートなしで購入します。")
        }
    }
}
