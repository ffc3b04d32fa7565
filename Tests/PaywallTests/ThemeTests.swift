@testable import Chrome
@testable import ControlRoom
import Foundation
@testable import Paywall
import TerminalUI
import Testing
@testable import TollboothApp

/// Theme files: the bundled ones, the chooser, and the errors a person gets for a broken file.
@Suite struct ThemeTests {
    @Test(arguments: ThemeLoader.bundledNames)
    func bundledThemesLoadWithEveryRole(name: String) throws {
        let theme = try ThemeLoader.bundled(name)
        #expect(theme.name == name)
        #expect(Set(theme.styles.keys) == Set(ThemeRole.allCases), "\(name) leaves roles out")
        #expect(theme.disclosureWarnings.isEmpty)
    }

    @Test func borderStylesDifferAndMonoIsASCIIAndColourless() throws {
        #expect(try ThemeLoader.bundled("default").border == .rounded)
        #expect(try ThemeLoader.bundled("light").border == .light)
        #expect(try ThemeLoader.bundled("high-contrast").border == .heavy)
        let mono = try ThemeLoader.bundled("mono")
        #expect(mono.border == .ascii)
        #expect(mono.styles.values.allSatisfy { $0.fg == .default && $0.bg == .default })
        let screen = view(Fixture.state(size: Size(width: 100, height: 30), theme: "mono"), size: Size(width: 100, height: 30))
        #expect(screen.text().unicodeScalars.allSatisfy { $0.isASCII || $0.value > 0x2FFF || $0 == "—" || $0 == "×" })
        #expect(screen.text().contains("+- Best value ---"))
    }

    @Test func theBuiltInFallbackLooksLikeMono() throws {
        let mono = try ThemeLoader.bundled("mono")
        for role in ThemeRole.allCases { #expect(Theme.fallback[role] == mono[role], "\(role)") }
        #expect(Theme.fallback.border == mono.border)
    }

    @Test func noColorPicksMonoUnlessAThemeWasAskedFor() throws {
        #expect(try ThemeLoader.resolve(nil, environment: ["NO_COLOR": "1"]).name == "mono")
        #expect(try ThemeLoader.resolve(nil, environment: ["NO_COLOR": ""]).name == "default")
        #expect(try ThemeLoader.resolve(nil, environment: [:]).name == "default")
        #expect(try ThemeLoader.resolve("light", environment: ["NO_COLOR": "1"]).name == "light")
    }

    @Test func aThemeCanBeAPathAndInheritFromABundledOne() throws {
        let theme = try withTemporaryFile("brand.yaml", """
            base: mono
            border: rounded
            roles:
              price: { fg: "#ff8700", bold: true, reverse: true }
              link: { fg: bright-blue, underline: yes }
            """) { path in try ThemeLoader.resolve(path, environment: [:]) }
        #expect(theme.name == "brand")
        #expect(theme.border == .rounded)
        #expect(theme[.price] == Style(fg: .indexed(208), bold: true, reverse: true))
        #expect(theme[.link] == Style(fg: .ansi(12), underline: true))
        #expect(theme[.muted] == Style(dim: true))  // from mono
    }

    @Test func colourSpellings() {
        #expect(ThemeParser.parseColor("red") == .ansi(1))
        #expect(ThemeParser.parseColor("bright-red") == .ansi(9))
        #expect(ThemeParser.parseColor("brightRed") == .ansi(9))
        #expect(ThemeParser.parseColor("default") == .default)
        #expect(ThemeParser.parseColor("196") == .indexed(196))
        #expect(ThemeParser.parseColor("#000000") == .indexed(16))
        #expect(ThemeParser.parseColor("#808080") == .indexed(244))
        #expect(ThemeParser.parseColor("256") == nil)
        #expect(ThemeParser.parseColor("purpel") == nil)
    }

    /// Broken files: each error names the file and the line, and says what to do.
    @Test(arguments: [
        ("name: x\nroles:\n  price: { fg: purpel }\n", 3,
         "Unknown colour `purpel` for `price.fg`; use one of default, black, red, green, yellow, blue, magenta, cyan, white, grey (each also as bright-NAME), a number 0–255, or #rrggbb."),
        ("name: x\nroles:\n  price: { fg: bright-gren }\n", 3,
         "Unknown colour `bright-gren` for `price.fg`; use `bright-green` (the nearest name) or one of default,"),
        ("name: x\nroles:\n  prize: { bold: true }\n", 3, "Unknown key `prize` in `roles`: rename it to `price`, the nearest allowed key (allowed: text, muted,"),
        ("name: x\nborder: double\n", 2, "Unknown border `double`; use light, rounded, heavy or ascii"),
        ("name: x\nroles:\n  price: { bold: maybe }\n", 3, "`price.bold` must be true or false, but found `maybe`."),
        ("name: x\nroles:\n  price: [bold]\n", 3, "role `price` must be a mapping of `key: value` lines, but found a list."),
        ("name: x\nroles:\n  price: { bold: true\n", 4, "The YAML is malformed"),
        ("name: x\nname: y\n", 1, "The key `name` appears twice in the same block; keep only one."),
        ("colour: red\n", 1, "Unknown key `colour` in the theme: use one of the allowed keys (name, description, base, border, bullet, roles)."),
        ("bullet: \"-----\"\n", 1, "`bullet` must be 1 to 3 columns wide"),
        ("base: nosuch\n", 1, "The base theme `nosuch` could not be loaded"),
    ] as [(String, Int, String)])
    func brokenThemeFilesNameTheLine(text: String, line: Int, message: String) throws {
        try withTemporaryFile("broken.yaml", text) { path in
            do throws(PaywallSetupError) {
                _ = try ThemeLoader.load(path: path, environment: [:])
                Issue.record("expected an error for \(text)")
            } catch .invalidFile(let error) {
                #expect(error.file == path)
                #expect(error.line == line)
                #expect(error.message.contains(message), "\(error.message)")
                #expect(error.description.hasPrefix("\(path):\(line):"))
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func missingAndUnknownThemesSaySo() {
        #expect(throws: PaywallSetupError.unknownTheme("neon", available: ThemeLoader.bundledNames)) {
            try ThemeLoader.resolve("neon", environment: [:])
        }
        #expect(throws: PaywallSetupError.fileNotFound(path: "/nope/x.yaml", what: "theme file")) {
            try ThemeLoader.resolve("/nope/x.yaml", environment: [:])
        }
        #expect(PaywallSetupError.unknownTheme("neon", available: ["default", "mono"]).description
                == "There is no bundled theme named `neon`; use one of default, mono, or the path of a theme .yaml file.")
        #expect(throws: ConfigFileError(file: "empty.yaml", line: nil, message: "The theme file is empty; start from one of the bundled themes (Themes/default.yaml).")) {
            try ThemeParser.parse("", file: "empty.yaml")
        }
    }

    @Test func resourcesAreFoundFromAnyWorkingDirectoryAndAMissingOneIsASentence() throws {
        // No candidate depends on the working directory (changing it here would race other tests).
        #expect(PaywallResources.candidateRoots(environment: [:]).allSatisfy { $0.path.hasPrefix("/") })
        #expect(PaywallResources.candidateRoots(environment: ["TOLLBOOTH_RESOURCES": "/opt/tb"]).first?.path == "/opt/tb")
        #expect(try ThemeLoader.bundled("default").name == "default")
        #expect(FileManager.default.fileExists(atPath: try BundledExample.storeKitURL().path))
        let custom = try PaywallResources.root(environment: ["TOLLBOOTH_RESOURCES": URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Chrome/Resources").path])
        #expect(custom.path.hasSuffix("Sources/Chrome/Resources"))
        let missing = PaywallSetupError.resourcesMissing(searched: ["/a", "/b"]).description
        #expect(missing.contains("/a, /b"))
        #expect(missing.contains("TOLLBOOTH_RESOURCES"))
    }
}
