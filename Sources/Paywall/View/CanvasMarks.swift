import TerminalUI

extension Canvas {
    /// Marks `rect` as where `target` is drawn, as `view` marks it, so `planRect` and
    /// `legalLinkRect` find it. The audit uses this to read a paywall it did not draw (plain
    /// text dumped from an app), through the same questions it asks of a drawn one.
    public mutating func mark(_ target: FocusTarget, in rect: Rect) {
        addRegion(rect, id: HitTarget.focus(target).regionID)
    }
}
