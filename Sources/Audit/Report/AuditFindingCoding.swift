import Foundation

/// A finding in JSON is flat: the variant's own fields (locale, storefront, size, state, and any
/// it gains) sit beside the rule, verdict, message, evidence and fix, so a reader filters findings
/// with `f["locale"]` rather than `f["variant"]["locale"]`. The variant encodes itself into the
/// same object, so a field added to `AuditVariant` flows into the report without touching this;
/// its fields must therefore never take one of the finding's names below.
extension AuditFinding {
    enum CodingKeys: String, CodingKey {
        case rule, verdict, message, evidence, fix
    }

    public func encode(to encoder: any Encoder) throws {
        try variant.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rule, forKey: .rule)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(message, forKey: .message)
        try container.encode(evidence, forKey: .evidence)
        try container.encode(fix, forKey: .fix)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(rule: try container.decode(String.self, forKey: .rule),
                  verdict: try container.decode(AuditVerdict.self, forKey: .verdict),
                  variant: try AuditVariant(from: decoder),
                  message: try container.decode(String.self, forKey: .message),
                  evidence: try container.decode(AuditEvidence.self, forKey: .evidence),
                  fix: try container.decode(String.self, forKey: .fix))
    }
}
