/// A cell position: column `x`, row `y`, both 0-based from the top-left corner.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
    public static let zero = Point(x: 0, y: 0)
    /// `(x,y)`.
    public var description: String { "(\(x),\(y))" }
}

/// A size in cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    /// `80x24`, the notation asciicast resize events and people use.
    public var description: String { "\(width)x\(height)" }
}

/// A rectangle of cells; `x..<x+width` by `y..<y+height`. Empty when either side is ≤ 0.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    public var origin: Point { Point(x: x, y: y) }
    public var size: Size { Size(width: width, height: height) }
    /// One past the last column.
    public var maxX: Int { x + width }
    /// One past the last row.
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x < maxX && p.y >= y && p.y < maxY
    }

    /// The overlap of two rectangles (empty, with zero size, when they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let x0 = Swift.max(x, other.x), y0 = Swift.max(y, other.y)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: Swift.max(0, x1 - x0), height: Swift.max(0, y1 - y0))
    }

    /// Shrinks every side by `amount` (the inside of a box is `rect.inset(by: 1)`).
    public func inset(by amount: Int) -> Rect {
        Rect(x: x + amount, y: y + amount, width: Swift.max(0, width - 2 * amount), height: Swift.max(0, height - 2 * amount))
    }

    /// The same rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Int, dy: Int) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// `x,y widthxheight`.
    public var description: String { "\(x),\(y) \(width)x\(height)" }
}
