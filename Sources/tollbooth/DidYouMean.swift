import ArgumentParser
import Chrome
import Foundation
import MockStore
import Scenario

/// "Did you mean …?" for everything typed on the command line: subcommands at every level,
/// options and values. The matching is the scenario language's (`NearestWord`), so a typo is
/// judged the same way in a tape and in a shell.
enum DidYouMean {
    /// `; did you mean "refund"?`, or nothing when no candidate is near.
    static func hint(_ word: String, in candidates: [String]) -> String {
        NearestWord.to(word, in: candidates).map { "; did you mean \(SourceText.quoted($0))?" } ?? ""
    }

    /// `unknown time rate "fats"; did you mean "fast"?`, else the candidates in full:
    /// `unknown time rate "x"; use one of: a, b, c`.
    static func unknown(_ what: String, _ word: String, in candidates: [String], listing: String? = nil) -> String {
        let nearest = hint(word, in: candidates)
        let list = listing ?? "use one of: \(candidates.joined(separator: ", "))"
        return "unknown \(what) \(SourceText.quoted(word))" + (nearest.isEmpty ? "; \(list)" : nearest)
    }

    /// The nearest product id: by spelling, else the one whose last dotted parts are the word
    /// ("premium.monthly" for "dev.tollbooth.example.premium.monthly").
    static func product(_ id: String, in catalog: Catalog) -> String? {
        let ids = catalog.products.map(\.id)
        if let near = NearestWord.to(id, in: ids) { return near }
        let tail = ids.filter { $0.lowercased().hasSuffix("." + id.lowercased()) }
        return tail.count == 1 ? tail[0] : nil
    }

    /// Refuses a product id the catalog lacks, naming the nearest one (or all of them).
    static func checkProduct(_ id: String, in catalog: Catalog) throws {
        guard catalog.product(id: id) == nil else { return }
        if let near = product(id, in: catalog) {
            throw CLIError("unknown product id \(SourceText.quoted(id)); did you mean \(SourceText.quoted(near))?")
        }
        let known = catalog.products.map(\.id).joined(separator: ", ")
        throw CLIError("unknown product id \(SourceText.quoted(id)); the catalog has: \(known.isEmpty ? "no products" : known)")
    }

    /// Refuses a storefront Tollbooth does not know, naming the nearest code.
    static func checkStorefront(_ code: String?) throws {
        guard let code, Storefront(alpha3: code) == nil else { return }
        throw CLIError(unknown("storefront", code, in: Storefront.knownCountryCodes,
                               listing: "use an ISO 3166-1 alpha-3 code: \(Storefront.knownCountryCodes.joined(separator: ", "))"))
    }

    /// Refuses a time-rate preset Tollbooth does not know, naming the nearest one.
    static func checkRate(_ name: String?) throws {
        guard let name, TimeRate(name: name) == nil else { return }
        let names = TimeRate.allCases.map(\.name)
        throw CLIError(unknown("time rate", name, in: names, listing: "presets: \(names.joined(separator: ", "))"))
    }

    /// Refuses a `--locale` that names no language or region, with the nearest of the locales
    /// Tollbooth speaks (`jp` → `ja`, `de_ED` → `de_DE`); `languages` adds the list of them
    /// (for the paywall's own copy; a catalog's products may use any language).
    static func checkLocale(_ locale: String?, languages: Bool) throws {
        guard let locale, let problem = LocaleName.problem(with: locale) else { return }
        let names = Language.allCases.flatMap { [$0.commandLineName, $0.defaultLocale] }
        var sentence = "--locale: \(problem)"
        if let near = NearestWord.to(locale, in: names) {
            // "…; use one such as de_DE" gives way to the nearest.
            let cut = sentence.range(of: "; use ").map { String(sentence[..<$0.lowerBound]) } ?? sentence
            sentence = "\(cut); did you mean \(SourceText.quoted(near))?"
        }
        if !sentence.hasSuffix("?") { sentence += "." }
        if languages { sentence += " Tollbooth's languages: \(Language.availableList)." }
        throw CLIError(sentence)
    }

    /// Refuses an `--offer` that is not one of the product's promotional offers, saying what it
    /// is when it is another kind of offer (a win-back offer, an offer code) or another
    /// product's, else naming the nearest promotional offer.
    static func checkPromotionalOffer(_ id: String, product: String, in catalog: Catalog) throws {
        guard let item = catalog.product(id: product) else { return }
        guard let subscription = item.subscription else {
            throw CLIError("\(SourceText.quoted(product)) is not a subscription, so it has no promotional offers; leave out --offer")
        }
        let promotional = subscription.promotionalOffers.compactMap(\.id)
        if promotional.contains(id) { return }
        let theirs = promotional.isEmpty ? "\(product) has none" : "\(product) has \(promotional.joined(separator: ", "))"
        let quoted = SourceText.quoted(id)
        if subscription.winBackOffers.contains(where: { $0.id == id }) {
            throw CLIError("\(quoted) is a win-back offer, not a promotional offer; `txn buy --offer` applies promotional offers (\(theirs)), and an app applies a win-back offer to an expired subscriber with Product.PurchaseOption.winBackOffer")
        }
        if let code = OfferCode.find(id, in: catalog) {
            throw CLIError("\(quoted) is an offer code, not a promotional offer; redeem it with `tollbooth txn redeem \(SourceText.quoted(code.referenceName))`")
        }
        if let other = catalog.products.first(where: { candidate in candidate.subscription?.promotionalOffers.contains { $0.id == id } == true }) {
            throw CLIError("\(quoted) is a promotional offer of \(other.id), not of \(product); buy \(other.id) with it, or use one of \(product)'s (\(promotional.isEmpty ? "it has none" : promotional.joined(separator: ", ")))")
        }
        let nearest = hint(id, in: promotional)
        throw CLIError("unknown promotional offer \(quoted)" + (nearest.isEmpty ? "; \(theirs)" : nearest))
    }

    /// Refuses an offer code the catalog lacks, naming the nearest of its codes.
    static func checkOfferCode(_ code: String, in catalog: Catalog) throws {
        guard OfferCode.find(code, in: catalog) == nil, !code.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        let codes = OfferCode.all(in: catalog)
        let nearest = hint(code, in: codes)
        guard !nearest.isEmpty else { return }  // the store's own sentence lists the codes
        throw CLIError("\(SourceText.quoted(code)) is not an offer code of this catalog\(nearest)")
    }
}
