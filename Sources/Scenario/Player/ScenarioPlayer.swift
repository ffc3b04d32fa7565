import Foundation
import MockStore
import Paywall
import TerminalUI
import TollboothApp

/// Plays a scenario headlessly, in virtual time (docs/scenario-language.md).
///
/// The paywall and the store read a `ManualWallClock` set to the scenario's store date; keys,
/// `Sleep` and `Expect` move it, never the wall clock. Effects are awaited one by one and the
/// store's streams read in step (`PlayedApp`), so the same file gives the same frames, ids and
/// dates on every run and every machine. Frames go to a `ScenarioRecorder` at the virtual
/// time they appear; hidden steps record nothing and take no recording time.
public final class ScenarioPlayer {
    public let script: ScenarioScript
    private let ledgerPath: String
    private let runner: (any StoreCommandRunner)?
    private let recorder: (any ScenarioRecorder)?
    private let snapshots: SnapshotFolder?
    private let diffOnFailure: Bool

    private var settings = LaunchSettings()
    private var catalogPath = ""
    private var app: PlayedApp?
    private var quitLine: Int?
    private let clock = ManualWallClock(LaunchSettings.defaultStoreDate)
    private let latency = LatencyDebt()
    private var frames = FrameClock()

    /// - Parameters:
    ///   - ledger: the ledger file the paywall and `Store` lines share (made if missing).
    ///   - runner: runs `Store` lines; without one they fail.
    ///   - snapshots: where `Snapshot NAME` writes; nil writes nothing.
    ///   - diffOnFailure: a failed `Expect` shows expected-against-screen (`--check`) rather
    ///     than the numbered screen.
    public init(script: ScenarioScript, ledger: String, runner: (any StoreCommandRunner)? = nil,
                recorder: (any ScenarioRecorder)? = nil, snapshots: SnapshotFolder? = nil, diffOnFailure: Bool = false) {
        self.script = script
        self.ledgerPath = ledger
        self.runner = runner
        self.recorder = recorder
        self.snapshots = snapshots
        self.diffOnFailure = diffOnFailure
    }

    /// Runs every step. Throws `ScenarioError` for a step that cannot run (naming file and
    /// line) and `ExpectationFailed` for an expectation that did not hold.
    public func play() async throws -> ScenarioResult {
        // The stores the paywall and the `Store` lines open read the scenario's clock, and a
        // fault's latency passes on the scenario's timeline. The script is bound to a local
        // first: handing `withValue` a temporary crashed optimised builds in the runtime's push.
        let scripted = ScriptedTime.Script(wallClock: clock, latency: latency.owe)
        return try await ScriptedTime.$script.withValue(scripted) {
            do {
                for step in script.steps { try await run(step) }
                // A scenario of settings alone still launches, so it records a screen.
                let app = try await launched(at: script.steps.last?.line ?? 0)
                let storeTime = try await app.store.snapshot().storeTime
                // The ledger outlives the play (`--ledger`): real commands read on from here.
                _ = try await app.store.admin { try $0.handClockOver(toWall: Date()) }
                await app.close()
                return ScenarioResult(screen: view(app.state, size: app.state.size), state: app.state,
                                      elapsed: app.now, storeTime: storeTime)
            } catch {
                await app?.close()
                throw error
            }
        }
    }

    private func run(_ step: ScenarioStep) async throws {
        switch step.command {
        case .set(let setting):
            settings.apply(setting, line: step.line)
            guard let app else { return }
            if case .size(let size) = setting, size != app.state.size {
                recorder?.resize(at: frames.recordingTime(app.now), to: size)
                try await app.input(.resize(size))
                frame(app)
            }
        case .hide:
            frames.hide(at: app?.now ?? .zero)
        case .show:
            frames.show(at: app?.now ?? .zero)
            if let app { frame(app) }
        case .key(let key, let count):
            let app = try await launched(at: step.line)
            for _ in 0..<count { try await press(key, app, step) }
        case .type(let text):
            let app = try await launched(at: step.line)
            for character in text { try await press(Self.key(for: character), app, step) }
        case .sleep(let duration):
            try await launched(at: step.line).pass(duration)
        case .store(let arguments):
            try await store(arguments, step)
        case .expect(let expectation):
            try await expect(expectation, step)
        case .snapshot(let name):
            let app = try await launched(at: step.line)
            do {
                try snapshots?.write(name, view(app.state, size: app.state.size))
            } catch {
                throw fail(step, "cannot write the snapshot \(ScenarioText.quoted(name)): \(error.localizedDescription)")
            }
        }
    }

    /// The running paywall, launched now if this is the first step that needs it.
    @discardableResult
    private func launched(at line: Int) async throws -> PlayedApp {
        if let app { return app }
        let fail = { (setLine: Int?, message: String) in ScenarioError(path: self.script.path, line: setLine ?? line, message) }
        let (launch, catalogPath) = try settings.launch(folder: script.folder, fail: fail)
        self.catalogPath = catalogPath
        clock.set(settings.storeDate)
        let ledger: Ledger
        do {
            ledger = try Ledger.open(path: ledgerPath)
        } catch {
            throw fail(nil, "\(error)")
        }
        let app: PlayedApp
        do {
            app = try await PlayedApp.launch(launch, ledger: ledger, clock: clock, latency: latency)
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw fail(nil, "the paywall could not start: \(EffectPerformer.sentence(error))")
        }
        app.onBeat = { [unowned self, unowned app] in self.frame(app) }
        self.app = app
        recorder?.begin(size: app.state.size, title: settings.title)
        frame(app)
        return app
    }

    /// One key: pressed now, answered at once, then the typing interval passes.
    private func press(_ key: Key, _ app: PlayedApp, _ step: ScenarioStep) async throws {
        if let quitLine, app.hasQuit {
            throw fail(step, "the paywall quit at line \(quitLine), so nothing can be typed into it after that: remove the keys after it, or the key that quits (q, Ctrl+C)")
        }
        try await app.input(.key(key))
        frame(app)
        if app.hasQuit, quitLine == nil { quitLine = step.line }
        try await app.pass(settings.typingSpeed)
    }

    private func store(_ arguments: [String], _ step: ScenarioStep) async throws {
        let app = try await launched(at: step.line)
        let written = "Store " + ScenarioText.cut(arguments.joined(separator: " "), limit: 80)
        guard let runner else { throw fail(step, "\(written): Store lines need the tollbooth command to run them (tollbooth play)") }
        do {
            _ = try await runner.run(arguments, ledger: ledgerPath, catalog: catalogPath)
        } catch {
            throw fail(step, "\(written) failed: \(EffectPerformer.sentence(error))")
        }
        try await app.storeChangedElsewhere()
        frame(app)
    }

    /// Checks the screen now and after each beat until it holds or `within` has passed.
    private func expect(_ expectation: ScreenExpectation, _ step: ScenarioStep) async throws {
        let app = try await launched(at: step.line)
        var waited: Duration = .zero
        var checker = ScreenMatch.Checker(expectation)
        while try !holds(&checker, app, step) {
            guard waited < expectation.within else {
                let canvas = view(app.state, size: app.state.size)
                let detail = diffOnFailure ? ScreenMatch.diff(expectation, canvas, at: app.now) : ScreenMatch.screen(canvas, at: app.now)
                throw ExpectationFailed(error: ScenarioError(path: script.path, line: step.line, ScreenMatch.failure(expectation), detail: detail))
            }
            let beat = min(PlayedApp.beat, expectation.within - waited)
            try await app.pass(beat)
            waited += beat
        }
    }

    private func holds(_ checker: inout ScreenMatch.Checker, _ app: PlayedApp, _ step: ScenarioStep) throws -> Bool {
        do {
            return try checker.holds(on: view(app.state, size: app.state.size))
        } catch is ScreenMatch.RegexTooSlow {
            throw fail(step, "\(ScreenMatch.written(checker.expectation)) took more than \(ScenarioDuration.text(ScreenMatch.regexTimeLimit)) to match the screen, Tollbooth's limit for a regular expression; simplify it (a nested repeat such as (a+)+ backtracks without end)")
        }
    }

    /// Hands the screen to the recorder if it changed since the last frame.
    private func frame(_ app: PlayedApp) {
        guard let recorder, let (time, canvas) = frames.frame(of: app.state, at: app.now) else { return }
        recorder.frame(at: time, canvas: canvas)
    }

    private func fail(_ step: ScenarioStep, _ message: String) -> ScenarioError {
        ScenarioError(path: script.path, line: step.line, message)
    }

    /// A character of `Type "…"` as the key a terminal reports for it.
    static func key(for character: Character) -> Key {
        switch character {
        case "\n", "\r\n": .enter
        case "\t": .tab
        default: .character(character)
        }
    }
}

/// How a play ended: the last screen and where the clocks stood.
public struct ScenarioResult: Sendable {
    public var screen: Canvas
    public var state: AppState
    /// Virtual time since launch, hidden steps included.
    public var elapsed: Duration
    /// The store clock at the end.
    public var storeTime: Date
}
