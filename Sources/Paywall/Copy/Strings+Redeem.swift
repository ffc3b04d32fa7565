import Foundation

/// The offer code redeem sheet, the promotional offer sheet, and their results.
extension Strings {
    public var redeemTitle: String { pick("Redeem Offer Code", "オファーコードを引き換える") }
    public var redeemPrompt: String { pick("Enter your code:", "コードを入力してください：") }
    public var redeemButton: String { pick("Redeem", "引き換える") }
    public var redeemFailedTitle: String { pick("Couldn't redeem the code", "コードを引き換えられませんでした") }
    public var footerRedeemKeys: String { pick("Type the code  Enter redeem  Esc cancel", "コードを入力  Enter 引き換え  Esc キャンセル") }
    public var promoTitle: String { pick("Special Offer", "特別オファー") }
    public var promoHelp: String { pick("Buy the focused plan with its promotional offer", "選択中のプランを特別オファーで購入") }
    public func noPromotionalOffer(_ name: String) -> String {
        pick("\(name) has no promotional offer for you.", "\(name)に利用できる特別オファーはありません。")
    }
    public var redeemHelp: String { pick("Redeem an offer code", "オファーコードを引き換える") }
    public func codeRedeemed(_ name: String) -> String {
        pick("Code redeemed. \(name) is now active.", "コードを引き換えました。\(name)が有効になりました。")
    }
    public func codeNotValid(_ code: String) -> String {
        pick("“\(code)” is not a valid code. Check it and try again.", "「\(code)」は有効なコードではありません。確認してもう一度お試しください。")
    }
}
