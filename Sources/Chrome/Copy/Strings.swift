/// Tollbooth's UI copy in the paywall's language.
///
/// The text lives in `Resources/Localizable.xcstrings`, a String Catalog Xcode's editor opens;
/// the accessors here and in this folder's extensions (grouped by topic) name its keys through
/// `StringKey`, generated from the catalog by `scripts/string-keys`, so a key the catalog lacks
/// is a compile error. Japanese follows the glossary in docs/domain.md §5; every language uses
/// the App Store's own words (docs/localization.md).
public struct Strings: Sendable, Hashable {
    public let language: Language

    public init(_ language: Language) {
        self.language = language
    }

    /// The catalog's text for `key` in this language (English where a translation is
    /// missing), its placeholders filled and its plural form chosen by the first number.
    package func text(_ key: StringKey, _ arguments: any CatalogArgument...) -> String {
        guard let entry = BundledCatalog.catalog(for: language)?.entry(key.rawValue, language) else { return key.rawValue }
        switch entry {
        case .text(let template):
            return CatalogFormat.format(template, arguments)
        case .plural(let forms):
            let count = arguments.lazy.compactMap(\.pluralCount).first ?? 0
            return CatalogFormat.format(forms[PluralCategory(count, language: language)] ?? forms[.other] ?? "", arguments)
        }
    }

    // MARK: Punctuation

    /// Between the items of a list: ", " / "、".
    public var listSeparator: String { text(.listSeparator) }
    /// Between two clauses of a line: ", " / "・".
    public var clauseSeparator: String { text(.clauseSeparator) }
    /// Between sentences: a space, or nothing where sentences run on (Japanese, Chinese).
    public var sentenceSeparator: String { language.separatesWords ? " " : "" }

    // MARK: Date and time patterns (ICU's, as the language's usual locale writes them)

    public var datePattern: String { text(.datePattern) }
    public var timePattern: String { text(.timePattern) }
    public var timeWithSecondsPattern: String { text(.timeWithSecondsPattern) }

    // MARK: Paywall chrome

    public var defaultTitle: String { text(.defaultTitle) }
    /// Used as the subtitle when no eligible free trial is on offer.
    public var defaultSubtitle: String { text(.defaultSubtitle) }
    /// Used as the subtitle when a free trial is on offer; the length is the configured one (D15).
    public func trialSubtitle(_ length: String) -> String {
        text(.trialSubtitle, length)
    }
    public var oneTimePurchase: String { text(.oneTimePurchase) }
    public var buyOnceUseForever: String { text(.buyOnceUseForever) }
    public var consumable: String { text(.consumable) }
    public var nonRenewing: String { text(.nonRenewing) }
    public var restorePurchases: String { text(.restorePurchases) }
    public var privacyPolicy: String { text(.privacyPolicy) }
    public var termsOfUse: String { text(.termsOfUse) }
    /// The link labels on the paywall, short enough that "Terms of Use: <Apple's EULA URL>"
    /// fits one 80-column row.
    public var privacyPolicyLink: String { text(.privacyPolicyLink) }
    public var termsOfUseLink: String { text(.termsOfUseLink) }
    public var customEULALink: String { text(.customEULALink) }
    public var notConfigured: String { text(.notConfigured) }
    public var privacyMissing: String {
        text(.privacyMissing)
    }
    public var retry: String { text(.retry) }
    public var loadingProducts: String { text(.loadingProducts) }
    public var noProducts: String { text(.noProducts) }
    public var loadFailedTitle: String { text(.loadFailedTitle) }
    public var pressRToRetry: String { text(.pressRToRetry) }
    public var purchasing: String { text(.purchasing) }
    public var restoring: String { text(.restoring) }
    public var windowTooSmall: String { text(.windowTooSmall) }
    public func resizeTo(width: Int, height: Int) -> String {
        text(.resizeTo, width, height)
    }
    public var bestValue: String { text(.bestValue) }

    // MARK: Buttons

    public var subscribe: String { text(.subscribe) }
    public var startFreeTrial: String { text(.startFreeTrial) }
    public var buy: String { text(.buy) }
    public var upgrade: String { text(.upgrade) }
    public var downgrade: String { text(.downgrade) }
    public var switchPlan: String { text(.switchPlan) }
    /// A subscription with auto-renew off, bought again before it expires (S6).
    public var resubscribe: String { text(.resubscribe) }
    public var subscribedButton: String { text(.subscribedButton) }
    public var ownedButton: String { text(.ownedButton) }
    public var awaitingApprovalButton: String { text(.awaitingApprovalButton) }
    public var scheduledButton: String { text(.scheduledButton) }
    /// The current plan while a change is scheduled: choosing it cancels the change.
    public var keepPlan: String { text(.keepPlan) }
    /// A non-renewing subscription, bought again for one more period.
    public var buyAgain: String { text(.buyAgain) }
    /// In grace or billing retry: what the customer has to do.
    public var updatePaymentButton: String { text(.updatePaymentButton) }
    public var billingIssueReason: String {
        // What to do first: a narrow window shows only the start of the sentence.
        text(.billingIssueReason)
    }
    public var paymentsDisabledButton: String { text(.paymentsDisabledButton) }
    /// Shown instead of a dead buy button when `canMakePayments` is false (S7, B11).
    /// Above the plans when the storefront's currency is not the catalog's: "JPY prices are
    /// the catalog's USD numbers: a .storekit file has one price per product."
    public func keptPriceNote(catalog: String, shown: String) -> String { text(.keptPriceNote, catalog, shown) }
    public var paymentsDisabledReason: String {
        text(.paymentsDisabledReason)
    }
    public var busyButton: String { text(.busyButton) }
}
