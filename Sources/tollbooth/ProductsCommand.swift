import ArgumentParser
import Chrome
import Foundation
import MockStore
import Paywall

/// `tollbooth products CATALOG`: what `Product.products(for:)` would return.
struct ProductsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "products", abstract: "List the products a catalog offers, as products(for:) returns them.")

    @Argument(help: "A .storekit file (or .storekit package directory).")
    var catalog: String

    @Option(help: "Locale for names and prices, e.g. en_US or ja_JP (default: the file's _locale).")
    var locale: String?

    @Option(help: "Storefront, ISO 3166-1 alpha-3, e.g. USA or JPN (default: the file's _storefront).")
    var storefront: String?

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        try DidYouMean.checkLocale(locale, languages: false)
    }

    func run() async throws {
        try await userFacing {
            try Self.refuseConfigFile(catalog)
            let catalog = try CatalogLoader.load(path: catalog)
            let store = try Store(catalog: catalog, ledger: .inMemory(), device: "cli", polling: false, role: .admin)
            try await StorefrontOption.apply(locale: locale, storefront: storefront, to: store)
            let products = try await store.allProducts()
            if json {
                try printJSON(products.map { ProductJSON($0, plans: catalog.product(id: $0.id)?.subscription?.billingPlans ?? []) })
                return
            }
            for warning in catalog.warnings { say("warning: \(warning)") }
            guard !products.isEmpty else {
                say("\(catalog.source) has no products.")
                return
            }
            let rows = products.map { p -> [String] in
                var terms = p.type.description
                if let sub = p.subscription {
                    terms = "\(sub.subscriptionPeriod) group \(sub.groupDisplayName) level \(sub.groupLevel)"
                    if let intro = sub.introductoryOffer {
                        terms += "; intro \(intro.paymentMode) \(intro.period)×\(intro.periodCount) \(intro.displayPrice)"
                    }
                    for plan in sub.pricingTerms where plan.billingPlanType == .monthly {
                        terms += "; or \(plan.billingDisplayPrice) a month for 12 months (\(plan.commitmentDisplayPrice) in all)"
                    }
                }
                return [p.id, p.displayName.isEmpty ? "(no name)" : p.displayName, p.displayPrice, terms]
            }
            say(table(["PRODUCT", "NAME", "PRICE", "TERMS"], rows))
        }
    }
}

extension ProductsCommand {
    /// A YAML file is never a catalog: a manifest, a theme or App Store metadata given in its
    /// place is named as what it is, with the command that reads it.
    static func refuseConfigFile(_ path: String) throws {
        let name = URL(fileURLWithPath: path).lastPathComponent.lowercased()
        guard name.hasSuffix(".yaml") || name.hasSuffix(".yml"), FileManager.default.fileExists(atPath: path) else { return }
        let kind = (try? ConfigFileKind.read(path)).flatMap { try? ConfigFileKind.detect(file: path, text: $0) }
        let check = "`tollbooth check \(path)` validates it"
        switch kind {
        case .manifest?:
            let stem = ManifestLocation.catalogStem(ofManifest: path)
            // Beside the manifest, written as the user wrote its path.
            let directory = (path as NSString).deletingLastPathComponent
            let catalog = directory.isEmpty ? "\(stem).storekit" : "\(directory)/\(stem).storekit"
            let products = FileManager.default.fileExists(atPath: catalog) ? "tollbooth products \(catalog)" : "tollbooth products CATALOG"
            throw CLIError("\(path) is a paywall manifest, not a catalog: run `\(products)` to list its catalog's products; \(check).")
        case .theme?:
            throw CLIError("\(path) is a theme, not a catalog: run `tollbooth products CATALOG` with a .storekit file; \(check).")
        case .metadata?:
            throw CLIError("\(path) is App Store metadata, not a catalog: run `tollbooth products CATALOG` with a .storekit file; \(check).")
        case nil:
            throw CLIError("\(path) is a YAML file, not a catalog: run `tollbooth products CATALOG` with a .storekit file.")
        }
    }
}

/// JSON shape of a product for `products --json`.
struct ProductJSON: Encodable {
    var id, type, displayName, description, displayPrice, price, currency: String
    var subscription: Subscription?

    struct Subscription: Encodable {
        var groupID, groupDisplayName, period: String
        var level: Int
        var introductoryOffer: Offer?
        /// The file's `billingPlans`, disabled ones included; empty before v5.
        var billingPlans: [BillingPlan]
    }

    /// One `billingPlans[]` entry: `price` is charged each billing (monthly for `MONTHLY`),
    /// `commitmentPrice` is the total over the commitment.
    struct BillingPlan: Encodable {
        var type, price: String
        var commitmentPrice: String?
        var enabled: Bool
    }

    struct Offer: Encodable {
        var paymentMode, period, displayPrice: String
        var periodCount: Int
    }

    init(_ p: Product, plans: [CatalogBillingPlan] = []) {
        id = p.id
        type = p.type.description
        displayName = p.displayName
        description = p.description
        displayPrice = p.displayPrice
        price = "\(p.price)"
        currency = p.priceFormatStyle.currencyCode
        subscription = p.subscription.map { s in
            Subscription(groupID: s.subscriptionGroupID, groupDisplayName: s.groupDisplayName,
                         period: s.subscriptionPeriod.iso8601, level: s.groupLevel,
                         introductoryOffer: s.introductoryOffer.map {
                             Offer(paymentMode: $0.paymentMode.description, period: $0.period.iso8601,
                                   displayPrice: $0.displayPrice, periodCount: $0.periodCount)
                         },
                         billingPlans: plans.map {
                             BillingPlan(type: $0.type, price: "\($0.price)", commitmentPrice: $0.commitmentPrice.map { "\($0)" },
                                         enabled: $0.isEnabled)
                         })
        }
    }
}

/// Applies `--locale` / `--storefront` to a store, validating the storefront.
enum StorefrontOption {
    static func apply(locale: String?, storefront: String?, to store: Store) async throws {
        try DidYouMean.checkStorefront(storefront)
        guard locale != nil || storefront != nil else { return }
        _ = try await store.admin { session in
            try session.updateSettings { settings in
                if let locale { settings.locale = locale }
                if let storefront { settings.storefront = storefront.uppercased() }
            }
        }
    }
}
