import MockStore
import Paywall

/// A rule read on the App Store metadata (M in docs/domain.md §3), once per locale: the file
/// given to `tollbooth audit --metadata`, nil when none was.
public protocol MetadataRule: Sendable {
    var rule: String { get }
    func check(_ metadata: AppMetadata?, catalog: Catalog, variant: AuditVariant) -> [AuditFinding]
}

extension AppMetadata {
    /// Where a metadata fact was read, as evidence: no screen, no cell.
    func evidence(_ text: String) -> AuditMatch {
        AuditMatch(text: text, scroll: -1, row: -1, column: -1)
    }
}
