/// A clickable rectangle of a canvas, named by the app (e.g. `plan.yearly`, `button.restore`).
public struct HitRegion: Hashable, Sendable {
    public let id: String
    public let rect: Rect
    public init(id: String, rect: Rect) {
        self.id = id
        self.rect = rect
    }
}
