/// What the paywall says after a purchase, restore or store update.
extension Strings {
    public var purchaseCompleteTitle: String { pick("Purchase complete", "購入が完了しました") }
    public func nowActive(_ name: String) -> String { pick("\(name) is now active.", "\(name)が有効になりました。") }
    public func upgraded(_ name: String) -> String {
        pick("Upgraded to \(name). It takes effect now.", "\(name)にアップグレードしました。今すぐ有効になります。")
    }
    public func switchedNow(_ name: String) -> String {
        pick("Switched to \(name). It takes effect now.", "\(name)に変更しました。今すぐ有効になります。")
    }
    public var planChangeTitle: String { pick("Plan change scheduled", "プラン変更を予約しました") }
    public var planKeptTitle: String { pick("Plan kept", "プランを継続") }
    public func planKept(_ name: String, cancelled: String) -> String {
        pick("You stay on \(name); the change to \(cancelled) is cancelled.",
             "\(name)を継続します。\(cancelled)への変更は取り消されました。")
    }
    public func changesAtRenewal(_ name: String, _ date: String) -> String {
        pick("Your plan changes to \(name) at the next renewal on \(date). Until then your current plan stays active.",
             "次回の更新日（\(date)）に\(name)へ変更されます。それまでは現在のプランをご利用いただけます。")
    }
    public var cancelledTitle: String { pick("Purchase cancelled", "購入をキャンセルしました") }
    public var cancelledMessage: String { pick("You weren't charged.", "料金は請求されていません。") }
    public var pendingTitle: String { pick("Purchase pending", "購入保留中") }
    public var pendingMessage: String {
        pick("Your purchase is pending and will be available once approved. Ask to Buy sent the request to a parent or guardian.",
             "購入は保留されています。承認後に利用可能になります。（承認と購入のリクエストを保護者に送信しました）")
    }
    public var unverifiedTitle: String { pick("Purchase not verified", "購入を検証できません") }
    public var restoreTitle: String { pick("Restore Purchases", "購入を復元") }
    public func restored(_ count: Int) -> String {
        count == 1 ? pick("1 purchase restored.", "1件の購入を復元しました。")
                   : pick("\(count) purchases restored.", "\(count)件の購入を復元しました。")
    }
    public var nothingToRestore: String {
        pick("Nothing to restore: this account has no active purchases.", "復元できる購入はありません。")
    }
    public var restoreFailedTitle: String { pick("Restore failed", "復元に失敗しました") }
    public func restoredUnverified(_ count: Int) -> String {
        pick("\(count) unverified, not granted.", "\(count)件は未検証のため付与されていません。")
    }
    public var updateTitle: String { pick("Purchase updated", "購入情報が更新されました") }
    public func approved(_ name: String) -> String { pick("\(name) was approved and is now active.", "\(name)が承認され、有効になりました。") }
    public func renewed(_ name: String) -> String { pick("\(name) renewed.", "\(name)が更新されました。") }
    public func refunded(_ name: String) -> String { pick("\(name) was refunded; access removed.", "\(name)は払い戻されました。利用できなくなりました。") }
    public func deliveredFromElsewhere(_ name: String) -> String {
        pick("\(name) was purchased on another device or outside the app.", "\(name)が別の端末またはアプリ外で購入されました。")
    }
    public func redelivered(_ name: String) -> String {
        pick("\(name) was delivered again at launch: it was never finished.", "\(name)は完了処理（finish）されていなかったため、起動時に再度届きました。")
    }
    public func unverifiedUpdate(_ name: String) -> String {
        pick("An update for \(name) failed verification and was not granted.", "\(name)の更新は検証に失敗したため付与されていません。")
    }
}
