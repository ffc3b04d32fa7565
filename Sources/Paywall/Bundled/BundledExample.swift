import Foundation

/// The example app that runs when Tollbooth is given no `.storekit`: one "Premium" group with
/// a monthly and a yearly (3-day free trial) subscription, and a lifetime unlock, in English and
/// Japanese, with a manifest modelled on seed 000.
public enum BundledExample {
    /// `Examples/Example.storekit`.
    public static func storeKitURL(environment: [String: String] = ProcessInfo.processInfo.environment) throws(PaywallSetupError) -> URL {
        try PaywallResources.examplesDirectory(environment: environment).appendingPathComponent("Example.storekit")
    }

    /// `Examples/Example.paywall.yaml`.
    public static func manifestURL(environment: [String: String] = ProcessInfo.processInfo.environment) throws(PaywallSetupError) -> URL {
        try PaywallResources.examplesDirectory(environment: environment).appendingPathComponent("Example.paywall.yaml")
    }

    /// The example's manifest, parsed.
    public static func manifest(environment: [String: String] = ProcessInfo.processInfo.environment) throws(PaywallSetupError) -> PaywallManifest {
        try ManifestLoader.load(path: manifestURL(environment: environment).path)
    }
}
