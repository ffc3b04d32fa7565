import Foundation
import TerminalUI
import Testing

/// Compares a canvas with a reviewed text golden: `canvas.text()`, a `--- styles ---` line, then
/// `canvas.styleMap()`, stored as `<directory>/<named>.golden`.
///
/// Wide characters appear as themselves (stub cells left out), so a golden reads like the screen in
/// any editor with a CJK-capable monospace font, and a diff shows what a user would notice.
/// `RECORD_GOLDENS=1` rewrites goldens. A missing golden fails the test and is written, so the next
/// run passes once someone has reviewed the new file (docs/terminal.md §3.6).
public func assertGolden(
    _ canvas: Canvas, named name: String, in directory: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = goldenText(of: canvas)
    let url = URL(fileURLWithPath: directory).appendingPathComponent(name + ".golden")
    let record = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
    let existing = try? String(contentsOf: url, encoding: .utf8)

    if record || existing == nil {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
        } catch {
            Issue.record("Could not write golden \(url.path): \(error)", sourceLocation: sourceLocation)
            return
        }
        if existing == nil && !record {
            Issue.record(
                "Golden \(name) did not exist; recorded it at \(url.path). Review it, then run again.",
                sourceLocation: sourceLocation)
        }
        return
    }
    guard let expected = existing, expected != actual else { return }
    Issue.record(
        "Canvas differs from golden \(url.path) (RECORD_GOLDENS=1 re-records):\n\(lineDiff(expected: expected, actual: actual))",
        sourceLocation: sourceLocation)
}

/// The `__Goldens__` folder next to the calling test file.
public func goldenDirectory(filePath: String = #filePath) -> String {
    URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Goldens__").path
}

/// The text a golden file holds for `canvas` (ending in a newline, as text files do).
public func goldenText(of canvas: Canvas) -> String {
    canvas.text() + "\n--- styles ---\n" + canvas.styleMap() + "\n"
}

/// Lines that differ, by position: `-` expected, `+` actual, with the line number.
func lineDiff(expected: String, actual: String) -> String {
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var out: [String] = []
    for i in 0..<max(e.count, a.count) {
        let el = i < e.count ? String(e[i]) : nil
        let al = i < a.count ? String(a[i]) : nil
        if el == al { continue }
        if let el { out.append(String(format: "%4d - ", i + 1) + el) }
        if let al { out.append(String(format: "%4d + ", i + 1) + al) }
    }
    return out.joined(separator: "\n")
}
