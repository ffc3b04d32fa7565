import Foundation
import MockStore

/// The Clock panel's copy: store time, time rates in words, clock actions, subscription dates.
extension Strings {
    public var clockStoreTime: String { pick("Store time", "ストア時刻") }
    public var clockRunning: String { pick("Running", "動作中") }
    public var clockPaused: String { pick("Paused", "停止中") }
    public var clockRate: String { pick("Rate", "時間の速さ") }
    public var clockSubscriptions: String { pick("Subscriptions", "サブスクリプション") }
    public var clockNoSubscriptions: String {
        pick("No subscriptions on this account yet.", "このアカウントにはまだサブスクリプションがありません。")
    }

    // MARK: Actions

    public var clockPause: String { pick("Pause the clock", "時計を止める") }
    public var clockResume: String { pick("Resume the clock", "時計を動かす") }
    public var clockPlusHour: String { pick("+1 hour", "+1時間進める") }
    public var clockPlusDay: String { pick("+1 day", "+1日進める") }
    /// "+1 period: 1 year (Premium Yearly), 6 min at this rate".
    public func clockPlusPeriod(_ period: String, product: String?, length: String?) -> String {
        let product = product.map { pick(" (\($0))", "（\($0)）") } ?? pick(" (no subscription)", "（サブスクリプションなし）")
        let length = length.map { pick(", \($0) at this rate", "・この速さで\($0)") } ?? ""
        return pick("+1 period: \(period)\(product)\(length)", "+1期間進める: \(period)\(product)\(length)")
    }
    public func clockPlusPeriodShort(_ period: String) -> String { pick("+1 period: \(period)", "+1期間: \(period)") }
    public var clockToNextDue: String { pick("To the next renewal or expiry", "次の更新・期限まで進める") }
    public func clockNextDue(_ date: String) -> String { pick("next: \(date)", "次: \(date)") }
    public var clockChooseRate: String { pick("Time rate...", "時間の速さを選ぶ...") }

    /// The clock panel's keys, most important first.
    public func clockFooterKeys(paused: Bool) -> String {
        pick("p \(paused ? "resume" : "pause")  h/d +1h/+1d  b +period  n next  r rate",
             "p \(paused ? "再開" : "停止")  h/d +1時間/+1日  b +1期間  n 次へ  r 速さ")
    }
    public var rateChooserFooterKeys: String {
        pick("j/k choose  Enter set rate  Esc back", "j/k 選択  Enter 設定  Esc 戻る")
    }

    // MARK: Time rates

    public var rateChooserTitle: String { pick("Time rate", "時間の速さ") }
    public var rateCurrent: String { pick("current", "現在") }
    public var rateDeprecated: String { pick("deprecated", "非推奨") }
    public var rateDeprecatedHeading: String { pick("Deprecated in iOS 15.2", "iOS 15.2 で非推奨") }
    /// B16, and what a rate does and doesn't change.
    public var rateChooserNote: String {
        pick("A rate shortens subscription periods; store time still runs at wall-clock speed. A new rate applies from each subscription's next period (dates already set stay).",
             "速さはサブスクリプションの期間を短くします。ストア時刻は実時間と同じ速さで進みます。新しい速さは次の期間から適用されます（決まった日時は変わりません）。")
    }

    /// What a rate means: "1 month renews every 30 s", "1 month renews every 30 s, 1 year every
    /// 6 min", "Real time: periods last as on the calendar", "Every period renews every 10 s".
    public func rateMeaning(_ rate: TimeRate, periods: [SubscriptionPeriod] = [.monthly]) -> String {
        if rate.isRealTime {
            return pick("Real time: calendar-length periods", "実時間: 暦どおりの期間")
        }
        if rate.rawValue >= 1000 {
            let every = duration(rate.duration(of: .monthly))
            return pick("Every period renews every \(every)", "全ての期間が\(every)ごとに更新")
        }
        var unique: [SubscriptionPeriod] = []
        for period in periods where !unique.contains(period) { unique.append(period) }
        if unique.isEmpty { unique = [.monthly] }
        let parts = unique.map { ($0, duration(rate.duration(of: $0))) }
        switch language {
        case .en:
            let first = "\(period(parts[0].0)) renews every \(parts[0].1)"
            return ([first] + parts.dropFirst().map { "\(period($0.0)) every \($0.1)" }).joined(separator: ", ")
        case .ja:
            return parts.map { "\(period($0.0))が\($0.1)ごと" }.joined(separator: "、") + "に更新"
        }
    }

    /// The grace and billing-retry lengths at a rate: "Grace 15 s, billing retry 1 min", or,
    /// where Apple publishes none for the rate, "Grace ≈31 min, billing retry ≈1 h 56 min
    /// (estimates: Apple publishes none for this rate)".
    public func graceAndRetry(grace: TimeInterval, retry: TimeInterval, estimated: Bool) -> String {
        let mark = estimated ? "≈" : ""
        let grace = mark + duration(grace), retry = mark + duration(retry)
        if !estimated { return pick("Grace \(grace), billing retry \(retry)", "猶予期間\(grace)・請求再試行\(retry)") }
        return pick("Grace \(grace), billing retry \(retry) (estimates: Apple publishes none for this rate)",
                    "猶予期間\(grace)・請求再試行\(retry)（推定値: Apple はこの速さの値を公開していません）")
    }

    /// A span of time in its two largest units: "30 s", "1 min 30 s", "1 h", "1 d 6 h" /
    /// 「30秒」「1分30秒」「1時間」「1日6時間」.
    public func duration(_ seconds: TimeInterval) -> String {
        let total = seconds.isFinite ? Int(max(0, min(seconds, 1e12)).rounded()) : 0
        let units: [(size: Int, en: String, ja: String)] = [(86400, " d", "日"), (3600, " h", "時間"), (60, " min", "分"), (1, " s", "秒")]
        guard let top = units.firstIndex(where: { total >= $0.size }) else { return pick("0 s", "0秒") }
        var parts = ["\(total / units[top].size)" + pick(units[top].en, units[top].ja)]
        if top + 1 < units.count {
            let next = units[top + 1]
            let n = (total % units[top].size) / next.size
            if n > 0 { parts.append("\(n)" + pick(next.en, next.ja)) }
        }
        return parts.joined(separator: pick(" ", ""))
    }

    /// "in 29 s" / 「あと29秒」.
    public func timeUntil(_ seconds: TimeInterval) -> String {
        pick("in \(duration(seconds))", "あと\(duration(seconds))")
    }

    // MARK: Subscription states

    public func renewalStateName(_ state: RenewalState) -> String {
        switch state {
        case .subscribed: pick("subscribed", "登録中")
        case .inGracePeriod: pick("grace period", "猶予期間中")
        case .inBillingRetryPeriod: pick("billing retry", "再試行期間中")
        case .expired: pick("expired", "期限切れ")
        case .revoked: pick("revoked", "払い戻し済み")
        default: state.rawValue
        }
    }
    public func clockRenews(_ date: String) -> String { pick("renews \(date)", "\(date)に更新") }
    public func clockExpires(_ date: String) -> String { pick("expires \(date)", "\(date)に終了") }
    public func clockGraceEnds(_ date: String) -> String { pick("grace ends \(date)", "\(date)に猶予終了") }
    public func clockPeriodEnded(_ date: String) -> String { pick("period ended \(date)", "\(date)に期間終了") }
    public func clockExpired(_ date: String) -> String { pick("expired \(date)", "\(date)に期限切れ") }
    public func clockRevoked(_ date: String) -> String { pick("revoked \(date)", "\(date)に払い戻し") }
    public var clockAutoRenewOff: String { pick("auto-renew off", "自動更新オフ") }
}
