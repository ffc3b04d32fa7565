import Foundation
import TerminalUI

/// Whether the screen shows what an `Expect` line looks for, and how a failure is shown.
enum ScreenMatch {
    /// How long one `Expect` line's regular expression may spend matching, over all the
    /// screens it is checked on: Tollbooth's own limit. A pattern that backtracks without end
    /// (`/(a+)+$/` against a row of a's) then ends the play at its line instead of spinning.
    static let regexTimeLimit: Duration = .seconds(2)

    /// An `Expect` line's pattern, compiled once, checked screen after screen; a screen that
    /// reads as the last one gets the last answer without matching again.
    struct Checker {
        let expectation: ScreenExpectation
        private let regex: NSRegularExpression?
        private var spent: Duration = .zero
        private var last: (rows: [String], shows: Bool)?

        init(_ expectation: ScreenExpectation) {
            self.expectation = expectation
            if case .regex(let source) = expectation.pattern {
                // The parser has compiled it once already; a pattern it refused never gets here.
                regex = try? NSRegularExpression(pattern: source)
            } else {
                regex = nil
            }
        }

        /// True when the pattern is found on some row (and `ExpectNot` wants it absent).
        /// Throws `RegexTooSlow` once the pattern has used up `regexTimeLimit`.
        mutating func holds(on canvas: Canvas) throws -> Bool {
            let rows = ScreenRows.of(canvas)
            if let last, last.rows == rows { return last.shows != expectation.negated }
            let shows = try self.shows(rows)
            last = (rows, shows)
            return shows != expectation.negated
        }

        private mutating func shows(_ rows: [String]) throws -> Bool {
            switch expectation.pattern {
            case .text(let text):
                return rows.contains { $0.contains(text) }
            case .regex:
                guard let regex else { return false }
                let clock = ContinuousClock()
                let deadline = clock.now + (ScreenMatch.regexTimeLimit - spent)
                let started = clock.now
                defer { spent += clock.now - started }
                var found = false, tooSlow = false
                for row in rows {
                    // ICU calls back as a search moves along the row and every few thousand
                    // steps of a match; each call may stop it.
                    regex.enumerateMatches(in: row, options: .reportProgress, range: NSRange(row.startIndex..., in: row)) { match, _, stop in
                        if match != nil {
                            found = true
                            stop.pointee = true
                        } else if clock.now >= deadline {
                            tooSlow = true
                            stop.pointee = true
                        }
                    }
                    if found { return true }
                    if tooSlow { throw RegexTooSlow() }
                }
                return false
            }
        }
    }

    /// An `Expect` regular expression that used up `regexTimeLimit`.
    struct RegexTooSlow: Error {}

    /// `Expect "Subscribed"`, `ExpectNot /Purchas/`: the line as written.
    static func written(_ expectation: ScreenExpectation) -> String {
        let name = expectation.negated ? "ExpectNot" : "Expect"
        switch expectation.pattern {
        case .text(let text): return "\(name) \"\(ScenarioText.cut(text, limit: 80))\""
        case .regex(let source): return "\(name) /\(ScenarioText.cut(source, limit: 80))/"
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
        case .text(let text): pattern = "\"\(ScenarioText.cut(text, limit: 80))\""
        case .regex(let source): pattern = "/\(ScenarioText.cut(source, limit: 80))/"
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
