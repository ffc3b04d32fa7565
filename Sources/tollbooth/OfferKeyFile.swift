import Foundation
import MockStore

/// The key `txn buy --offer` signs with: a `.p8` file given with `--key`, else the catalog's
/// subscription offers key, else none (the offer is then applied unsigned, as StoreKitTest's
/// `promotionalOffer(id:)` does).
enum OfferKeyFile {
    static func key(path: String?, id: String?, catalog: Catalog) throws -> SubscriptionOffersKey? {
        guard let path else {
            guard let key = catalog.subscriptionOffersKey else { return nil }
            if let id, id != key.id {
                throw CLIError("--key-id \(SourceText.quoted(id, limit: 40)) does not name the catalog's subscription offers key (\(key.id)); give its file with --key")
            }
            return key
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw CLIError("cannot read the key file \(SourceText.path(path)): \(SourceText.excerpt(error.localizedDescription, limit: 200))")
        }
        let keyID = id ?? idFromFileName(path) ?? catalog.subscriptionOffersKey?.id
        guard let keyID else {
            throw CLIError("say which key \(SourceText.path(path)) is with --key-id (App Store Connect names it SubscriptionKey_KEYID.p8)")
        }
        guard let key = SubscriptionOffersKey(id: keyID, privateKey: text) else {
            throw CLIError("\(SourceText.path(path)) does not hold a P-256 private key; use the .p8 file App Store Connect gave you")
        }
        return key
    }

    /// `SubscriptionKey_ABC123.p8` or `AuthKey_ABC123.p8` → `ABC123`.
    static func idFromFileName(_ path: String) -> String? {
        let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        guard let underscore = stem.lastIndex(of: "_"), stem[..<underscore].hasSuffix("Key") else { return nil }
        let id = String(stem[stem.index(after: underscore)...])
        return id.isEmpty ? nil : id
    }
}
