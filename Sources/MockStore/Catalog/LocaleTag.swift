/// A locale name split into language, script and region, lowercased for comparison:
/// `en-US`, `en_US`, `EN_us`, `en_US.UTF-8` and `en_US@calendar=…` are all the same tag.
public struct LocaleTag: Sendable, Hashable {
    public let language: String
    public let script: String?
    public let region: String?

    public init(_ text: String) {
        let base = text.split(whereSeparator: { $0 == "@" || $0 == "." }).first ?? ""
        let parts = base.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { String($0).lowercased() }
        language = parts.first ?? ""
        var script: String?
        var region: String?
        for part in parts.dropFirst() {
            if part.count == 4, script == nil, region == nil {
                script = part
            } else if region == nil, part.count == 2 || (part.count == 3 && part.allSatisfy(\.isNumber)) {
                region = part
            }
        }
        // Chinese regions imply a script, so `zh_CN` and `zh_Hans` agree, as do `zh_TW` and `zh_Hant`.
        if language == "zh", script == nil, let region {
            script = ["cn": "hans", "sg": "hans", "tw": "hant", "hk": "hant", "mo": "hant"][region]
        }
        self.script = script
        self.region = region
    }
}
