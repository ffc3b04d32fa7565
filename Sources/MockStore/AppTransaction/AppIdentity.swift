/// The app a device runs, as the launching process knows it: its bundle ID and version.
///
/// The store records it at each launch (`AppTransactionRecord`): the first launch on an account
/// stands for the download that `AppTransaction.originalAppVersion` and `originalPurchaseDate`
/// describe.
public struct AppIdentity: Sendable, Hashable, Codable {
    public var bundleID: String
    /// `CFBundleVersion`, which is what `AppTransaction.appVersion` reports on iOS.
    public var version: String

    public init(bundleID: String, version: String) {
        self.bundleID = bundleID
        self.version = version
    }

    /// The paywall `tollbooth run` shows is the app: it has no bundle of its own.
    public static let paywall = AppIdentity(bundleID: "dev.tollbooth.paywall", version: "1")

    /// What a ledger's signed data names as its source, and `txn list --json` with it: the App
    /// Store environment `Sandbox`, as Apple spells it, and the bundle ID of the newest app
    /// launched on the ledger (`app`), or the paywall's when none has.
    public static let ledgerEnvironment = "Sandbox"
    public static func ledgerBundleID(app: AppTransactionRecord?) -> String { app?.bundleID ?? paywall.bundleID }
}
