import Foundation
import MockStore
import TerminalUI

/// Reads a scenario file into steps, or fails with the first line that cannot be run, naming
/// file, line and column, what was expected, and the nearest command for a typo.
public enum ScenarioParser {
    /// Every command word, for "did you mean …?".
    static let commandWords = ["Set", "Key", "Type", "Sleep", "Store", "Expect", "ExpectNot", "Snapshot", "Hide", "Show"]
        + ScenarioKeyName.commandNames

    /// The largest scenario file read: Tollbooth's own limit, far above any hand-written one
    /// (the longest in SCENARIOS.md is a few kilobytes), so a wrong file is refused at once.
    public static let largestFile = 1 << 20
    /// The most steps one scenario runs: each line is one, except that `Key NAME N` counts its
    /// N presses and `Type "text"` its characters. Tollbooth's own limit: each step takes real
    /// time to play, and a longer scenario is better split.
    public static let mostSteps = 20_000

    /// Parses the file at `path` (named in messages as given).
    public static func parse(contentsOf path: String) throws -> ScenarioScript {
        let data: Data
        switch BoundedFile.read(path, limit: largestFile) {
        case .data(let bytes): data = bytes
        case .tooLarge:
            throw ScenarioError(path: path, line: 0, "the scenario file is larger than \(BoundedFile.size(largestFile)), Tollbooth's limit; split it into several scenarios")
        case .unreadable:
            throw ScenarioError(path: path, line: 0, "cannot read the scenario file: check that it exists and is readable")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScenarioError(path: path, line: 1, "the scenario file is not UTF-8 text: save it as UTF-8")
        }
        return try parse(text, path: path)
    }

    /// Parses scenario `text`; `path` is only for messages and relative paths.
    public static func parse(_ text: String, path: String) throws -> ScenarioScript {
        var steps: [ScenarioStep] = []
        var stepCount = 0
        var firstAction: Int?
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let line = String(raw)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fail = { (column: Int, message: String) in ScenarioError(path: path, line: number, column: column, message) }
            if let bad = line.unicodeScalars.firstIndex(where: { $0.properties.generalCategory == .control && $0 != "\t" }) {
                let column = line.unicodeScalars.distance(from: line.unicodeScalars.startIndex, to: bad) + 1
                throw fail(column, "a control character is not allowed in a scenario: write keys with Key, e.g. Key Ctrl+C")
            }
            let tokens: [ScenarioToken]
            switch ScenarioLexer.tokens(line) {
            case .success(let t): tokens = t
            case .failure(let e): throw fail(e.column, e.message)
            }
            let command = try LineReader(tokens: tokens, fail: fail).command()
            if case .set(let setting) = command {
                if let firstAction, !setting.mayChangeWhileRunning {
                    throw fail(tokens[0].column, "Set \(tokens[1].text) chooses what is launched, so it must come before line \(firstAction), the first command that runs the paywall: move it up")
                }
            } else if firstAction == nil, command.runsThePaywall {
                firstAction = number
            }
            stepCount += command.stepCount
            guard stepCount <= mostSteps else {
                throw ScenarioError(path: path, line: number, "the scenario runs more than \(mostSteps) steps by this line (a key press, a typed character or another line each), Tollbooth's limit; split it into several scenarios")
            }
            steps.append(ScenarioStep(command, line: number))
        }
        return ScenarioScript(path: path, steps: steps)
    }
}

extension ScenarioSetting {
    /// Typing speed and window size may change mid-scenario (a resize); the rest pick what is
    /// launched.
    var mayChangeWhileRunning: Bool {
        switch self {
        case .typingSpeed, .size: true
        default: false
        }
    }
}

extension ScenarioCommand {
    /// What the command counts towards `ScenarioParser.mostSteps`.
    var stepCount: Int {
        switch self {
        case .key(_, let count): count
        case .type(let text): text.count
        default: 1
        }
    }

    /// Whether the paywall must be running for this command (so launch settings are final).
    var runsThePaywall: Bool {
        switch self {
        case .set, .hide, .show: false
        default: true
        }
    }
}
