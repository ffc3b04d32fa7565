/// Reading a canvas back as text: what tests, goldens and the disclosure audit look at.
extension Canvas {
    /// Row `y` as a person would read it: stub cells left out (so `日本` reads naturally),
    /// trailing spaces trimmed. Empty outside the canvas.
    public func line(_ y: Int) -> String {
        guard y >= 0 && y < height else { return "" }
        var s = ""
        for x in 0..<width {
            let c = cells[y * width + x]
            if !c.isContinuation { s.append(c.character) }
        }
        while s.last == " " { s.removeLast() }
        return s
    }

    /// All rows joined by `\n` (see `line(_:)`).
    public func text() -> String {
        (0..<height).map(line).joined(separator: "\n")
    }

    /// One line per run of identically styled, non-plain cells: `y x0-x1: attributes`, where
    /// `x0`/`x1` are the first and last column (a wide character's stub included). Plain cells are
    /// left out, so the map stays short and a change in a diff points at the cells a user sees.
    public func styleMap() -> String {
        var out: [String] = []
        for y in 0..<height {
            var x = 0
            while x < width {
                let style = cells[y * width + x].style
                var end = x
                while end + 1 < width && cells[y * width + end + 1].style == style { end += 1 }
                if !style.isPlain { out.append("\(y) \(x)-\(end): \(style)") }
                x = end + 1
            }
        }
        return out.joined(separator: "\n")
    }

    /// Where `needle` starts on each row it appears in, in cell coordinates (top to bottom, left to
    /// right). Matches are within one row; stub cells are invisible to the search, as to a reader.
    public func find(_ needle: String) -> [Point] {
        let target = Array(needle)
        guard !target.isEmpty else { return [] }
        var found: [Point] = []
        for y in 0..<height {
            var chars: [Character] = []
            var columns: [Int] = []
            for x in 0..<width where !cells[y * width + x].isContinuation {
                chars.append(cells[y * width + x].character)
                columns.append(x)
            }
            guard chars.count >= target.count else { continue }
            for start in 0...(chars.count - target.count) where chars[start..<start + target.count].elementsEqual(target) {
                found.append(Point(x: columns[start], y: y))
            }
        }
        return found
    }
}
