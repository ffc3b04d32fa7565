import Foundation

/// The JSON report: `{"findings": [{"rule", "verdict", "locale", "storefront", "size", "state",
/// "message", "evidence", "fix"}, …], "summary": {…}}`, pretty-printed with sorted keys. A catalog
/// rule's finding has no size or state.
public enum AuditJSONReport {
    /// Sorted keys and a fixed layout make the bytes the same on every run.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public static func render(_ report: AuditReport) throws -> String {
        String(decoding: try encoder().encode(report), as: UTF8.self)
    }
}
