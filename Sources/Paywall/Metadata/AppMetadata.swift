/// The App Store Connect metadata a reviewer reads beside the app (docs/domain.md §3 D19, D20),
/// from a small YAML file given to `tollbooth audit --metadata FILE`:
///
/// ```yaml
/// version: 1
/// description: |            # the App Description, as written in App Store Connect
///   Every feature, on all your devices. ...
///   Terms of Use (EULA): https://www.apple.com/legal/internet-services/itunes/dev/stdeula/
/// privacyPolicyURL: https://example.com/privacy   # the Privacy Policy URL field; "" = empty
/// customEULA: https://example.com/eula            # a custom licence agreement: text or URL
/// ```
///
/// Every key is optional; one file describes one language (the primary one).
public struct AppMetadata: Sendable, Hashable {
    /// The App Description text; nil when the file leaves it out.
    public var appDescription: String?
    /// The Privacy Policy URL field; nil when empty or left out.
    public var privacyPolicyURL: String?
    /// A custom EULA set in App Store Connect (its text, or a URL); nil for Apple's standard one.
    public var customEULA: String?
    /// Where it was read from, for messages.
    public var source: String

    public init(appDescription: String? = nil, privacyPolicyURL: String? = nil, customEULA: String? = nil,
                source: String = "<none>") {
        self.appDescription = appDescription
        self.privacyPolicyURL = privacyPolicyURL
        self.customEULA = customEULA
        self.source = source
    }
}
