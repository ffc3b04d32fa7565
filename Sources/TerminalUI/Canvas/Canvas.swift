/// A grid of styled cells that a view draws into and a `Terminal` presents.
///
/// The grid keeps one invariant whatever is drawn: every wide character is a lead cell followed by
/// its stub cell, inside the canvas. Drawing over either half of a wide character blanks the other
/// half, and a wide character that would straddle the edge (or `maxWidth`) becomes a space. That is
/// what keeps a Japanese product name or an emoji from shifting a box border by one cell, and it
/// lets terminals redraw single cells without corrupting their neighbours.
///
/// A canvas is a value: views build one, tests compare them, and `draw(_:at:)` composes a child
/// view's canvas into its parent (clipping it, and carrying its hit regions along).
public struct Canvas: Equatable, Sendable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// Row-major cells, `width * height` of them.
    private(set) var cells: [Cell]
    /// Clickable areas in the order they were added; later ones are on top.
    public private(set) var regions: [HitRegion] = []

    /// A blank canvas; negative sizes count as 0.
    public init(width: Int, height: Int, style: Style = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank(style), count: self.width * self.height)
    }

    /// A blank canvas of `size`.
    public init(size: Size, style: Style = .plain) {
        self.init(width: size.width, height: size.height, style: style)
    }

    public var size: Size { Size(width: width, height: height) }
    /// The whole canvas as a rectangle at the origin.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at `point`, or nil outside the canvas.
    public func cell(at point: Point) -> Cell? {
        guard bounds.contains(point) else { return nil }
        return cells[point.y * width + point.x]
    }

    /// The style at `point` (a stub has its character's style), or nil outside the canvas.
    public func style(at point: Point) -> Style? { cell(at: point)?.style }

    // MARK: Drawing

    /// Draws `text` from column `x` of row `y` and returns the columns it advanced (drawn or
    /// clipped on the left), so a caller can continue at `x + result`.
    ///
    /// Text stops at the right edge and after `maxWidth` columns; a wide character that would be
    /// cut there is replaced by a space in `style`, so the covered width is still filled. Zero-width
    /// graphemes are skipped. Nothing is drawn on rows outside the canvas (returns 0).
    @discardableResult
    public mutating func put(_ text: SafeText, x: Int, y: Int, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        guard y >= 0 && y < height else { return 0 }
        let limit = min(width, maxWidth.map { x + max(0, $0) } ?? width)
        var col = x
        for c in text.string {
            let w = TextWidth.of(c)
            if w == 0 { continue }
            if col + w > limit {
                while col < limit {
                    if col >= 0 { setGlyph(" ", width: 1, x: col, y: y, style: style) }
                    col += 1
                }
                break
            }
            if col >= 0 {
                setGlyph(c, width: w, x: col, y: y, style: style)
            } else if col + w > 0 {
                // The right half of a wide character clipped on the left: keep the column covered.
                setGlyph(" ", width: 1, x: 0, y: y, style: style)
            }
            col += w
        }
        return max(0, col - x)
    }

    /// Blanks every cell of `rect` (clipped to the canvas) in `style`.
    public mutating func fill(_ rect: Rect, style: Style) {
        let r = rect.intersection(bounds)
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX { setGlyph(" ", width: 1, x: x, y: y, style: style) }
        }
    }

    /// Blanks the whole canvas and forgets its hit regions.
    public mutating func clear(style: Style = .plain) {
        cells = Array(repeating: .blank(style), count: width * height)
        regions.removeAll()
    }

    /// Draws `other` with its top-left corner at `origin`, clipped to this canvas, and adds its hit
    /// regions (moved, and clipped to where it landed). Wide characters cut by the clip become spaces.
    public mutating func draw(_ other: Canvas, at origin: Point) {
        for sy in 0..<other.height {
            let y = origin.y + sy
            guard y >= 0 && y < height else { continue }
            for sx in 0..<other.width {
                let cell = other.cells[sy * other.width + sx]
                let x = origin.x + sx
                if cell.isContinuation {
                    // Only reached on its own when its lead fell off the left edge.
                    if x == 0 && sx > 0 && other.cells[sy * other.width + sx - 1].isWide {
                        setGlyph(" ", width: 1, x: 0, y: y, style: cell.style)
                    }
                    continue
                }
                guard x >= 0 && x < width else { continue }
                setGlyph(cell.character, width: cell.width, x: x, y: y, style: cell.style)
            }
        }
        let landed = Rect(origin: origin, size: other.size).intersection(bounds)
        for region in other.regions {
            let r = region.rect.offsetBy(dx: origin.x, dy: origin.y).intersection(landed)
            if !r.isEmpty { regions.append(HitRegion(id: region.id, rect: r)) }
        }
    }

    /// Changes the style of every cell of `rect` (clipped to the canvas), keeping its text: a
    /// wide character's two cells always get the same style, so one cut by the rect is
    /// restyled whole.
    public mutating func restyle(_ rect: Rect, _ change: (Style) -> Style) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            var x = r.x
            if cells[y * width + x].isContinuation && x > 0 { x -= 1 }
            while x < r.maxX {
                let i = y * width + x
                let cell = cells[i]
                cells[i] = Cell(character: cell.character, width: cell.width, style: change(cell.style))
                if cell.isWide && x + 1 < width {
                    cells[i + 1] = .continuation(change(cell.style))
                }
                x += max(1, cell.width)
            }
        }
    }

    // MARK: Hit regions

    /// Marks `rect` as clickable under `id` (a plan, a button, a link). Regions added later win
    /// where they overlap, matching the drawing order.
    public mutating func addRegion(_ rect: Rect, id: String) {
        regions.append(HitRegion(id: id, rect: rect))
    }

    /// The id of the topmost region containing `point`, if any; nil outside the canvas.
    public func region(at point: Point) -> String? {
        guard bounds.contains(point) else { return nil }
        return regions.last(where: { $0.rect.contains(point) })?.id
    }

    // MARK: The one primitive that writes cells

    /// Writes one glyph, first blanking the far half of any wide character it overlaps. A wide
    /// glyph that does not fit before the right edge becomes a space.
    mutating func setGlyph(_ character: Character, width w: Int, x: Int, y: Int, style: Style) {
        guard x >= 0 && x < width && y >= 0 && y < height else { return }
        if w == 2 && x + 1 >= width {
            setGlyph(" ", width: 1, x: x, y: y, style: style)
            return
        }
        let i = y * width + x
        breakWide(at: i, x: x)
        if w == 2 { breakWide(at: i + 1, x: x + 1) }
        cells[i] = Cell(character: character, width: w, style: style)
        if w == 2 { cells[i + 1] = .continuation(style) }
    }

    /// If cell `i` is half of a wide character, blanks the other half (keeping its colours).
    private mutating func breakWide(at i: Int, x: Int) {
        let cell = cells[i]
        if cell.isContinuation && x > 0 {
            cells[i - 1] = .blank(cells[i - 1].style)
        } else if cell.isWide && x + 1 < width {
            cells[i + 1] = .blank(cells[i + 1].style)
        }
    }
}
