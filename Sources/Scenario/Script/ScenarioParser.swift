import Foundation
import TerminalUI

/// Reads a scenario file into steps, or fails with the first line that cannot be run, naming
/// file, line and column, what was expected, and the nearest command for a typo.
public enum ScenarioParser {
    /// Every command word, for "did you mean …?".
    static let commandWords = ["Set", "Key", "Type", "Sleep", "Store", "Expect", "ExpectNot", "Snapshot", "Hide", "Show"]
        + ScenarioKeyName.commandNames

    /// Parses the file at `path` (named in messages as given).
    public static func parse(contentsOf path: String) throws -> ScenarioScript {
        guard let data = FileManager.default.contents(atPath: path) else {
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
    /// Whether the paywall must be running for this command (so launch settings are final).
    var runsThePaywall: Bool {
        switch self {
        case .set, .hide, .show: false
        default: true
        }
    }
}
