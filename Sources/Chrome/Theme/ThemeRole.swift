/// A part of the paywall a theme gives a look to.
///
/// Roles name what a thing *is* (the billed price, a warning badge), not how it looks, so a
/// theme can restyle everything without the view knowing colours.
public enum ThemeRole: String, Sendable, Hashable, CaseIterable {
    /// Ordinary text.
    case text
    /// Secondary text: descriptions, hints.
    case muted
    case title
    case subtitle
    /// Section headings ("Subscription plans").
    case heading
    /// The marker in front of a benefit line.
    case bullet
    case planName
    /// The billed amount: must be the most prominent price element (D4).
    case price
    /// Calculated figures ("about $3.33/month") and the per-period suffix: quieter than `price`.
    case perUnit
    /// Introductory-offer terms: quieter than `price` (D4).
    case offer
    /// A plan card's border.
    case card
    /// The focused plan card's border.
    case cardFocused
    /// The `>` in front of the focused plan in the one-column layout. A theme that leaves it out
    /// gets its `cardFocused` style.
    case focusMarker
    case button
    case buttonFocused
    case buttonDisabled
    case badgeActive
    case badgeWarning
    case badgeError
    case badgeMuted
    case link
    case linkFocused
    /// The auto-renewal terms (D8–D12): readable, never hidden in dim text.
    case disclosure
    case success
    case warning
    case error
    case info
    case statusLine
    /// The part of the status line listing active faults and switches.
    case statusFault
    case footer
    /// Sheets and overlays: their inside, border and title.
    case sheet
    case sheetBorder
    case sheetTitle
    /// The cells the audit overlay's selected rule read its facts from: laid over whatever
    /// style they have (colours replace theirs; reverse flips, underline and bold add).
    case auditMark
}

extension ThemeRole {
    /// The role whose style this one takes when a theme leaves it out (roles added later, so
    /// older theme files still look right).
    var standIn: ThemeRole? { self == .focusMarker ? .cardFocused : nil }

    /// The colour of a result message of this tone.
    package init(_ tone: MessageTone) {
        switch tone {
        case .success: self = .success
        case .info: self = .info
        case .warning: self = .warning
        case .error: self = .error
        }
    }
}
