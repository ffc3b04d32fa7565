import TerminalUI

/// The smallest window a feature draws in, and what it shows below that: every feature has the
/// same minimum, so switching between them never breaks a layout.
package enum TooSmall {
    /// Below this a feature shows "Window too small" instead of a broken layout.
    package static let minimumSize = Size(width: 20, height: 8)

    package static func isTooSmall(_ size: Size) -> Bool {
        size.width < minimumSize.width || size.height < minimumSize.height
    }

    /// "Window too small — resize to at least 20×8", centred, as much as fits (even at 1×1).
    package static func draw(_ strings: Strings, theme: Theme, size: Size, on screen: inout Canvas) {
        guard size.width > 0, size.height > 0 else { return }
        // One column can't hold a Japanese character: say it in ASCII rather than show nothing.
        let s = size.width < 2 ? Strings(.en) : strings
        let text = SafeText("\(s.windowTooSmall) — \(s.resizeTo(width: minimumSize.width, height: minimumSize.height))")
        let lines = Array(TextWidth.wrap(text, width: size.width).prefix(size.height))
        let top = (size.height - lines.count) / 2
        for (i, line) in lines.enumerated() {
            let x = max(0, (size.width - TextWidth.of(line)) / 2)
            screen.put(line, x: x, y: top + i, style: theme[.warning])
        }
    }
}
