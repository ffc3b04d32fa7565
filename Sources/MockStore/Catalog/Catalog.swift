import Foundation

/// A product catalog read from an Xcode StoreKit configuration (`.storekit`) file.
///
/// Holds what the file says, nothing the store derives at run time (prices are resolved to a
/// currency and locale by `Storefront` / `PriceFormat`, text by `LocalizedText`).
public struct Catalog: Sendable, Equatable {
    /// The file's `identifier` (absent in v1.0 files).
    public var identifier: String?
    /// The file's `version` (`major.minor`).
    public var version: CatalogVersion
    /// Every product in file order: `products`, then `nonRenewingSubscriptions`, then each
    /// group's `subscriptions`.
    public var products: [CatalogProduct]
    /// Subscription groups in file order.
    public var groups: [SubscriptionGroup]
    /// The `settings` block (all optional).
    public var settings: CatalogSettings
    /// `appPolicies` (v4+): EULA and per-locale privacy policy.
    public var policies: AppPolicies
    /// Where the catalog was read from (a file path, or the path of a `.storekit` package).
    public var source: String
    /// Non-fatal remarks, e.g. an unknown major version (`storekit-format.md` §8).
    public var warnings: [String]
    /// `subscriptionOffersKeyPair`: the key promotional offers are signed with (secret).
    public var subscriptionOffersKey: SubscriptionOffersKey?
    /// The app's bundle ID, which a `.storekit` file does not hold; nil lets
    /// `PromotionalOfferSigning.appBundleID(for:)` decide.
    public var appBundleID: String?

    public init(identifier: String? = nil, version: CatalogVersion = .init(major: 4, minor: 0),
                products: [CatalogProduct] = [], groups: [SubscriptionGroup] = [],
                settings: CatalogSettings = .init(), policies: AppPolicies = .init(),
                source: String = "<memory>", warnings: [String] = []) {
        self.identifier = identifier
        self.version = version
        self.products = products
        self.groups = groups
        self.settings = settings
        self.policies = policies
        self.source = source
        self.warnings = warnings
    }

    /// The product with this identifier, if the catalog has one.
    public func product(id: String) -> CatalogProduct? { products.first { $0.id == id } }

    /// The subscription group with this identifier.
    public func group(id: String) -> SubscriptionGroup? { groups.first { $0.id == id } }

    /// Every locale the catalog has product or group text for, first seen first.
    public var localizationLocales: [String] {
        var locales: [String] = []
        for text in products.flatMap(\.localizations) + groups.flatMap(\.localizations) where !locales.contains(text.locale) {
            locales.append(text.locale)
        }
        return locales
    }
}

/// A `.storekit` format version.
public struct CatalogVersion: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public init(major: Int, minor: Int) { self.major = major; self.minor = minor }
    public var description: String { "\(major).\(minor)" }
}

/// One product of any of the four types.
public struct CatalogProduct: Sendable, Equatable, Identifiable {
    /// `productID`.
    public var id: String
    public var referenceName: String?
    public var type: ProductType
    /// `displayPrice` parsed as a decimal string (never a locale-formatted number).
    public var price: Decimal
    public var isFamilyShareable: Bool
    public var localizations: [LocalizedText]
    /// Non-nil for auto-renewable subscriptions only.
    public var subscription: CatalogSubscription?
    /// `internalID`: opaque (8 hex digits locally, 10 digits when synced, free text by hand).
    public var internalID: String?

    public init(id: String, referenceName: String? = nil, type: ProductType, price: Decimal,
                isFamilyShareable: Bool = false, localizations: [LocalizedText] = [],
                subscription: CatalogSubscription? = nil, internalID: String? = nil) {
        self.internalID = internalID
        self.id = id
        self.referenceName = referenceName
        self.type = type
        self.price = price
        self.isFamilyShareable = isFamilyShareable
        self.localizations = localizations
        self.subscription = subscription
    }
}

/// The subscription-only part of a product.
public struct CatalogSubscription: Sendable, Equatable {
    public var groupID: String
    /// `groupNumber`: 1 is the highest tier; several products may share a level.
    public var level: Int
    public var period: SubscriptionPeriod
    /// nil when absent, `null`, or `paymentMode: "none"` (Xcode's unfinished offer).
    public var introductoryOffer: CatalogOffer?
    public var promotionalOffers: [CatalogOffer]
    public var codeOffers: [CatalogOffer]
    public var winBackOffers: [CatalogOffer]
    /// v5 `billingPlans` (empty before v5): billed up front, or monthly with a 12-month commitment.
    public var billingPlans: [CatalogBillingPlan]
    /// `promotionalImageID`: names `Assets/<id>.png` inside a package-form `.storekit`.
    public var promotionalImageID: String?

    public init(groupID: String, level: Int, period: SubscriptionPeriod, introductoryOffer: CatalogOffer? = nil,
                promotionalOffers: [CatalogOffer] = [], codeOffers: [CatalogOffer] = [],
                winBackOffers: [CatalogOffer] = [], billingPlans: [CatalogBillingPlan] = [],
                promotionalImageID: String? = nil) {
        self.billingPlans = billingPlans
        self.promotionalImageID = promotionalImageID
        self.groupID = groupID
        self.level = level
        self.period = period
        self.introductoryOffer = introductoryOffer
        self.promotionalOffers = promotionalOffers
        self.codeOffers = codeOffers
        self.winBackOffers = winBackOffers
    }
}

/// A subscription offer of any type, as configured.
public struct CatalogOffer: Sendable, Equatable {
    /// `offerID` for promotional and win-back offers; nil for introductory offers.
    public var id: String?
    public var referenceName: String?
    public var type: OfferType
    public var paymentMode: PaymentMode
    public var period: SubscriptionPeriod
    /// `numberOfPeriods`, defaulting to 1.
    public var periodCount: Int
    /// Zero for free trials, whatever stale `displayPrice` the file holds.
    public var price: Decimal
    /// Offer codes only: `new`, `existing`, `expired`.
    public var eligibility: [String]
    public var isStackable: Bool
    /// `internalID`: the only identifier an offer code or an introductory offer has in the file.
    public var internalID: String?
    /// v5 `billingPlanType` (`BILLED_UPFRONT`, `MONTHLY`); nil in older files.
    public var billingPlanType: String?
    /// Win-back offers only: Xcode's `isEligible`, which stands in for App Store Connect's
    /// eligibility criteria; false means no customer may redeem it.
    public var isEligible = true

    public init(id: String? = nil, referenceName: String? = nil, type: OfferType, paymentMode: PaymentMode,
                period: SubscriptionPeriod, periodCount: Int = 1, price: Decimal = 0,
                eligibility: [String] = [], isStackable: Bool = false, internalID: String? = nil,
                billingPlanType: String? = nil) {
        self.internalID = internalID
        self.billingPlanType = billingPlanType
        self.id = id
        self.referenceName = referenceName
        self.type = type
        self.paymentMode = paymentMode
        self.period = period
        self.periodCount = periodCount
        self.price = price
        self.eligibility = eligibility
        self.isStackable = isStackable
    }
}

/// A subscription group and its display names.
public struct SubscriptionGroup: Sendable, Equatable, Identifiable {
    public var id: String
    public var name: String
    public var localizations: [LocalizedText]
    /// Product ids of the group's subscriptions, in file order.
    public var productIDs: [String]

    public init(id: String, name: String, localizations: [LocalizedText] = [], productIDs: [String] = []) {
        self.id = id
        self.name = name
        self.localizations = localizations
        self.productIDs = productIDs
    }
}

/// One `{locale, displayName, description}` entry.
public struct LocalizedText: Sendable, Equatable {
    public var locale: String
    public var displayName: String
    public var description: String

    public init(locale: String, displayName: String, description: String) {
        self.locale = locale
        self.displayName = displayName
        self.description = description
    }
}

/// `appPolicies`: the EULA text and per-locale privacy policy.
public struct AppPolicies: Sendable, Hashable {
    /// Custom EULA text; empty means Apple's standard EULA applies.
    public var eula: String
    public var policies: [PrivacyPolicy]

    public init(eula: String = "", policies: [PrivacyPolicy] = []) {
        self.eula = eula
        self.policies = policies
    }

    /// Apple's standard EULA, shown when the configuration has no custom one.
    public static let standardEULAURL = "https://www.apple.com/legal/internet-services/itunes/dev/stdeula/"
}

/// One `appPolicies.policies[]` entry.
public struct PrivacyPolicy: Sendable, Hashable {
    public var locale: String
    public var text: String
    public var url: String

    public init(locale: String, text: String = "", url: String = "") {
        self.locale = locale
        self.text = text
        self.url = url
    }
}

/// The `settings` block. Every key is optional in the file; absent keys take Xcode's defaults.
public struct CatalogSettings: Sendable, Equatable {
    /// `_locale` (e.g. `en_US`, `ja`).
    public var locale: String?
    /// `_storefront`, ISO 3166-1 alpha-3 (`USA`, `JPN`).
    public var storefront: String?
    /// `_timeRate`; nil when absent or not a known raw value (then `unknownTimeRate` holds it).
    public var timeRate: TimeRate?
    public var unknownTimeRate: Int?
    /// `_askToBuyEnabled`.
    public var askToBuyEnabled: Bool
    /// `_billingIssuesEnabled` → interrupted purchases (mapping unconfirmed, docs/domain.md §2.1).
    public var interruptedPurchasesEnabled: Bool
    /// `_renewalBillingIssuesEnabled` → every renewal fails into billing retry.
    public var billingRetryOnRenewal: Bool
    /// `_billingGracePeriodEnabled`.
    public var billingGracePeriodEnabled: Bool
    /// `_disableDialogs`: purchases confirm without a sheet.
    public var dialogsDisabled: Bool
    /// `_failTransactionsEnabled` (deprecated) and its `_storeKitError` code.
    public var failTransactionsEnabled: Bool
    /// `_storeKitErrors`, one entry per API present in the file (enabled or not).
    public var storeKitErrors: [ConfiguredFault]
    /// The v2.0-era `_storeKitError` integer that went with `failTransactionsEnabled` (raw, unmapped).
    public var legacyStoreKitError: Int?
    /// `_lastSynchronizedDate` (seconds since 2001-01-01, or an ISO-8601 string): set for files
    /// synced from App Store Connect.
    public var lastSynchronizedDate: Date?

    public init(locale: String? = nil, storefront: String? = nil, timeRate: TimeRate? = nil,
                unknownTimeRate: Int? = nil, askToBuyEnabled: Bool = false,
                interruptedPurchasesEnabled: Bool = false, billingRetryOnRenewal: Bool = false,
                billingGracePeriodEnabled: Bool = false, dialogsDisabled: Bool = false,
                failTransactionsEnabled: Bool = false, storeKitErrors: [ConfiguredFault] = [],
                legacyStoreKitError: Int? = nil, lastSynchronizedDate: Date? = nil) {
        self.legacyStoreKitError = legacyStoreKitError
        self.lastSynchronizedDate = lastSynchronizedDate
        self.locale = locale
        self.storefront = storefront
        self.timeRate = timeRate
        self.unknownTimeRate = unknownTimeRate
        self.askToBuyEnabled = askToBuyEnabled
        self.interruptedPurchasesEnabled = interruptedPurchasesEnabled
        self.billingRetryOnRenewal = billingRetryOnRenewal
        self.billingGracePeriodEnabled = billingGracePeriodEnabled
        self.dialogsDisabled = dialogsDisabled
        self.failTransactionsEnabled = failTransactionsEnabled
        self.storeKitErrors = storeKitErrors
    }
}

/// One `_storeKitErrors` entry: Xcode keeps the chosen error even while `enabled` is false.
public struct ConfiguredFault: Sendable, Equatable {
    public var api: FailableAPI
    public var enabled: Bool
    /// nil when `current` is null or names an error this version does not know.
    public var error: InjectedError?

    public init(api: FailableAPI, enabled: Bool, error: InjectedError?) {
        self.api = api
        self.enabled = enabled
        self.error = error
    }
}
