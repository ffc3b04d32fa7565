import Foundation
import TerminalUI

/// Reads one tokenised line into a command. Every failure names the column of the token at
/// fault and what was expected there.
struct LineReader {
    var tokens: [ScenarioToken]
    var fail: (Int, String) -> ScenarioError

    func command() throws -> ScenarioCommand {
        let head = tokens[0]
        guard head.kind == .word else { throw fail(head.column, "a line starts with a command such as Key, Type, Sleep or Expect, not a string") }
        switch head.text {
        case "Set": return .set(try SettingReader(tokens: tokens, fail: fail).setting())
        case "Key":
            guard tokens.count >= 2 else { throw fail(head.column, "Key needs \(ScenarioKeyName.expected)") }
            return try key(tokens[1], countAt: 2)
        case "Type":
            try arguments(1, "Type needs one quoted string, e.g. Type \"hello\"")
            guard tokens[1].kind == .quoted else { throw fail(tokens[1].column, "Type wants its text in quotes, e.g. Type \"hello\"") }
            guard !tokens[1].text.isEmpty else { throw fail(tokens[1].column, "Type needs some text between the quotes") }
            return .type(tokens[1].text)
        case "Sleep":
            try arguments(1, "Sleep needs a duration, e.g. Sleep 500ms or Sleep 2s")
            return .sleep(try duration(tokens[1]))
        case "Store":
            guard tokens.count >= 2 else { throw fail(head.column, "Store needs a tollbooth admin command, e.g. Store txn refund last") }
            return .store(tokens.dropFirst().map(\.text))
        case "Expect", "ExpectNot": return .expect(try expectation(negated: head.text == "ExpectNot"))
        case "Snapshot":
            try arguments(1, "Snapshot needs a name, e.g. Snapshot subscribed")
            let name = tokens[1].text
            guard !name.isEmpty, !name.hasPrefix("."),
                  name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
                throw fail(tokens[1].column, "a snapshot name is letters, digits, '-', '_' and '.' (it becomes a file name), not \(ScenarioText.quoted(name))")
            }
            return .snapshot(name)
        case "Hide", "Show":
            try arguments(0, "\(head.text) takes nothing after it")
            return head.text == "Hide" ? .hide : .show
        default:
            if ScenarioKeyName.commandNames.contains(head.text) { return try key(head, countAt: 1) }
            let hint = NearestWord.hint(head.text, in: ScenarioParser.commandWords)
            throw fail(head.column, "unknown command \(ScenarioText.quoted(head.text))"
                       + (hint.isEmpty ? "; the commands are " + ScenarioParser.commandWords.prefix(10).joined(separator: ", ") + " and the key names" : hint))
        }
    }

    /// Fails unless exactly `count` tokens follow the command.
    private func arguments(_ count: Int, _ message: String) throws {
        if tokens.count - 1 < count { throw fail(tokens[0].column, message) }
        if tokens.count - 1 > count { throw fail(tokens[count + 1].column, "unexpected \(ScenarioText.quoted(tokens[count + 1].text)): \(message)") }
    }

    private func key(_ name: ScenarioToken, countAt index: Int) throws -> ScenarioCommand {
        guard let key = ScenarioKeyName.key(name.text) else {
            throw fail(name.column, "unknown key \(ScenarioText.quoted(name.text)): Key takes \(ScenarioKeyName.expected)"
                       + NearestWord.hint(name.text, in: ScenarioKeyName.commandNames))
        }
        var count = 1
        if tokens.count > index {
            let token = tokens[index]
            guard token.kind == .word, let n = Int(token.text), (1...1000).contains(n) else {
                throw fail(token.column, "a key's repeat count is a whole number from 1 to 1000, not \(ScenarioText.quoted(token.text))")
            }
            count = n
        }
        if tokens.count > index + 1 {
            throw fail(tokens[index + 1].column, "unexpected \(ScenarioText.quoted(tokens[index + 1].text)) after the key and its count")
        }
        return .key(key, count: count)
    }

    func duration(_ token: ScenarioToken) throws -> Duration {
        guard token.kind == .word, let d = ScenarioDuration.parse(token.text), d > .zero else {
            throw fail(token.column, "a duration is a positive number with ms, s, m or h, at most 24h, e.g. 500ms or 2s, not \(ScenarioText.quoted(token.text))")
        }
        return d
    }

    private func expectation(negated: Bool) throws -> ScreenExpectation {
        let name = tokens[0].text
        guard tokens.count >= 2 else { throw fail(tokens[0].column, "\(name) needs \"text\" or /regex/ to look for on the screen") }
        let what = tokens[1]
        let pattern: ScreenExpectation.Pattern
        switch what.kind {
        case .quoted:
            guard !what.text.isEmpty else { throw fail(what.column, "\(name) needs some text between the quotes") }
            pattern = .text(what.text)
        case .regex:
            do {
                _ = try NSRegularExpression(pattern: what.text)
            } catch {
                throw fail(what.column, "/\(ScenarioText.cut(what.text))/ is not a valid regular expression: check its brackets and escapes")
            }
            pattern = .regex(what.text)
        case .word:
            throw fail(what.column, "\(name) wants \"text\" in quotes or /regex/ between slashes, not \(ScenarioText.quoted(what.text))")
        }
        var within = Duration.seconds(1)
        if tokens.count > 2 {
            guard tokens[2].text == "within", tokens[2].kind == .word else {
                throw fail(tokens[2].column, "unexpected \(ScenarioText.quoted(tokens[2].text)): after the pattern only 'within DURATION' may follow")
            }
            guard tokens.count == 4 else {
                throw fail(tokens.count > 4 ? tokens[4].column : tokens[2].column, "'within' takes one duration, e.g. within 2s")
            }
            within = try duration(tokens[3])
        }
        return ScreenExpectation(pattern: pattern, negated: negated, within: within)
    }
}
