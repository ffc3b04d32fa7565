import Foundation
import TerminalUI

/// One line of a scenario file, as the player runs it (docs/scenario-language.md).
///
/// The spelling follows VHS `.tape` files where the two overlap (`Key`, `Type`, `Sleep`, `Set`,
/// `Hide`/`Show`), so people who know VHS can read a scenario at once; the store, expectations
/// and snapshots are Tollbooth's own.
public enum ScenarioCommand: Sendable, Equatable {
    /// `Set NAME VALUE`: what to open and how to record. Settings that choose what is opened
    /// (catalog, manifest, locale, size, store date…) take effect at launch, so they come before
    /// the first command that needs the paywall.
    case set(ScenarioSetting)
    /// `Key NAME [N]`, `Enter`, `Up 3`…: a key pressed N times, one per typing interval.
    case key(Key, count: Int)
    /// `Type "text"`: each character as a key, one per typing interval.
    case type(String)
    /// `Sleep 500ms`: virtual time passes, for the paywall and the store clock alike.
    case sleep(Duration)
    /// `Store ARGS…`: a `tollbooth` admin command (everything after `tollbooth`), run on this
    /// scenario's ledger as another process would.
    case store([String])
    /// `Expect "text"`, `Expect /regex/`, `ExpectNot "text"`, optionally `within 2s`.
    case expect(ScreenExpectation)
    /// `Snapshot NAME`: the screen as text and SVG.
    case snapshot(String)
    /// `Hide`: leave what follows out of the recording (set-up); `Show` brings it back.
    case hide, show
}

/// What a `Set` line sets.
public enum ScenarioSetting: Sendable, Equatable {
    /// A `.storekit` file, relative to the scenario file.
    case catalog(String)
    /// A paywall manifest, relative to the scenario file.
    case manifest(String)
    case locale(String)
    case storefront(String)
    /// A bundled theme's name, or a theme file relative to the scenario file.
    case theme(String)
    case size(Size)
    case device(String)
    /// A time-rate preset, as `run --rate` spells it.
    case rate(String)
    /// The interval between keys of `Key N` and `Type` (default 50 ms).
    case typingSpeed(Duration)
    /// The recording's title (asciicast header).
    case title(String)
    /// The store's clock at launch, so ids, dates and timestamps are the same on every run.
    case storeDate(Date)
}

/// A condition on the screen, checked until it holds or `within` virtual time has passed.
public struct ScreenExpectation: Sendable, Equatable {
    /// Literal text or a regular expression, matched against the screen's rows.
    public enum Pattern: Sendable, Equatable {
        case text(String)
        case regex(String)
    }

    public var pattern: Pattern
    /// `ExpectNot`: the screen must stop showing it (or never show it) within the time.
    public var negated: Bool
    /// How long the player waits in virtual time (default 1 s).
    public var within: Duration

    public init(pattern: Pattern, negated: Bool = false, within: Duration = .seconds(1)) {
        self.pattern = pattern
        self.negated = negated
        self.within = within
    }
}

/// A command and where it was written, for messages that name the line.
public struct ScenarioStep: Sendable, Equatable {
    public var command: ScenarioCommand
    /// 1-based line of the scenario file.
    public var line: Int

    public init(_ command: ScenarioCommand, line: Int) {
        self.command = command
        self.line = line
    }
}

/// A parsed scenario file.
public struct ScenarioScript: Sendable, Equatable {
    /// The file as named by the user, for messages.
    public var path: String
    public var steps: [ScenarioStep]

    public init(path: String, steps: [ScenarioStep]) {
        self.path = path
        self.steps = steps
    }

    /// The folder relative paths in `Set Catalog`, `Set Manifest` and `Set Theme` start from.
    public var folder: URL { URL(fileURLWithPath: path).deletingLastPathComponent() }
}
