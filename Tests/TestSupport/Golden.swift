import Foundation
import TerminalUI
import Testing

/// Compares a canvas with a reviewed text golden: `canvas.text()`, a `--- styles ---` line, then
/// `canvas.styleMap()`, stored as `<directory>/<named>.golden`.
///
/// Wide characters appear as themselves (stub cells left out), so a golden reads like the screen in
/// any editor with a CJK-capable monospace font, and a diff shows what a user would notice.
///
/// A golden never passes by being written (docs/terminal.md §3.6):
/// - a golden that differs fails with a line diff;
/// - `RECORD_GOLDENS=1` rewrites a golden that differs, and still fails, saying it was
///   re-recorded: review the change with `git diff`, then run again without it;
/// - a missing golden is written and fails, so the next run passes once someone has reviewed it;
/// - under CI (`CI` set), nothing is written: a missing golden fails, and `RECORD_GOLDENS`
///   fails every comparison it would have touched, since a recording there would pass unreviewed.
public func assertGolden(
    _ canvas: Canvas, named name: String, in directory: String,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    assertGolden(text: goldenText(of: canvas), file: name + ".golden", in: directory, environment: environment,
                 sourceLocation: sourceLocation)
}

/// Compares any reviewed text output (an SVG, a cast) with the golden file `<directory>/<file>`,
/// under the same rules as a canvas golden.
public func assertGolden(
    text actual: String, file: String, in directory: String,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let name = file
    let url = URL(fileURLWithPath: directory).appendingPathComponent(file)
    let record = environment["RECORD_GOLDENS"] == "1"
    let ci = isCI(environment)
    let existing = try? String(contentsOf: url, encoding: .utf8)

    if ci && record {
        fail("RECORD_GOLDENS=1 is refused under CI (CI is set): golden \(name) was not written. Record goldens on a "
             + "developer machine and review them with git diff.", sourceLocation)
    }
    guard let expected = existing else {
        if ci {
            fail("Golden \(url.path) is missing; it is not written under CI. Run the tests locally to record it, "
                 + "review it, and commit it.", sourceLocation)
        } else if write(actual, to: url, sourceLocation: sourceLocation) {
            Issue.record("Golden \(name) did not exist; recorded it at \(url.path). Review it, then run again.",
                         sourceLocation: sourceLocation)
        }
        return
    }
    guard expected != actual else { return }
    let diff = lineDiff(expected: expected, actual: actual)
    if record && !ci {
        if write(actual, to: url, sourceLocation: sourceLocation) {
            fail("Golden \(name) was re-recorded at \(url.path); review the change with git diff, then run again "
                 + "without RECORD_GOLDENS:\n\(diff)", sourceLocation)
        }
        return
    }
    Issue.record("Output differs from golden \(url.path) (RECORD_GOLDENS=1 re-records it, outside CI):\n\(diff)",
                 sourceLocation: sourceLocation)
}

private func fail(_ message: String, _ sourceLocation: SourceLocation) {
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// `CI` set to anything but empty, `0` or `false`, as CI services set it.
func isCI(_ environment: [String: String]) -> Bool {
    guard let value = environment["CI"]?.lowercased() else { return false }
    return !["", "0", "false"].contains(value)
}

/// Writes a golden; false (with an issue) when it cannot.
private func write(_ text: String, to url: URL, sourceLocation: SourceLocation) -> Bool {
    do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return true
    } catch {
        Issue.record("Could not write golden \(url.path): \(error)", sourceLocation: sourceLocation)
        return false
    }
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
