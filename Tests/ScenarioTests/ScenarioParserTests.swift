import Chrome
import Foundation
import Scenario
import TerminalUI
import Testing

@Suite struct ScenarioParserTests {
    func parse(_ text: String) throws -> [ScenarioCommand] {
        try ScenarioParser.parse(text, path: "demo.tape").steps.map(\.command)
    }

    /// The message a bad scenario gets, as `tollbooth play` prints it.
    func error(_ text: String) -> String {
        do {
            _ = try ScenarioParser.parse(text, path: "demo.tape")
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func aWholeScenarioReadsAsWritten() throws {
        let commands = try parse("""
            # Buy the monthly plan, then refund it from "another process".
            Set Catalog ../Example.storekit
            Set Size 80x24
            Set TypingSpeed 80ms
            Set Title "Buying: a demo"
            Set StoreDate 2026-01-01T09:00:00Z
            Hide
            Down 2
            Show
            Key Enter
            Key j 3
            Type "ab c"
            Sleep 1.5s
            Store txn refund last --reason other
            Expect "Subscribed" within 2s
            Expect /Renews on [A-Z][a-z]{2} \\d+/
            ExpectNot "Purchasing"
            Snapshot after-refund
            Ctrl+C
            """)
        #expect(commands == [
            .set(.catalog("../Example.storekit")), .set(.size(Size(width: 80, height: 24))),
            .set(.typingSpeed(.milliseconds(80))), .set(.title("Buying: a demo")),
            .set(.storeDate(Date(timeIntervalSince1970: 1_767_258_000))),
            .hide, .key(.down, count: 2), .show, .key(.enter, count: 1), .key(.character("j"), count: 3),
            .type("ab c"), .sleep(.milliseconds(1500)), .store(["txn", "refund", "last", "--reason", "other"]),
            .expect(ScreenExpectation(pattern: .text("Subscribed"), within: .seconds(2))),
            .expect(ScreenExpectation(pattern: .regex(#"Renews on [A-Z][a-z]{2} \d+"#))),
            .expect(ScreenExpectation(pattern: .text("Purchasing"), negated: true)),
            .snapshot("after-refund"), .key(.control("c"), count: 1),
        ])
    }

    @Test func aSlashOpensARegularExpressionOnlyAfterExpect() throws {
        #expect(try parse("Set Catalog /work/app/x.storekit") == [.set(.catalog("/work/app/x.storekit"))])
        #expect(try parse("ExpectNot /a b/") == [.expect(ScreenExpectation(pattern: .regex("a b"), negated: true))])
    }

    @Test func stepsKeepTheirLineNumbers() throws {
        let script = try ScenarioParser.parse("# set-up\n\nSet Size 40x20\n  Enter\n", path: "a.tape")
        #expect(script.steps.map(\.line) == [3, 4])
    }

    @Test func aTypoSuggestsTheNearestCommand() {
        #expect(error("Set Size 80x24\nExpet \"Subscribed\"") == "demo.tape:2:1: unknown command 'Expet'; did you mean 'Expect'?")
        #expect(error("expect \"x\"") == "demo.tape:1:1: unknown command 'expect'; did you mean 'Expect'?")
        #expect(error("Set Sise 80x24") == "demo.tape:1:5: unknown setting 'Sise': Set takes Catalog, Manifest, Locale, Storefront, Theme, Size, Device, Rate, TypingSpeed, Title, StoreDate; did you mean 'Size'?")
        #expect(error("Key PgDown").hasPrefix("demo.tape:1:5: unknown key 'PgDown': Key takes a key name"))
        #expect(error("Key PgDown").hasSuffix("; did you mean 'PageDown'?"))
    }

    @Test func anUnknownCommandFarFromAnyListsTheCommands() {
        #expect(error("Output demo.gif").hasPrefix("demo.tape:1:1: unknown command 'Output'; the commands are Set, Key, Type"))
    }

    @Test func badValuesNameTheirColumnAndTheFix() {
        #expect(error("Sleep 5 seconds") == "demo.tape:1:9: unexpected 'seconds': Sleep needs a duration, e.g. Sleep 500ms or Sleep 2s")
        #expect(error("Sleep -1s").hasPrefix("demo.tape:1:7: a duration is a positive number"))
        #expect(error("Sleep 25h").hasPrefix("demo.tape:1:7: a duration is a positive number with ms, s, m or h, at most 24h"))
        #expect(error("Set Size 80*24").hasPrefix("demo.tape:1:10: a size is WIDTHxHEIGHT"))
        #expect(error("Down 0") == "demo.tape:1:6: a key's repeat count is a whole number from 1 to 1000, not '0'")
        #expect(error("Type hello") == "demo.tape:1:6: Type wants its text in quotes, e.g. Type \"hello\"")
        #expect(error("Expect \"unclosed") == "demo.tape:1:8: this string is never closed: end it with \"")
        #expect(error("Expect /([a-z]/").hasPrefix("demo.tape:1:8: /([a-z]/ is not a valid regular expression"))
        #expect(error("Expect \"x\" in 2s") == "demo.tape:1:12: unexpected 'in': after the pattern only 'within DURATION' may follow")
        #expect(error("Snapshot ../escape").hasPrefix("demo.tape:1:10: a snapshot name is letters, digits"))
        #expect(error("Set StoreDate tomorrow").hasPrefix("demo.tape:1:15: a store date is ISO 8601"))
        #expect(error("Set Storefront jp").hasPrefix("demo.tape:1:16: a storefront is a three-letter code"))
    }

    @Test func launchSettingsMustComeBeforeThePaywallRuns() {
        #expect(error("Set Size 80x24\nEnter\nSet Locale ja_JP")
                == "demo.tape:3:1: Set Locale chooses what is launched, so it must come before line 2, the first command that runs the paywall: move it up")
        // A window size may change later: it is a resize.
        #expect(error("Enter\nSet Size 40x20\nSet TypingSpeed 10ms") == "no error")
    }

    @Test func controlCharactersAreRefusedWithTheWayToSendThem() {
        #expect(error("Type \"a\u{1B}[2Jb\"") == "demo.tape:1:8: a control character is not allowed in a scenario: write keys with Key, e.g. Key Ctrl+C")
    }

    @Test func keysAreSpelledAsInVHS() throws {
        let commands = try parse("Key Esc\nEscape\nTab 2\nShift+Tab\nSpace\nBackspace\nKey Ctrl+R\nKey 日\nPageUp\nHome\nEnd")
        #expect(commands == [
            .key(.escape, count: 1), .key(.escape, count: 1), .key(.tab, count: 2), .key(.backTab, count: 1),
            .key(.character(" "), count: 1), .key(.backspace, count: 1), .key(.control("r"), count: 1),
            .key(.character("日"), count: 1), .key(.pageUp, count: 1), .key(.home, count: 1), .key(.end, count: 1),
        ])
    }

    @Test func durationsReadLikeVHS() throws {
        #expect(try parse("Sleep 0.5\nSleep 250ms\nSleep 2s\nSleep 1m") == [
            .sleep(.milliseconds(500)), .sleep(.milliseconds(250)), .sleep(.seconds(2)), .sleep(.seconds(60)),
        ])
    }

    @Test func aMissingFileIsOneSentence() {
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(contentsOf: "/nonexistent/demo.tape") }
    }
}
