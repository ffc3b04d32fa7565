import Foundation
import TerminalUI

/// Whether the screen shows what an `Expect` line looks for, and how a failure is shown.
enum ScreenMatch {
    /// True when the pattern is found on some row (and `ExpectNot` wants it absent).
    static func holds(_ expectation: ScreenExpectation, on canvas: Canvas) -> Bool {
        shows(expectation.pattern, ScreenRows.of(canvas)) != expectation.negated
    }

    static func shows(_ pattern: ScreenExpectation.Pattern, _ rows: [String]) -> Bool {
        switch pattern {
        case .text(let text):
            return rows.contains { $0.contains(text) }
        case .regex(let source):
            // The parser has compiled it once already; a pattern it refused never gets here.
            guard let regex = try? NSRegularExpression(pattern: source) else { return false }
            return rows.contains { regex.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
        }
    }

    /// `Expect "Subscribed"`, `ExpectNot /Purchas/`: the line as written.
    static func written(_ expectation: ScreenExpectation) -> String {
        let name = expectation.negated ? "ExpectNot" : "Expect"
        switch expectation.pattern {
        case .text(let text): return "\(name) \"\(text)\""
        case .regex(let source): return "\(name) /\(source)/"
        }
    }

    /// The sentence for an expectation that did not hold in time.
    static func failure(_ expectation: ScreenExpectation) -> String {
        let within = ScenarioDuration.text(expectation.within)
        return expectation.negated
            ? "\(written(expectation)): still on the screen after \(within)"
            : "\(written(expectation)): not on the screen after \(within)"
    }

    /// The screen, numbered, as a failure shows it.
    static func screen(_ canvas: Canvas, at time: Duration) -> String {
        let rows = ScreenRows.of(canvas)
        let header = "the screen (\(canvas.width)x\(canvas.height)) at \(ScenarioDuration.text(time)):"
        return ([header] + rows.enumerated().map { String(format: "%3d | ", $0.offset + 1) + $0.element })
            .joined(separator: "\n")
    }

    /// A diff-like view for `--check`: what was expected (`-`) against the screen's rows (`+`),
    /// blank rows left out.
    static func diff(_ expectation: ScreenExpectation, _ canvas: Canvas, at time: Duration) -> String {
        let wanted = expectation.negated ? "no row showing" : "a row showing"
        let pattern: String
        switch expectation.pattern {
        case .text(let text): pattern = "\"\(text)\""
        case .regex(let source): pattern = "/\(source)/"
        }
        let rows = ScreenRows.of(canvas).enumerated().filter { !$0.element.isEmpty }
            .map { String(format: "+%3d | ", $0.offset + 1) + $0.element }
        return (["- \(wanted) \(pattern) within \(ScenarioDuration.text(expectation.within))",
                 "+ the screen at \(ScenarioDuration.text(time)):"] + rows).joined(separator: "\n")
    }
}

/// An `Expect` or `ExpectNot` that did not hold within its time: the play stops here. Its
/// `error` names the file and line and carries the screen; `tollbooth play` exits 1 for it and
/// 2 for every other error.
public struct ExpectationFailed: Error, CustomStringConvertible, LocalizedError {
    public var error: ScenarioError
    public var description: String { error.description }
    public var errorDescription: String? { description }
}
