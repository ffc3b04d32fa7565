import Foundation

/// Reads an Xcode StoreKit configuration (`.storekit`) into a `Catalog`.
///
/// Accepts every format version seen in public files (1.0–5.0), decides what to read by which
/// keys are present rather than by version (storekit-format.md §8), and tolerates unknown keys.
/// Anything it cannot use ends in a `CatalogError` whose description is one sentence naming the
/// file, line and column; it never traps, whatever the bytes.
public enum CatalogLoader {
    /// The newest format version this loader was written against; newer majors load with a warning.
    public static let newestKnownVersion = CatalogVersion(major: 5, minor: 0)

    /// Larger than any real configuration by orders of magnitude; refuses to read e.g. a disk image.
    static let maximumFileSize = 64 << 20

    /// Loads a `.storekit` file, or a `.storekit` package directory (JB: Xcode 16 may save the
    /// configuration as `Name.storekit/Configuration.storekit` plus `Assets/`).
    public static func load(path: String) throws(CatalogError) -> Catalog {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CatalogError(kind: .notFound, file: path, problem: "does not exist",
                               fix: "check the path (relative paths start from the current directory)")
        }
        var file = path
        if isDirectory.boolValue {
            file = (path as NSString).appendingPathComponent("Configuration.storekit")
            var innerIsDirectory: ObjCBool = false
            guard manager.fileExists(atPath: file, isDirectory: &innerIsDirectory), !innerIsDirectory.boolValue else {
                throw CatalogError(kind: .notFound, file: path, problem: "is a directory without a Configuration.storekit inside",
                                   fix: "point tollbooth at a .storekit file, or at a .storekit package saved by Xcode")
            }
        }
        guard manager.isReadableFile(atPath: file) else {
            throw CatalogError(kind: .unreadable, file: file, problem: "cannot be read (permission denied)",
                               fix: "check the file's permissions")
        }
        if let size = (try? manager.attributesOfItem(atPath: file))?[.size] as? NSNumber,
           size.intValue > maximumFileSize {
            throw CatalogError(kind: .unreadable, file: file,
                               problem: "is \(size.intValue >> 20) MB, far larger than any StoreKit configuration",
                               fix: "point tollbooth at the .storekit file Xcode saved")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw CatalogError(kind: .unreadable, file: file, problem: "cannot be read",
                               fix: "check that it is a regular file you can open")
        }
        var catalog = try load(data: data, source: file)
        catalog.source = path
        return catalog
    }

    /// Loads a configuration from bytes; `source` names it in errors and becomes `catalog.source`.
    public static func load(data: Data, source: String) throws(CatalogError) -> Catalog {
        let bytes = [UInt8](data)
        let start = try checkEncoding(bytes, file: source)

        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes, startingAt: start)
        } catch {
            throw CatalogError.at(error.offset, in: bytes, file: source, kind: .syntax, problem: error.message,
                                  fix: "the file is not valid JSON; fix it or re-save it from Xcode")
        }
        var decoder = CatalogDecoder(bytes: bytes, file: source)
        return try decoder.catalog(root, source: source)
    }

    /// Rejects empty and non-UTF-8 input before parsing, and returns where the JSON starts
    /// (after a UTF-8 byte-order mark, which Xcode never writes but editors sometimes add).
    private static func checkEncoding(_ bytes: [UInt8], file: String) throws(CatalogError) -> Int {
        if bytes.isEmpty {
            throw CatalogError(kind: .empty, file: file, problem: "is empty (0 bytes)", fix: CatalogError.newFileFix)
        }
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            throw CatalogError(kind: .encoding, file: file, problem: "is saved as UTF-16, but a StoreKit configuration is UTF-8",
                               fix: "save it as UTF-8 in your editor, or re-save it from Xcode")
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if bytes[start...].allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw CatalogError(kind: .empty, file: file, problem: "contains only whitespace (\(bytes.count) bytes)",
                               fix: CatalogError.newFileFix)
        }
        if let bad = SourceText.firstInvalidUTF8(in: bytes, from: start) {
            throw CatalogError.at(bad, in: bytes, file: file, kind: .encoding,
                                  problem: "the byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) is not valid UTF-8",
                                  fix: "save the file as UTF-8, or re-save it from Xcode")
        }
        return start
    }
}

extension CatalogDecoder {
    /// Top-level keys Xcode writes (§2); anything else gets a warning so that a misplaced list
    /// (IRON's `nonConsumableProducts`, a build tool's `subscriptions`) does not vanish silently.
    static let topLevelKeys: Set<String> = [
        "identifier", "nonRenewingSubscriptions", "products", "settings", "subscriptionGroups",
        "version", "appPolicies", "subscriptionOffersKeyPair",
    ]

    /// The whole file. Products come out in the documented order whatever the key order:
    /// `products`, `nonRenewingSubscriptions`, then each group's subscriptions.
    mutating func catalog(_ root: JSONNode, source: String) throws(CatalogError) -> Catalog {
        guard case .object = root.value else {
            throw error(.notStoreKit, at: root.offset,
                        "the top level is \(root.kindDescription), but a StoreKit configuration is a JSON object",
                        fix: "point tollbooth at the .storekit file Xcode saved")
        }
        guard root["version"] != nil || root["products"] != nil || root["subscriptionGroups"] != nil
            || root["nonRenewingSubscriptions"] != nil
        else {
            throw error(.notStoreKit, at: root.offset,
                        "this JSON is not a StoreKit configuration: it has none of `version`, `products` or `subscriptionGroups`",
                        fix: "point tollbooth at the .storekit file Xcode saved")
        }
        var catalog = Catalog(source: source)
        catalog.version = try version(root["version"], root: root)
        catalog.identifier = try string("identifier", in: root, of: "the configuration")

        for member in root.members where !Self.topLevelKeys.contains(member.key) {
            warn(at: member.keyOffset, "the top-level key \(SourceText.quoted(member.key, limit: 40)) is not one Xcode writes, so it is ignored")
        }

        for entry in try array("products", in: root, of: "the configuration") {
            catalog.products.append(try product(entry, list: "products", impliedType: nil))
        }
        for entry in try array("nonRenewingSubscriptions", in: root, of: "the configuration") {
            catalog.products.append(try product(entry, list: "nonRenewingSubscriptions", impliedType: .nonRenewable))
        }
        for entry in try array("subscriptionGroups", in: root, of: "the configuration") {
            let (group, subscriptions) = try group(entry)
            catalog.groups.append(group)
            catalog.products += subscriptions
        }
        catalog.settings = try settings(root["settings"])
        catalog.policies = try policies(root["appPolicies"])
        catalog.subscriptionOffersKey = offersKey(root["subscriptionOffersKeyPair"])
        catalog.warnings = finalWarnings
        return catalog
    }

    /// `{major, minor}`. An unknown major still loads (§8: decide by keys, not by version).
    private mutating func version(_ node: JSONNode?, root: JSONNode) throws(CatalogError) -> CatalogVersion {
        guard let node, !node.isNull else {
            warn(at: root.offset, "the file has no `version`, so it is read as version 1.0")
            return CatalogVersion(major: 1, minor: 0)
        }
        _ = try requireObject(node, "`version`")
        guard let majorNode = node["major"] else { throw missing("major", of: "`version`", at: node.offset) }
        let major = try int(majorNode, key: "major", of: "`version`")
        let minor = try int("minor", in: node, of: "`version`") ?? 0
        let version = CatalogVersion(major: major, minor: minor)
        if major > CatalogLoader.newestKnownVersion.major || major < 1 {
            warn(at: node.offset, "format version \(version) is not one Tollbooth knows (1.0–\(CatalogLoader.newestKnownVersion)); it was read as far as possible, so check the result or update tollbooth")
        }
        return version
    }
}
