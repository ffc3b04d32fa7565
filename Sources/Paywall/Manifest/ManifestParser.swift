import Chrome
import Foundation
import Yams

/// Reads a paywall manifest (YAML) into a `PaywallManifest`, with `file:line:` errors.
///
/// ```yaml
/// products: [com.example.yearly, com.example.monthly, com.example.lifetime]
/// highlight: com.example.yearly
/// privacyPolicyURL: https://example.com/privacy
/// termsOfUseURL: https://www.apple.com/legal/internet-services/itunes/dev/stdeula/
/// localizations:
///   en:
///     title: Unlock all features
///     subtitle: Every feature, on every device
///     trialSubtitle: Try every feature free for 3 days   # only while a trial is on offer
///     trialEnds: Exports and sync stop working; your projects stay.   # a "14-day Trial" unlock (D18)
///     features: [Unlimited projects, Sync across devices]
///   ja:
///     title: 全ての機能を解放する
/// ```
public enum ManifestParser {
    static let topKeys = ["version", "products", "highlight", "privacyPolicyURL", "termsOfUseURL", "localizations"]
    static let copyKeys = ["title", "subtitle", "trialSubtitle", "trialEnds", "features", "autoRenewText", "privacyPolicyURL", "termsOfUseURL"]

    /// Parses `text` read from `file`.
    public static func parse(_ text: String, file: String) throws(ConfigFileError) -> PaywallManifest {
        let reader = YAMLReader(file: file)
        var manifest = PaywallManifest(source: file)
        var highlightLine: Int?
        guard let root = try reader.root(text) else { return manifest }  // an empty file means "all defaults"
        for entry in try reader.mapping(root, "the manifest", allowed: topKeys) {
            switch entry.key {
            case "version":
                let version = try reader.string(entry.value, "`version`")
                guard version == "1" else {
                    throw reader.fail(entry.value, "Manifest version `\(YAMLReader.cut(version))` is not supported; this Tollbooth reads version 1.")
                }
            case "products":
                let ids = try reader.strings(entry.value, "`products`").map { $0.trimmingCharacters(in: .whitespaces) }
                if let empty = ids.firstIndex(of: "") {
                    throw reader.fail(itemNode(entry.value, empty), "`products` has an empty product identifier; remove the line or fill it in.")
                }
                var seen = Set<String>()
                for (i, id) in ids.enumerated() where !seen.insert(id).inserted {
                    throw reader.fail(itemNode(entry.value, i), "Product `\(YAMLReader.cut(id))` is listed twice in `products`; list each product once.")
                }
                manifest.productIDs = ids
            case "highlight":
                manifest.highlightProductID = try reader.string(entry.value, "`highlight`")
                highlightLine = entry.line
            case "privacyPolicyURL":
                manifest.privacyPolicyURL = try reader.url(entry.value, "`privacyPolicyURL`")
            case "termsOfUseURL":
                manifest.termsOfUseURL = try reader.url(entry.value, "`termsOfUseURL`")
            case "localizations":
                for locale in try reader.mapping(entry.value, "`localizations`") {
                    manifest.localizations[locale.key] = try copy(locale.value, locale: locale.key, reader)
                }
            default: break
            }
        }
        if let highlight = manifest.highlightProductID, !manifest.productIDs.isEmpty, !manifest.productIDs.contains(highlight) {
            throw reader.fail(line: highlightLine, "`highlight` names `\(YAMLReader.cut(highlight))`, which is not in `products`; add it there or fix the identifier.")
        }
        return manifest
    }

    /// The most features one localization lists, and the longest text of a copy key: Tollbooth's
    /// own limits, far above a real paywall's handful of short lines. Every screen scrolling
    /// reaches is drawn and audited, so copy thousands of rows tall made an audit take minutes.
    public static let mostFeatures = 50
    public static let longestCopy = 1_000

    static func copy(_ node: Yams.Node, locale: String, _ reader: YAMLReader) throws(ConfigFileError) -> ManifestCopy {
        var copy = ManifestCopy()
        // The locale is the file's own key, quoted cut in every message about its copy.
        let locale = YAMLReader.cut(locale)
        for entry in try reader.mapping(node, "`localizations.\(locale)`", allowed: copyKeys) {
            let what = "`localizations.\(locale).\(entry.key)`"
            if case .sequence(let items) = entry.value, items.count > mostFeatures {
                throw reader.fail(entry.value, "\(what) lists \(items.count) items, more than the \(mostFeatures) Tollbooth shows (its own limit); keep the ones that matter most.")
            }
            for text in entry.value.scalar.map({ [$0.string] }) ?? entry.value.sequence?.compactMap(\.scalar?.string) ?? []
            where text.count > longestCopy {
                throw reader.fail(entry.value, "\(what) has a text of \(text.count) characters, more than the \(longestCopy) Tollbooth shows (its own limit); shorten it.")
            }
            switch entry.key {
            case "title": copy.title = try reader.string(entry.value, what)
            case "subtitle": copy.subtitle = try reader.string(entry.value, what)
            case "trialSubtitle": copy.trialSubtitle = try reader.string(entry.value, what)
            case "trialEnds": copy.trialEnds = try reader.string(entry.value, what)
            case "features": copy.features = try reader.strings(entry.value, what)
            case "autoRenewText": copy.autoRenewText = try reader.string(entry.value, what)
            case "privacyPolicyURL": copy.privacyPolicyURL = try reader.url(entry.value, what)
            case "termsOfUseURL": copy.termsOfUseURL = try reader.url(entry.value, what)
            default: break
            }
        }
        return copy
    }

    /// The node of the i-th list item, for pointing at its line.
    static func itemNode(_ node: Yams.Node, _ index: Int) -> Yams.Node {
        if case .sequence(let sequence) = node, index < sequence.count { return sequence[index] }
        return node
    }
}
