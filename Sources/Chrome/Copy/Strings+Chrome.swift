/// Copy every feature's chrome shows: sheet buttons and titles, scrolling hints, the keys that
/// close a sheet.
extension Strings {
    /// More to see by scrolling: below, above (the footer and tall sheets).
    public var moreBelow: String { text(.moreBelow) }
    public var moreAbove: String { text(.moreAbove) }
    public var okButton: String { text(.okButton) }
    public var confirmButton: String { text(.confirmButton) }
    public var cancelButton: String { text(.cancelButton) }
    public var closeButton: String { text(.closeButton) }
    public var helpTitle: String { text(.helpTitle) }
    public var footerCloseKeys: String { text(.footerCloseKeys) }
}
