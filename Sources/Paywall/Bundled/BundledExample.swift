import Chrome
import Foundation

/// The example app that runs when Tollbooth is given no `.storekit`: one "Premium" group with
/// a monthly and a yearly (3-day free trial) subscription, and a lifetime unlock, in English and
/// Japanese, with a manifest modelled on seed 000.
public enum BundledExample {
    /// `Examples/Example.storekit` (USA, dollars), or with `japan` its Japan-storefront twin
    /// `Examples/Example-JP.storekit` (¥480 / ¥4,800 / ¥9,800). A `.storekit` file holds one bare
    /// price per product, so a storefront change alone would show $4.99 as ¥5, as Xcode does.
    public static func storeKitURL(japan: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment) throws(PaywallSetupError) -> URL {
        try PaywallResources.examplesDirectory(environment: environment).appendingPathComponent(japan ? "Example-JP.storekit" : "Example.storekit")
    }

    /// `Examples/Example.paywall.yaml` (or `Example-JP.paywall.yaml`).
    public static func manifestURL(japan: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment) throws(PaywallSetupError) -> URL {
        try PaywallResources.examplesDirectory(environment: environment).appendingPathComponent(japan ? "Example-JP.paywall.yaml" : "Example.paywall.yaml")
    }

    /// The example's manifest, parsed.
    public static func manifest(environment: [String: String] = ProcessInfo.processInfo.environment) throws(PaywallSetupError) -> PaywallManifest {
        try ManifestLoader.load(path: manifestURL(environment: environment).path)
    }
}
