import Foundation

/// The `settings` block (storekit-format.md §7) and `appPolicies` (§2).
extension CatalogDecoder {
    mutating func settings(_ node: JSONNode?) throws(CatalogError) -> CatalogSettings {
        var settings = CatalogSettings()
        guard let node, !node.isNull else { return settings }  // absent in RCLS and IRON
        let what = "`settings`"
        _ = try requireObject(node, what)

        settings.locale = try string("_locale", in: node, of: what)
        settings.storefront = try string("_storefront", in: node, of: what)
        if let raw = try int("_timeRate", in: node, of: what) {
            if let rate = TimeRate(rawValue: raw) {
                settings.timeRate = rate
            } else {
                // Newer Xcode may add rates: keep the number; `CatalogCheck` reports it.
                settings.unknownTimeRate = raw
            }
        }
        settings.askToBuyEnabled = try bool("_askToBuyEnabled", in: node, of: what) ?? false
        // Mapping unconfirmed (docs/domain.md §2.1): Xcode's "Enable Interrupted Purchases".
        settings.interruptedPurchasesEnabled = try bool("_billingIssuesEnabled", in: node, of: what) ?? false
        settings.billingRetryOnRenewal = try bool("_renewalBillingIssuesEnabled", in: node, of: what) ?? false
        settings.billingGracePeriodEnabled = try bool("_billingGracePeriodEnabled", in: node, of: what) ?? false
        settings.dialogsDisabled = try bool("_disableDialogs", in: node, of: what) ?? false
        settings.failTransactionsEnabled = try bool("_failTransactionsEnabled", in: node, of: what) ?? false
        settings.legacyStoreKitError = try int("_storeKitError", in: node, of: what)
        settings.storeKitErrors = try storeKitErrors(in: node)
        settings.lastSynchronizedDate = lastSynchronizedDate(node["_lastSynchronizedDate"])

        // A legacy rate: an int (v2) or `{"3": 6}` (v3+). Nothing reads it; only its shape is checked.
        if let compatibility = node["_compatibilityTimeRate"] {
            switch compatibility.value {
            case .number, .object, .null: break
            default:
                warn(at: compatibility.offset, "`_compatibilityTimeRate` is \(compatibility.kindDescription), where Xcode writes a number or an object; it is ignored")
            }
        }
        return settings
    }

    /// Seconds since 2001-01-01 (Xcode), or an ISO-8601 string (seen in docs). Anything else is
    /// dropped: the date is informational and never worth refusing a file over.
    private func lastSynchronizedDate(_ node: JSONNode?) -> Date? {
        switch node?.value {
        case .number(let text)?:
            guard let seconds = Double(text), seconds.isFinite else { return nil }
            return Date(timeIntervalSinceReferenceDate: seconds)
        case .string(let text)?:
            return try? Date(text, strategy: .iso8601)
        default:
            return nil
        }
    }

    /// `_storeKitErrors[]`: `{name, enabled, current: {index, type} | null}`. Xcode keeps the
    /// chosen error while `enabled` is false (§7.2), so both are kept.
    private mutating func storeKitErrors(in settings: JSONNode) throws(CatalogError) -> [ConfiguredFault] {
        var faults: [ConfiguredFault] = []
        for entry in try array("_storeKitErrors", in: settings, of: "`settings`") {
            let label = "a `_storeKitErrors` entry"
            _ = try requireObject(entry, label)
            let name = try requiredString("name", in: entry, of: label)
            let what = "the `_storeKitErrors` entry \(SourceText.quoted(name, limit: 40))"
            guard let api = FailableAPI(name: name) else {
                warn(at: entry.offset, "\(what) names no StoreKit API Tollbooth knows, so it is ignored")
                continue
            }
            let enabled = try bool("enabled", in: entry, of: what) ?? false
            var error: InjectedError?
            if let current = entry["current"], !current.isNull {
                _ = try requireObject(current, "`current` of \(what)")
                let type = try requiredString("type", in: current, of: "`current` of \(what)")
                guard let indexNode = current["index"] else {
                    throw missing("index", of: "`current` of \(what)", at: current.offset)
                }
                let index = try int(indexNode, key: "index", of: "`current` of \(what)")
                error = InjectedError(xcodeType: type, index: index)
                if error == nil {
                    warn(at: current.offset, "\(what) selects error \(SourceText.quoted(type, limit: 24)) #\(index), which Tollbooth does not know, so no error is set")
                }
            }
            faults.append(ConfiguredFault(api: api, enabled: enabled, error: error))
        }
        return faults
    }

    /// `appPolicies` (v4+): `{eula, policies: [{locale, policyText, policyURL}]}`.
    func policies(_ node: JSONNode?) throws(CatalogError) -> AppPolicies {
        guard let node, !node.isNull else { return AppPolicies() }
        let what = "`appPolicies`"
        _ = try requireObject(node, what)
        var policies = AppPolicies(eula: try string("eula", in: node, of: what) ?? "")
        for entry in try array("policies", in: node, of: what) {
            let label = "a privacy policy in `appPolicies`"
            _ = try requireObject(entry, label)
            policies.policies.append(PrivacyPolicy(
                locale: try string("locale", in: entry, of: label) ?? "",
                text: try string("policyText", in: entry, of: label) ?? "",
                url: try string("policyURL", in: entry, of: label) ?? ""))
        }
        return policies
    }

    /// `subscriptionOffersKeyPair` (§2): `{id, privateKey}`. A key that cannot be read is left
    /// out with a warning that names only its id: the material is secret.
    mutating func offersKey(_ node: JSONNode?) -> SubscriptionOffersKey? {
        guard let node, case .object = node.value else { return nil }
        guard case .string(let id)? = node["id"]?.value, case .string(let text)? = node["privateKey"]?.value else {
            warn(at: node.offset, "`subscriptionOffersKeyPair` has no `id` and `privateKey`, so promotional offers cannot be signed or checked")
            return nil
        }
        guard let key = SubscriptionOffersKey(id: id, privateKey: text) else {
            warn(at: node.offset, "the `privateKey` of subscription offers key \(SourceText.quoted(id, limit: 40)) is not a P-256 private key, so promotional offers cannot be signed or checked")
            return nil
        }
        return key
    }
}
