import TerminalUI

/// A feature's clickable things, named on the canvas as `kind` or `kind:value` strings
/// (`TerminalUI` knows no app). Each feature reads back only the names it wrote.
package protocol RegionTarget: Hashable, Sendable {
    var regionID: String { get }
    init?(regionID: String)
}

extension RegionTarget {
    /// `kind:value` split at the first colon; the value is nil when there is no colon.
    package static func split(_ regionID: String) -> (kind: String, value: String?) {
        guard let colon = regionID.firstIndex(of: ":") else { return (regionID, nil) }
        return (String(regionID[..<colon]), String(regionID[regionID.index(after: colon)...]))
    }
}

extension Canvas {
    /// What a click at `point` hits among `kind`'s targets, if anything.
    package func hit<Target: RegionTarget>(at point: Point, as kind: Target.Type) -> Target? {
        region(at: point).flatMap(Target.init(regionID:))
    }
}
