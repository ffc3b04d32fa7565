import MockStore

/// The Events panel's copy: the log's columns and notes, the warnings, an event's fields.
/// Event kinds stay the store's identifiers (`renewal`, `faultFired`), as in the trace and the CLI.
extension Strings {
    public var eventsTitle: String { pick("Events", "イベント") }
    public func eventCount(_ count: Int) -> String { pick("\(count)", "\(count)件") }
    public var followingLabel: String { pick("following", "追従中") }
    public var pausedShort: String { pick("paused", "停止中") }
    public var scrolledLabel: String { pick("paused (End follows)", "停止中（End で追従）") }
    public func warningCount(_ count: Int) -> String {
        pick(count == 1 ? "! 1 warning" : "! \(count) warnings", "! 警告 \(count)件")
    }
    public func filterLabel(_ filter: EventFilter) -> String {
        switch filter {
        case .all: pick("all", "全て")
        case .purchases: pick("purchases & renewals", "購入と更新")
        case .status: pick("status", "状態")
        case .faults: pick("faults", "障害")
        case .admin: pick("admin", "管理操作")
        }
    }
    public func filterShown(_ filter: EventFilter) -> String {
        pick("filter: \(filterLabel(filter))", "絞り込み: \(filterLabel(filter))")
    }

    // Columns
    public var columnTime: String { pick("Time", "時刻") }
    public var columnKind: String { pick("Kind", "種類") }
    public var columnProduct: String { pick("Product", "商品") }
    public var columnDevice: String { pick("Device", "端末") }
    public var columnTransaction: String { pick("Tx", "取引") }
    public var columnDelivery: String { pick("Delivery", "配信") }

    // Delivery notes: long where the column allows, short at 40 columns. ASCII arrows: `→` is
    // East Asian Ambiguous and would push the row by a cell in some terminals.
    func deliveryNote(_ note: DeliveryNote, short: Bool) -> String {
        switch note {
        case .updatesHere: short ? pick("-> updates", "updatesへ") : pick("-> updates (this device)", "-> updates（この端末）")
        case .purchaseResult: short ? pick("purchase()", "purchase()") : pick("purchase() result here", "この端末の purchase() の結果")
        case .statusOnly: short ? pick("status only", "状態のみ") : pick("status only (no updates)", "状態のみ（updates なし）")
        case .faultFired: short ? pick("FAULT", "障害") : pick("FAULT fired", "障害が発生")
        case .none: ""
        }
    }

    /// Why a row has its note: the detail view's explanation.
    func deliveryExplanation(_ note: DeliveryNote, device: String) -> String {
        switch note {
        case .updatesHere:
            pick("Delivered to this device's Transaction.updates listener (made elsewhere, by the store clock or by an admin action).",
                 "この端末の Transaction.updates に届きました（他の端末・ストアの時計・管理操作によるもの）。")
        case .purchaseResult:
            pick("Made by purchase() on \(device): the result came back to the caller, not on this device's Transaction.updates (B1). Other devices get it on their updates.",
                 "\(device) の purchase() による取引です。結果は呼び出し元に返り、この端末の Transaction.updates には届きません（B1）。他の端末には updates で届きます。")
        case .statusOnly:
            pick("Only the subscription status changed; no transaction was delivered. A listener on Transaction.updates alone will not fire: listen to Status.updates or re-read currentEntitlements (B4).",
                 "サブスクリプションの状態だけが変わり、取引は届いていません。Transaction.updates だけを監視していると反応しません。Status.updates を監視するか currentEntitlements を読み直してください（B4）。")
        case .faultFired:
            pick("An injected fault fired: the call failed on purpose (Faults panel).",
                 "設定した障害が発生し、呼び出しが意図的に失敗しました（障害パネル）。")
        case .none:
            pick("Nothing was delivered to the app.", "アプリへの配信はありません。")
        }
    }

    public var noEvents: String {
        pick("No events yet. Purchases, renewals, admin actions and faults appear here as they happen.",
             "イベントはまだありません。購入・更新・管理操作・障害が起きるとここに表示されます。")
    }
    public var noEventsInFilter: String { pick("No events match this filter (f changes it).", "この絞り込みに合うイベントはありません（f で切替）。") }
    public var eventsKeys: String { pick("j/k move  Enter details  f filter  End follow  w warnings", "j/k 移動  Enter 詳細  f 絞り込み  End 追従  w 警告") }
    public var eventDetailKeys: String { pick("j/k previous/next  Esc back", "j/k 前/次  Esc 戻る") }
    public var warningsKeys: String { pick("Esc back", "Esc 戻る") }
    public func moreWarnings(_ count: Int) -> String { pick("+\(count) more: w shows every warning", "他 \(count)件: w で全ての警告") }
    public var warningsTitle: String { pick("Where a real app would go wrong", "実際のアプリで問題になる点") }
    public var noWarnings: String { pick("No warnings: nothing unfinished, no ignored result, no status-only change.", "警告はありません。") }

    // Warnings
    public func unfinishedWarning(id: UInt64, product: String, device: String?, age: String) -> String {
        let on = device.map { pick(" on \($0)", "（\($0)）") } ?? ""
        return pick("Unfinished for \(age): tx \(id) \(product)\(on); it comes back at every launch until finish() (S11, B3).",
                    "未完了のまま \(age): 取引 \(id) \(product)\(on)。finish() するまで起動のたびに届きます（S11, B3）。")
    }
    public func ignoredResultWarning(id: UInt64, product: String, device: String, age: String) -> String {
        pick("Purchase result ignored: tx \(id) \(product) bought on \(device) was never finished (\(age) ago); deliver, then finish() (S11).",
             "購入結果が放置されています: \(device) で購入した取引 \(id) \(product) が finish() されていません（\(age)前）。付与してから finish() を（S11）。")
    }
    public func statusOnlyWarning(count: Int, latest: String) -> String {
        pick("\(count) status-only change\(count == 1 ? "" : "s") (latest: \(latest)): Transaction.updates did not fire; listen to Status.updates or re-read currentEntitlements (B4).",
             "状態のみの変化が \(count)件（最新: \(latest)）。Transaction.updates は発火しません。Status.updates を監視するか currentEntitlements を読み直してください（B4）。")
    }


    // Event fields (the detail view)
    public var fieldEvent: String { pick("Event", "イベント") }
    public var fieldKind: String { pick("Kind", "種類") }
    public var fieldStoreTime: String { pick("Store time", "ストア時刻") }
    public var fieldWallTime: String { pick("Wall time", "実時刻") }
    public var fieldTransaction: String { pick("Transaction", "取引") }
    public var fieldProduct: String { pick("Product", "商品") }
    public var fieldProductID: String { pick("Product ID", "製品ID") }
    public var fieldDevice: String { pick("Device", "端末") }
    public var fieldDelivers: String { pick("On updates", "updates に配信") }
    public var fieldStatusGroup: String { pick("Status group", "状態グループ") }
    public var fieldDetail: String { pick("Detail", "詳細") }
    public var fieldUnfinished: String { pick("Unfinished", "未完了") }
    public var fieldCategory: String { pick("Category", "分類") }
    public var yes: String { pick("yes", "はい") }
    public var no: String { pick("no", "いいえ") }
    public func deliversValue(_ delivers: Bool) -> String {
        delivers ? pick("yes, to devices other than the one that made it", "はい（行った端末以外へ）") : pick("no", "いいえ")
    }
    public var noDevice: String { pick("none (the store clock, the CLI or an admin action)", "なし（ストアの時計・CLI・管理操作）") }
}
