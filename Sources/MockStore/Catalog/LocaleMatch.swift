/// Picks the localization to show for a locale, the way a developer expects StoreKit to.
///
/// `.storekit` files mix `ll`, `ll_CC` and `ll_Script` tags (`ja`, `ja_JP`, `zh_Hans`;
/// storekit-format.md §6), and a test locale rarely matches one exactly, so the lookup falls back
/// in steps: the exact tag (ignoring `-`/`_` and case); the same language with any region or
/// script, preferring one that agrees on region or script (`zh_CN` finds `zh_Hans` before
/// `zh_Hant`); the file's default locale (`_locale`, else `en_US`) by the same two steps; and
/// finally the first candidate, so that something is always shown when anything exists.
public enum LocaleMatch {
    /// Xcode's default localization when a file has no `_locale`.
    public static let xcodeDefaultLocale = "en_US"

    /// The best candidate for `locale`, or nil only when `candidates` is empty.
    public static func best<T>(_ candidates: [T], for locale: String, fileDefault: String?,
                               key: (T) -> String) -> T? {
        guard !candidates.isEmpty else { return nil }
        let tags = candidates.map { LocaleTag(key($0)) }
        var wanted = [LocaleTag(locale)]
        for fallback in [fileDefault, xcodeDefaultLocale] {
            if let fallback, !wanted.contains(LocaleTag(fallback)) { wanted.append(LocaleTag(fallback)) }
        }
        for tag in wanted {
            if let index = tags.firstIndex(of: tag) ?? sameLanguage(as: tag, in: tags) {
                return candidates[index]
            }
        }
        return candidates.first
    }

    /// The candidate of the same language that shares the most with `tag` (region or script
    /// first, a bare language next), the earliest one on ties.
    private static func sameLanguage(as tag: LocaleTag, in tags: [LocaleTag]) -> Int? {
        var best: (index: Int, score: Int)?
        for (index, candidate) in tags.enumerated() where !candidate.language.isEmpty && candidate.language == tag.language {
            var score = 0
            if let region = tag.region, region == candidate.region { score += 4 }
            if let script = tag.script, script == candidate.script { score += 2 }
            if candidate.region == nil && candidate.script == nil { score += 1 }
            if best == nil || score > best!.score { best = (index, score) }
        }
        return best?.index
    }
}

extension CatalogProduct {
    /// The product's text for `locale` (see `LocaleMatch`); nil when it has no localizations.
    public func localization(for locale: String, fileDefault: String? = nil) -> LocalizedText? {
        LocaleMatch.best(localizations, for: locale, fileDefault: fileDefault, key: \.locale)
    }
}

extension SubscriptionGroup {
    /// The group's text for `locale` (see `LocaleMatch`); nil when it has no localizations
    /// (most files), in which case callers show `name`.
    public func localization(for locale: String, fileDefault: String? = nil) -> LocalizedText? {
        LocaleMatch.best(localizations, for: locale, fileDefault: fileDefault, key: \.locale)
    }
}

extension AppPolicies {
    /// The privacy policy for `locale` (see `LocaleMatch`); nil when none is configured.
    public func privacyPolicy(for locale: String, fileDefault: String? = nil) -> PrivacyPolicy? {
        LocaleMatch.best(policies, for: locale, fileDefault: fileDefault, key: \.locale)
    }
}

extension Catalog {
    /// The locale Xcode would test with: `_locale`, else `en_US`.
    public var defaultLocale: String { settings.locale ?? LocaleMatch.xcodeDefaultLocale }

    /// A product's text for `locale` (default: the file's own), falling back as `LocaleMatch` does.
    public func localization(of product: CatalogProduct, for locale: String? = nil) -> LocalizedText? {
        product.localization(for: locale ?? defaultLocale, fileDefault: settings.locale)
    }

    /// A group's text for `locale` (default: the file's own), falling back as `LocaleMatch` does.
    public func localization(of group: SubscriptionGroup, for locale: String? = nil) -> LocalizedText? {
        group.localization(for: locale ?? defaultLocale, fileDefault: settings.locale)
    }
}
