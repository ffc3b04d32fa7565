import Chrome
import Foundation
import MockStore
import TerminalUI

/// What a paywall is launched with, and the two things launching does with it: set up the store
/// (this device's language, the account's storefront and time rate) and build the first state.
///
/// `tollbooth run` and the scenario player both launch through it, so a scripted scenario shows
/// exactly what `run` shows for the same options.
public struct PaywallLaunch: Sendable {
    public var catalog: Catalog
    public var manifest: PaywallManifest
    /// `--locale`; nil: the catalog's `_locale`, else en_US.
    public var locale: String?
    /// `--storefront`, an ISO 3166-1 alpha-3 code; nil leaves the account's as it is.
    public var storefront: String?
    /// `--rate`; nil leaves the account's as it is.
    public var rate: TimeRate?
    public var theme: Theme
    public var device: String
    /// Dates on screen are in this zone: the user's for `run`, UTC for a scenario, so a
    /// recording reads the same on every machine.
    public var timeZone: TimeZone
    public var size: Size

    public init(catalog: Catalog, manifest: PaywallManifest = .empty, locale: String? = nil, storefront: String? = nil,
                rate: TimeRate? = nil, theme: Theme, device: String, timeZone: TimeZone = .current,
                size: Size = Size(width: 80, height: 24)) {
        self.catalog = catalog
        self.manifest = manifest
        self.locale = locale
        self.storefront = storefront
        self.rate = rate
        self.theme = theme
        self.device = device
        self.timeZone = timeZone
        self.size = size
    }

    /// The language of the UI and of product text.
    public var uiLocale: String { locale ?? catalog.settings.locale ?? "en_US" }

    /// Sets the device's language and, when asked, the account's storefront and time rate (one
    /// admin transaction, logged like any other change).
    public func prepare(_ store: Store) async throws {
        await store.setLocale(uiLocale)
        guard storefront != nil || rate != nil else { return }
        let storefront = self.storefront, rate = self.rate
        _ = try await store.admin { session in
            if let storefront { _ = try session.updateSettings { $0.storefront = storefront.uppercased() } }
            if let rate { _ = try session.setRate(rate) }
            return ()
        }
    }

    /// The paywall before anything has been loaded.
    public var state: PaywallState {
        var state = PaywallState(locale: uiLocale, timeZone: timeZone, theme: theme, manifest: manifest, policies: catalog.policies,
                                 size: size, deviceName: device, catalogLocales: catalog.localizationLocales)
        state.catalogCurrency = catalog.settings.resolvedStorefront?.currencyCode
        state.commitments = CommitmentTerms.all(in: catalog)
        return state
    }
}
