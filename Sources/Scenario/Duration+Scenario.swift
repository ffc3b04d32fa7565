/// A scenario's timeline is kept as `Duration`; clocks and casts want seconds or milliseconds.
extension Duration {
    /// Seconds, with the fraction (a cast's event time, a wall clock's offset).
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }

    /// Whole milliseconds, rounded down.
    var wholeMilliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
}
