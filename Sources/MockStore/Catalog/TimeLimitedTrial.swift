import Foundation

/// A free, time-limited trial of an app that sells no subscription (App Review Guideline 3.1.1,
/// docs/domain.md §3 D18): a non-consumable priced 0 whose name or description states a length
/// and says it is a trial ("14-day Trial", "7 Day Free Trial", 「14日間無料体験」).
///
/// Recognised when all three hold: the product is a non-consumable, its price is 0, and one of
/// its texts (display name first, then description) has a written length (`WrittenLength`) and a
/// trial word (trial, free, 無料, 体験, お試し, トライアル). The first length found is the trial's.
public struct TimeLimitedTrial: Hashable, Sendable {
    /// How long the trial lasts, as the product's text says.
    public var length: WrittenLength

    static let trialWords = try! NSRegularExpression(pattern: #"trial|free|無料|体験|お試し|トライアル"#, options: .caseInsensitive)

    /// The trial a product's `type`, `price` and texts describe, or nil when it is not one.
    public init?(type: ProductType, price: Decimal, texts: [String]) {
        guard type == .nonConsumable, price == 0 else { return nil }
        for text in texts {
            let range = NSRange(text.startIndex..., in: text)
            guard Self.trialWords.firstMatch(in: text, range: range) != nil,
                  let length = WrittenLength.all(in: text).first else { continue }
            self.length = length
            return
        }
        return nil
    }

    /// A catalog product's trial, read from every localization's name and description.
    public init?(_ product: CatalogProduct) {
        let texts = product.localizations.map(\.displayName) + product.localizations.map(\.description)
        self.init(type: product.type, price: product.price, texts: texts)
    }

    /// A loaded product's trial, read from its localized name and description.
    public init?(_ product: Product) {
        self.init(type: product.type, price: product.price, texts: [product.displayName, product.description])
    }

    /// The full unlock a trial leads to: the paid non-consumable among `products` (those the
    /// paywall shows); when there are several, the most expensive (a full unlock costs the most),
    /// the first listed on a tie. Nil when none is paid.
    public static func fullUnlock(among products: [Product]) -> Product? {
        var best: Product?
        for product in products where product.type == .nonConsumable && product.price > 0 {
            if best.map({ product.price > $0.price }) ?? true { best = product }
        }
        return best
    }
}
