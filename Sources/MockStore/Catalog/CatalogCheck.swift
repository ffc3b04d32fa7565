import Foundation

/// One thing `tollbooth check` tells a developer to fix in a configuration that did load.
public struct CatalogFinding: Sendable, Equatable, CustomStringConvertible {
    /// `error`: App Store Connect or StoreKit would reject or misbehave; `warning`: worth a look.
    public enum Severity: String, Sendable, Equatable, Comparable {
        case warning, error

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
    }

    public var severity: Severity
    /// One sentence, ending with a full stop.
    public var message: String
    /// The product the finding is about, if any.
    public var productID: String?

    public init(severity: Severity, message: String, productID: String? = nil) {
        self.severity = severity
        self.message = message
        self.productID = productID
    }

    public var description: String { "\(severity.rawValue): \(message)" }
}

/// Checks a loaded catalog for mistakes that do not stop loading but that a developer should fix
/// before shipping: ambiguous ids, periods App Store does not sell, missing display text,
/// settings Tollbooth cannot honour. (The App Review rules read on files, such as D16 and D19,
/// are the audit's: `tollbooth check` runs those beside these.)
public struct CatalogCheck {
    /// Renewal periods App Store Connect offers (docs/domain.md §1.3).
    static let renewalPeriods: Set<SubscriptionPeriod> = [
        .init(value: 1, unit: .week), .init(value: 1, unit: .month), .init(value: 2, unit: .month),
        .init(value: 3, unit: .month), .init(value: 6, unit: .month), .init(value: 1, unit: .year),
    ]

    /// All findings, errors first, each group in file order; the loader's warnings come last.
    public static func run(_ catalog: Catalog) -> [CatalogFinding] {
        var findings: [CatalogFinding] = []
        func add(_ severity: CatalogFinding.Severity, _ message: String, _ productID: String? = nil) {
            findings.append(CatalogFinding(severity: severity, message: message, productID: productID))
        }
        let locale = catalog.defaultLocale

        // Duplicate ids: `Product.products(for:)` would return one of them, never both.
        var counts: [String: Int] = [:]
        for product in catalog.products { counts[product.id, default: 0] += 1 }
        var reported: Set<String> = []
        for product in catalog.products where counts[product.id, default: 0] > 1 && reported.insert(product.id).inserted {
            add(.error, "Product id \(q(product.id)) is used by \(counts[product.id]!) products, so StoreKit can only ever find one of them; give each product its own id.", product.id)
        }

        var ownerGroup: [String: String] = [:]
        for group in catalog.groups {
            for id in group.productIDs where ownerGroup[id] == nil { ownerGroup[id] = group.id }
            if group.productIDs.isEmpty {
                add(.warning, "Subscription group \(q(group.id)) has no subscriptions; remove it or add one.")
            }
        }

        for product in catalog.products {
            let name = product.type == .autoRenewable ? "Subscription \(q(product.id))" : "Product \(q(product.id))"
            if let text = catalog.localization(of: product) {
                if text.displayName.trimmingCharacters(in: .whitespaces).isEmpty {
                    add(.warning, "\(name) has an empty display name for \(q(text.locale)), so the paywall would show a blank title; fill it in.", product.id)
                }
            } else {
                add(.warning, "\(name) has no localizations, so the paywall has no name to show for \(locale); add one.", product.id)
            }
            if let trial = TimeLimitedTrial(product) {
                // A free trial of a paid unlock is allowed (Guideline 3.1.1, D18), if there is one to buy.
                if !catalog.products.contains(where: { $0.type == .nonConsumable && $0.price > 0 }) {
                    add(.warning, "\(name) is a free \(trial.length.text) trial, but the catalog sells no paid non-consumable to unlock the app when it ends, so the paywall cannot show the full price (D18); add the full unlock.", product.id)
                }
            } else if product.price == 0 {
                add(.warning, "\(name) costs 0, but the App Store sells no free in-app purchases except a time-limited trial of a non-consumable (named like \"14-day Trial\"); give it a price.", product.id)
            }
            guard let subscription = product.subscription else { continue }
            if let owner = ownerGroup[product.id], owner != subscription.groupID {
                add(.error, "\(name) says its subscriptionGroupID is \(q(subscription.groupID)) but it sits in group \(q(owner)); make them match.", product.id)
            }
            if subscription.level < 1 {
                add(.error, "\(name) has groupNumber \(subscription.level), but levels start at 1 (the highest tier).", product.id)
            }
            // A period under a week is D16, which `tollbooth check` reports with the audit's own rule.
            if subscription.period.approximateDays >= 7 && !renewalPeriods.contains(subscription.period) {
                add(.warning, "\(name) renews every \(subscription.period), which App Store Connect does not offer (use P1W, P1M, P2M, P3M, P6M or P1Y).", product.id)
            }
            let allOffers = [subscription.introductoryOffer].compactMap { $0 } + subscription.promotionalOffers
                + subscription.codeOffers + subscription.winBackOffers
            for offer in allOffers where offer.paymentMode != .freeTrial && offer.price == 0 {
                add(.warning, "\(name) has an offer (\(offer.type), \(offer.paymentMode)) priced at 0; make it a free trial or give it a price.", product.id)
            }
            if !subscription.promotionalOffers.isEmpty && catalog.subscriptionOffersKey == nil {
                add(.warning, "\(name) has promotional offers, but the file has no subscription offers key, so an app's purchase of one fails with invalidOfferSignature; add a key in Xcode (Editor ▸ Subscription Offers Key).", product.id)
            }
            var offerIDs: Set<String> = []
            for offer in subscription.promotionalOffers + subscription.winBackOffers {
                if let id = offer.id, !offerIDs.insert(id).inserted {
                    add(.error, "\(name) has two offers with offerID \(q(id)), so a purchase cannot say which one it means.", product.id)
                }
            }
        }

        if let code = catalog.settings.storefront, Storefront(alpha3: code) == nil {
            add(.error, "Storefront \(q(code)) is not one Tollbooth knows, so prices fall back to USD; use one of \(Storefront.knownCountryCodes.joined(separator: ", ")).")
        }
        if let raw = catalog.settings.unknownTimeRate {
            add(.warning, "_timeRate \(raw) is not a renewal rate Tollbooth knows, so subscriptions renew in real time; pick a rate in Xcode's configuration settings.")
        }
        for fault in catalog.settings.storeKitErrors where fault.enabled && fault.error == nil {
            add(.warning, "StoreKit error injection for \(fault.api.xcodeName) is enabled but no error is chosen, so it does nothing.")
        }
        // A missing privacy-policy URL is D19, which `tollbooth check` reports with the audit's
        // own rule, in every language the audit reads.

        // Errors first; filtering (unlike `sort`) is guaranteed to keep file order within each.
        findings = findings.filter { $0.severity == .error } + findings.filter { $0.severity == .warning }
        for warning in catalog.warnings {
            add(.warning, warning)
        }
        return findings
    }

    private static func q(_ text: String) -> String { SourceText.quoted(text) }
}
