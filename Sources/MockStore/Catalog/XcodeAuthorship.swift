/// Recognises products written by hand or by another tool in App Store Connect API shapes,
/// which look like a `.storekit` but would load into something quietly wrong.
///
/// The real case is IRON (storekit-format.md, tag IRON): `familySharable` (the App Store Connect
/// API spelling) instead of `familyShareable`, and an intro offer described by `offerMode`,
/// `duration` and `durationUnit` instead of `paymentMode` and `subscriptionPeriod`. Tolerating
/// it would turn a family-shareable subscription into a private one and drop the free trial,
/// so the loader refuses the file and says why. Unknown keys in general stay tolerated (§9.8);
/// only keys that *replace* ones Xcode writes are treated as evidence.
enum XcodeAuthorship {
    /// Keys Xcode never writes, with the key Xcode writes for the same thing (nil: none).
    static let foreignKeys: [String: String?] = [
        "familySharable": "familyShareable",
        "offerMode": "paymentMode",
        "duration": "subscriptionPeriod",
        "durationUnit": "subscriptionPeriod",
        "adHocOfferCodesEnabled": nil,
    ]

    /// Throws `.notXcode` when `product` (or one of its offers) replaces a key Xcode writes with
    /// a foreign one; the error sits at the first such key and lists all the evidence.
    static func check(product: JSONNode, id: String?, kind: String, decoder: CatalogDecoder) throws(CatalogError) {
        var evidence: [JSONNode.Member] = []
        var decisive: [JSONNode.Member] = []

        func inspect(_ object: JSONNode, replaced: (String) -> Bool) {
            for member in object.members where foreignKeys[member.key] != nil {
                evidence.append(member)
                if let xcodeKey = foreignKeys[member.key] ?? nil, replaced(xcodeKey) { decisive.append(member) }
            }
        }
        inspect(product) { product[$0] == nil }
        var offers: [JSONNode] = []
        if let intro = product["introductoryOffer"] { offers.append(intro) }
        for key in ["introductoryOffers", "adHocOffers", "codeOffers", "winbackOffers"] {
            if case .array(let elements)? = product[key]?.value { offers += elements }
        }
        for offer in offers {
            // An offer "replaces" paymentMode/subscriptionPeriod only when it lacks paymentMode:
            // without it, the loader could not say what the offer is.
            inspect(offer) { xcodeKey in offer["paymentMode"] == nil && offer[xcodeKey] == nil }
        }

        guard let first = decisive.min(by: { $0.keyOffset < $1.keyOffset }) else { return }
        evidence.sort { $0.keyOffset < $1.keyOffset }
        var foreign: [String] = []
        var xcode: [String] = []
        for member in evidence {
            if !foreign.contains(member.key) { foreign.append(member.key) }
            if let replacement = foreignKeys[member.key] ?? nil, !xcode.contains(replacement) { xcode.append(replacement) }
        }
        let name = id.map { "\(kind) \(SourceText.quoted($0))" } ?? "this \(kind)"
        throw decoder.error(
            .notXcode, at: first.keyOffset,
            "this file was not written by Xcode: \(name) uses keys Xcode never writes (\(foreign.joined(separator: ", "))) instead of \(list(xcode))",
            fix: "re-create it in Xcode (File ▸ New ▸ StoreKit Configuration File) or rename those keys")
    }

    private static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
    }
}
