/// Durations as scenarios write them: `500ms`, `2s`, `1.5s`, `1m`, or a bare number of seconds
/// (`Sleep 0.5`, as VHS reads it).
enum ScenarioDuration {
    /// The longest a single `Sleep`, `within` or typing interval may be: a day of virtual time.
    static let longest: Duration = .seconds(86_400)

    static func parse(_ text: String) -> Duration? {
        let units: [(suffix: String, milliseconds: Double)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000)]
        var number = Substring(text)
        var scale = 1000.0
        for unit in units where text.hasSuffix(unit.suffix) {
            number = text.dropLast(unit.suffix.count)
            scale = unit.milliseconds
            break
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              number.filter({ $0 == "." }).count <= 1, let value = Double(number) else { return nil }
        let milliseconds = (value * scale).rounded()
        guard milliseconds <= Double(longest.components.seconds) * 1000 else { return nil }
        return .milliseconds(Int64(milliseconds))
    }

    /// "500ms", "2s", "1.5s": how a duration is written back in messages.
    static func text(_ duration: Duration) -> String {
        let ms = duration.wholeMilliseconds
        if ms % 1000 == 0 { return "\(ms / 1000)s" }
        if ms < 1000 { return "\(ms)ms" }
        return "\(Double(ms) / 1000)s"
    }
}
