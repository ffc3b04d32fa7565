@testable import Chrome
@testable import ControlRoom
import Foundation
import MockStore
@testable import Paywall
import TerminalUI
import TestSupport
import Testing
@testable import TollboothApp

/// The bundled example in each of the ten languages: goldens of the paywall at 80×24 and
/// 40×20, and no English word of Tollbooth's own on any screen a user can open (the paywall,
/// its help and sheets, every control-room panel). Product text is the catalog's and may be
/// English; Tollbooth's chrome may not.
@Suite struct EveryLanguageTests {
    let directory = goldenDirectory()

    @Test(arguments: Language.allCases)
    func theExamplesPaywall(language: Language) {
        for size in [Size(width: 80, height: 24), Size(width: 40, height: 20)] {
            let state = Fixture.state(language, size: size)
            assertGolden(view(state, size: size), named: "language-\(language.rawValue)-\(size.width)x\(size.height)", in: directory)
        }
    }

    /// The confirm sheet at 40 columns in every language: long compounds
    /// ("Sandbox-/Xcode-Account") break after a hyphen, never mid-word.
    @Test(arguments: Language.allCases)
    func theConfirmSheetAtFortyColumns(language: Language) {
        let size = Size(width: 40, height: 20)
        var state = Fixture.state(language, size: size)
        send(&state, key(.enter))
        let screen = view(state, size: size)
        assertGolden(screen, named: "language-\(language.rawValue)-confirm-40x20", in: directory)
        let rows = screen.text().split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " |│┃║")) }
        #expect(!rows.contains { $0.hasSuffix("Accou") }, "\(language): a word cut mid-word")
    }

    /// However narrow the window, the key row names help and quit in the language's words;
    /// the keys left out are in `?`'s list. Hints are dropped whole, never cut mid-word.
    @Test(arguments: Language.allCases)
    func theKeyRowKeepsHelpAndQuit(language: Language) {
        let hints = Strings(language).footerKeys.components(separatedBy: KeyHints.separator)
        let help = hints.first { $0.hasPrefix("? ") }!, quit = hints.first { $0.hasPrefix("q ") }!
        for width in [30, 40, 60, 80] {
            let size = Size(width: width, height: 20)
            let keys = view(Fixture.state(language, size: size), size: size).text().split(separator: "\n").last.map(String.init) ?? ""
            #expect(keys.contains(help) && keys.contains(quit), "\(language) at \(width): \(keys)")
            #expect(!keys.contains("..."), "\(language) at \(width) cuts a hint: \(keys)")
            for shown in keys.components(separatedBy: KeyHints.separator) {
                let hint = shown.trimmingCharacters(in: .whitespaces)
                if hint.isEmpty || hint == Strings(language).moreBelow { continue }
                #expect(hints.contains(hint), "\(language) at \(width): \"\(hint)\" is not a whole hint")
            }
        }
    }

    @Test(arguments: Language.allCases.filter { $0 != .en })
    func noEnglishChromeOnAnyScreen(language: Language) throws {
        let english = try EnglishChrome(for: language)
        for size in [Size(width: 80, height: 24), Size(width: 40, height: 20)] {
            for (name, state) in Self.screens(language, size: size) {
                // With a sheet open, the sheet and the key row: the paywall behind it, cut at the
                // sheet's border, has its own screen above.
                let canvas = view(state, size: size)
                let text = canvas.sheetText.map { $0 + "\n" + (canvas.text().split(separator: "\n").last ?? "") } ?? canvas.text()
                let leaks = english.words(in: text)
                #expect(leaks.isEmpty, "\(language) \(size) \(name): English \(leaks.sorted()) in\n\(text)")
            }
        }
    }

    /// Every screen reachable from the example's first frame with a key or two.
    static func screens(_ language: Language, size: Size) -> [(String, PaywallState)] {
        let first = Fixture.state(language, size: size)
        var screens: [(String, PaywallState)] = [("paywall", first)]
        let keyed: [(String, [PaywallEvent])] = [
            ("help", [char("?")]), ("confirm sheet", [key(.enter)]), ("terms", [key(.end)]),
            ("transactions", [char("t")]), ("clock", [char("c")]), ("faults", [char("f")]),
            ("settings", [char("s")]), ("events", [char("e")]), ("panel help", [char("s"), char("?")]),
            ("audit", [char("a")]),
        ]
        for (name, events) in keyed {
            var state = first
            for event in events { send(&state, event) }
            screens.append((name, state))
        }
        return screens
    }
}

/// The English words of Tollbooth's copy that a screen in `language` must not show: every word
/// of four letters or more in the catalog's English text, minus the words that language's own
/// text uses too (names such as StoreKit, Paywall or Transaction.updates stay as they are) and
/// the words of the example's product text and manifest, which are the app's, not Tollbooth's.
struct EnglishChrome {
    let forbidden: Set<String>

    init(for language: Language) throws {
        let url = try PaywallResources.root().appendingPathComponent("Localizable.xcstrings")
        let catalog = try StringCatalog(data: try Data(contentsOf: url), path: url.path)
        var english = Set<String>(), own = Set<String>()
        for entry in catalog.entries.values {
            english.formUnion(entry["en"].map(Self.texts)?.flatMap(Self.words) ?? [])
            own.formUnion(entry[language.rawValue].map(Self.texts)?.flatMap(Self.words) ?? [])
        }
        var app = Set<String>()
        for product in Fixture.products(.en) + Fixture.products(.ja) {
            app.formUnion(Self.words(product.displayName + " " + product.description))
        }
        for copy in Fixture.exampleManifest.localizations.values {
            let texts = [copy.title, copy.subtitle, copy.trialSubtitle, copy.trialEnds].compactMap { $0 } + copy.features
            app.formUnion(Self.words(texts.joined(separator: " ")))
        }
        // Names shown as they are: devices, the time rate and theme in use, and keys.
        app.formUnion(["iphone", "ipad", "realtime", "default", "left", "right", "enter", "space", "home", "pgup", "pgdn", "shift", "ctrl"])
        forbidden = english.subtracting(own).subtracting(app)
    }

    /// The forbidden words that `screen` shows, URLs aside (they are data, not copy).
    func words(in screen: String) -> Set<String> {
        let prose = screen.split(separator: " ").filter { !$0.contains("://") && !$0.hasPrefix("www.") }.joined(separator: " ")
        return Set(Self.words(prose)).intersection(forbidden)
    }

    static func texts(_ entry: StringCatalog.Entry) -> [String] {
        switch entry {
        case .text(let text): [text]
        case .plural(let forms): Array(forms.values)
        }
    }

    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { !$0.isLetter || !$0.isASCII }).map { $0.lowercased() }.filter { $0.count >= 4 }
    }
}
