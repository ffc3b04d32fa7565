import Foundation

/// The offer code redeem sheet and its results.
extension Strings {
    public var redeemTitle: String { pick("Redeem Offer Code", "オファーコードを引き換える") }
    public var redeemPrompt: String { pick("Enter your code:", "コードを入力してください：") }
    public var redeemButton: String { pick("Redeem", "引き換える") }
    public var redeemFailedTitle: String { pick("Couldn't redeem the code", "コードを引き換えられませんでした") }
    public var footerRedeemKeys: String { pick("Type the code  Enter redeem  Esc cancel", "コードを入力  Enter 引き換え  Esc キャンセル") }
    public var redeemHelp: String { pick("Redeem an offer code", "オファーコードを引き換える") }
    public func codeRedeemed(_ name: String) -> String {
        pick("Code redeemed. \(name) is now active.", "コードを引き換えました。\(name)が有効になりました。")
    }
    public func codeNotValid(_ code: String) -> String {
        pick("“\(code)” is not a valid code. Check it and try again.", "「\(code)」は有効なコードではありません。確認してもう一度お試しください。")
    }
}
