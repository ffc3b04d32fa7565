/// A clickable rectangle of a canvas. The id is the app's to choose and read back (the paywall
/// writes its `HitTarget`s as ids like `buy:app.pro.yearly` or `restore`).
public struct HitRegion: Hashable, Sendable {
    public let id: String
    public let rect: Rect
    public init(id: String, rect: Rect) {
        self.id = id
        self.rect = rect
    }
}
