import Chrome
import Foundation

/// The offer code redeem sheet, the promotional offer sheet, and their results.
extension Strings {
    public var redeemTitle: String { text(.redeemTitle) }
    public var redeemPrompt: String { text(.redeemPrompt) }
    public var redeemButton: String { text(.redeemButton) }
    public var redeemFailedTitle: String { text(.redeemFailedTitle) }
    public var footerRedeemKeys: String { text(.footerRedeemKeys) }
    public var promoTitle: String { text(.promoTitle) }
    public var promoHelp: String { text(.promoHelp) }
    public func noPromotionalOffer(_ name: String) -> String {
        text(.noPromotionalOffer, name)
    }
    public var redeemHelp: String { text(.redeemHelp) }
    public func codeRedeemed(_ name: String) -> String {
        text(.codeRedeemed, name)
    }
    public func codeNotValid(_ code: String) -> String {
        text(.codeNotValid, code)
    }
}
