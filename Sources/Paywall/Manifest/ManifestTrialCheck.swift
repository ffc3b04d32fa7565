import Chrome
import Foundation
import MockStore

/// The manifest's trial copy against the catalog (D15 before anything is drawn): a
/// `trialSubtitle` is shown beside every plan while the customer can get a free trial, so each
/// length it writes must be the configured free trial of every plan with one, and each price it
/// names must be one of those plans' prices.
struct ManifestTrialCheck {
    var manifest: PaywallManifest
    var catalog: Catalog
    var places: ManifestPlaces

    /// The products the paywall shows: the manifest's list, else the whole catalog.
    var shown: [CatalogProduct] {
        manifest.productIDs.isEmpty ? catalog.products : manifest.productIDs.compactMap(catalog.product(id:))
    }

    func run() -> [ConfigFileFinding] {
        let trials = shown.compactMap { product -> (CatalogProduct, CatalogOffer)? in
            guard let offer = product.subscription?.introductoryOffer, offer.paymentMode == .freeTrial else { return nil }
            return (product, offer)
        }
        var findings: [ConfigFileFinding] = []
        for (locale, copy) in manifest.localizations.sorted(by: { $0.key < $1.key }) {
            guard let text = copy.trialSubtitle else { continue }
            let path = ["localizations", locale, "trialSubtitle"]
            let key = "`\(path.joined(separator: "."))`"
            guard !trials.isEmpty else {
                findings.append(ConfigFileFinding(.warning, places.problem(at: path,
                    "\(key) is never shown, because no plan on the paywall has a free-trial introductory offer; remove it or configure the trial.")))
                continue
            }
            for (product, offer) in trials {
                let configured = SubscriptionPeriod(value: offer.period.value * max(offer.periodCount, 1), unit: offer.period.unit)
                let days = WrittenLength(value: configured.value, unit: configured.unit, text: "").days
                if let wrong = WrittenLength.all(in: text).first(where: { $0.days != days }) {
                    findings.append(ConfigFileFinding(.error, places.problem(at: path,
                        "\(key) promises a trial of \(wrong.text), but the free trial configured for `\(product.id)` lasts \(Self.words(configured)) (\(offer.period)\(offer.periodCount > 1 ? " × \(offer.periodCount)" : "")); write \(Self.words(configured)) there or change the plan's introductory offer.")))
                }
            }
            let prices = shown.map(\.price) + trials.map(\.1.price)
            for (written, amount) in Self.prices(in: text) where !prices.contains(amount) {
                let plans = trials.map { "`\($0.0.id)` costs \($0.0.price)" }.joined(separator: ", ")
                findings.append(ConfigFileFinding(.error, places.problem(at: path,
                    "\(key) names the price \(written), but \(plans) and its trial is free; write the plan's own price or leave prices to the plan cards.")))
            }
        }
        return findings
    }

    /// "3 days", "1 week".
    static func words(_ period: SubscriptionPeriod) -> String {
        "\(period.value) \(period.unit.rawValue)\(period.value == 1 ? "" : "s")"
    }

    private static let priceRegex = try! NSRegularExpression(
        pattern: #"[$€£¥￥]\s?(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s?(?:円|USD|EUR|JPY)"#)

    /// Amounts written with a currency ("$39.99", "¥1,200", "480円"), as written and as numbers.
    static func prices(in text: String) -> [(String, Decimal)] {
        priceRegex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            let number = [1, 2].lazy.compactMap { Range(match.range(at: $0), in: text) }.first
            guard let whole = Range(match.range, in: text), let number,
                  let amount = Decimal(string: text[number].replacingOccurrences(of: ",", with: ""), locale: Locale(identifier: "en_US_POSIX"))
            else { return nil }
            return (String(text[whole]), amount)
        }
    }
}
