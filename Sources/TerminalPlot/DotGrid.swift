#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Maps axis values to dot coordinates: `dot = (coordinate − origin) × scale`, where the
/// coordinate is the value or, on a logarithmic axis, `log10(value)`.
///
/// A reversed axis (or the y axis, whose dot 0 is the top row) has its origin at the upper
/// end and a negative scale. Values that have no coordinate (NaN, ±∞, ≤ 0 on a log axis)
/// map to NaN, which the drawing code treats as a gap.
@usableFromInline
struct AxisMapping: Sendable {
    @usableFromInline var isLogarithmic: Bool
    @usableFromInline var origin: Double
    @usableFromInline var scale: Double

    @inlinable @inline(__always)
    func dot(_ value: Double) -> Double {
        if isLogarithmic {
            guard value > 0 else { return .nan }
            return (log10(value) - origin) * scale
        }
        return (value - origin) * scale
    }

    @inlinable @inline(__always)
    func dot(coordinate: Double) -> Double { (coordinate - origin) * scale }
}

/// The drawing surface: flat per-cell buffers, so drawing allocates nothing per point.
///
/// On the braille canvas a cell holds 2 × 4 dots, one bit each, in the bit order of the
/// Unicode braille block (U+2800 + bits; dots 1–3 and 4–6 run down the left and right
/// columns, dots 7 and 8 are the bottom row: Unicode Standard §15.9, Braille Patterns). On the
/// ASCII canvas a cell is one dot.
@usableFromInline
struct DotGrid: Sendable {
    @usableFromInline let columns: Int
    @usableFromInline let rows: Int
    /// log2 of the dots per cell across and down (1 and 2 for braille, 0 and 0 for ASCII).
    @usableFromInline let shiftX: Int
    @usableFromInline let shiftY: Int
    /// Dots across and down the whole grid.
    @usableFromInline let width: Int
    @usableFromInline let height: Int
    /// Braille dot bits per cell (any non-zero value on the ASCII canvas).
    @usableFromInline var dots: [UInt8]
    /// Bit `s` set when series `s` drew line dots in the cell.
    @usableFromInline var lineOwners: [UInt8]
    /// 0: no marker; `s + 1`: a marker of series `s`; ``mixedMarker``: markers of several series.
    @usableFromInline var markers: [UInt8]

    @usableFromInline static let mixedMarker: UInt8 = 0xFF

    init(columns: Int, rows: Int, braille: Bool) {
        self.columns = columns
        self.rows = rows
        shiftX = braille ? 1 : 0
        shiftY = braille ? 2 : 0
        width = columns << shiftX
        height = rows << shiftY
        dots = Array(repeating: 0, count: columns * rows)
        lineOwners = Array(repeating: 0, count: columns * rows)
        markers = Array(repeating: 0, count: columns * rows)
    }

    /// The braille bit of dot (`x`, `y`) inside its cell: rows 0–2 of the left column are bits
    /// 0–2, of the right column bits 3–5; row 3 is bit 6 (left) and 7 (right).
    @inlinable @inline(__always)
    func bit(x: Int, y: Int) -> UInt8 {
        if shiftX == 0 { return 1 }
        let column = x & 1
        let row = y & 3
        return row < 3 ? UInt8(1) << UInt8(row + 3 * column) : UInt8(0x40) << UInt8(column)
    }

    /// The cell holding dot coordinates (`x`, `y`), or `nil` outside the grid.
    @inlinable @inline(__always)
    func cell(x: Double, y: Double) -> Int? {
        guard x > -0.5, x < Double(width) - 0.5, y > -0.5, y < Double(height) - 0.5 else { return nil }
        return (Int(y.rounded()) >> shiftY) * columns + (Int(x.rounded()) >> shiftX)
    }

    /// Draws the polyline through the samples, breaking it at every sample without dot
    /// coordinates; a sample with no valid neighbour is drawn as one dot, so it never vanishes.
    ///
    /// - Parameter pattern: bit `k % 8` says whether the `k`-th dot along the line is drawn
    ///   (0xFF: solid); a dash texture tells series apart without colour.
    /// - Complexity: O(*n* + dots drawn); each segment is clipped to the grid first, so a
    ///   segment far outside costs O(1).
    @inlinable
    mutating func drawLine(
        x: [Double], y: [Double], xMapping: AxisMapping, yMapping: AxisMapping,
        series: Int, pattern: UInt8
    ) {
        let count = min(x.count, y.count)
        let (columns, shiftX, shiftY, width, height) = (self.columns, self.shiftX, self.shiftY, self.width, self.height)
        // Raw buffers: the walk below touches a dot per step, and checked, uniqueness-tested
        // array stores would cost more than the walk itself.
        dots.withUnsafeMutableBufferPointer { dots in
            lineOwners.withUnsafeMutableBufferPointer { owners in
                x.withUnsafeBufferPointer { x in
                    y.withUnsafeBufferPointer { y in
                        var painter = LinePainter(
                            dots: dots.baseAddress!, owners: owners.baseAddress!, columns: columns,
                            shiftX: shiftX, shiftY: shiftY, width: width, height: height,
                            owner: UInt8(1) << UInt8(series), pattern: pattern)
                        var run = 0
                        var previousX = 0.0
                        var previousY = 0.0
                        for index in 0..<count {
                            let dotX = xMapping.dot(x[index])
                            let dotY = yMapping.dot(y[index])
                            if dotX.isFinite && dotY.isFinite {
                                if run > 0 { painter.segment(previousX, previousY, dotX, dotY) }
                                run += 1
                                previousX = dotX
                                previousY = dotY
                            } else {
                                if run == 1 { painter.isolatedDot(previousX, previousY) }
                                run = 0
                            }
                        }
                        if run == 1 { painter.isolatedDot(previousX, previousY) }
                    }
                }
            }
        }
    }

    /// One Liang–Barsky edge test: narrows [`t0`, `t1`] to the part where `p·t ≤ q`;
    /// `false` when nothing is left.
    @inlinable @inline(__always)
    static func clip(_ p: Double, _ q: Double, _ t0: inout Double, _ t1: inout Double) -> Bool {
        if p == 0 { return q >= 0 }
        let r = q / p
        if p < 0 {
            if r > t1 { return false }
            if r > t0 { t0 = r }
        } else {
            if r < t0 { return false }
            if r < t1 { t1 = r }
        }
        return true
    }

    /// Puts a marker of `series` in the cell of every sample inside the grid; a cell that
    /// already holds another series' marker becomes ``mixedMarker``, so neither is lost.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    mutating func drawMarkers(x: [Double], y: [Double], xMapping: AxisMapping, yMapping: AxisMapping, series: Int) {
        let id = UInt8(series + 1)
        for index in 0..<min(x.count, y.count) {
            guard let cell = cell(x: xMapping.dot(x[index]), y: yMapping.dot(y[index])) else { continue }
            let current = markers[cell]
            markers[cell] = current == 0 || current == id ? id : DotGrid.mixedMarker
        }
    }
}

/// Draws one series' line into a grid's buffers; lives only inside ``DotGrid/drawLine``.
@usableFromInline
struct LinePainter {
    @usableFromInline let dots: UnsafeMutablePointer<UInt8>
    @usableFromInline let owners: UnsafeMutablePointer<UInt8>
    @usableFromInline let columns: Int
    @usableFromInline let shiftX: Int
    @usableFromInline let shiftY: Int
    @usableFromInline let width: Int
    @usableFromInline let height: Int
    @usableFromInline let owner: UInt8
    @usableFromInline let pattern: UInt8
    /// Dots walked so far along the line: keeps the dash texture continuous across segments.
    @usableFromInline var phase = 0

    @inlinable
    init(
        dots: UnsafeMutablePointer<UInt8>, owners: UnsafeMutablePointer<UInt8>, columns: Int, shiftX: Int,
        shiftY: Int, width: Int, height: Int, owner: UInt8, pattern: UInt8
    ) {
        self.dots = dots
        self.owners = owners
        self.columns = columns
        self.shiftX = shiftX
        self.shiftY = shiftY
        self.width = width
        self.height = height
        self.owner = owner
        self.pattern = pattern
    }

    /// Sets dot (`x`, `y`); the caller guarantees 0 ≤ x < width and 0 ≤ y < height.
    /// The braille bit: rows 0–2 of the left column are bits 0–2, of the right column bits
    /// 3–5; row 3 is bit 6 (left) and 7 (right).
    @inlinable @inline(__always)
    func set(x: Int, y: Int) {
        let cell = (y >> shiftY) * columns + (x >> shiftX)
        let bit: UInt8
        if shiftX == 0 {
            bit = 1
        } else {
            let column = x & 1
            let row = y & 3
            bit = row < 3 ? UInt8(1) << UInt8(row + 3 * column) : UInt8(0x40) << UInt8(column)
        }
        dots[cell] |= bit
        owners[cell] |= owner
    }

    @inlinable
    func isolatedDot(_ x: Double, _ y: Double) {
        guard x > -0.5, x < Double(width) - 0.5, y > -0.5, y < Double(height) - 0.5 else { return }
        set(x: Int(x + 0.5), y: Int(y + 0.5))
    }

    /// One segment: Liang–Barsky clipping to the grid (Liang & Barsky, "A new concept and
    /// method for line clipping", ACM TOG 3(1), 1984), then Bresenham's integer walk
    /// (Bresenham, IBM Systems Journal 4(1), 1965) in the all-octant error form.
    @inlinable
    mutating func segment(_ startX: Double, _ startY: Double, _ endX: Double, _ endY: Double) {
        var x0 = startX, y0 = startY, x1 = endX, y1 = endY
        let maxX = Double(width - 1)
        let maxY = Double(height - 1)
        let inside =
            x0 >= 0 && x0 <= maxX && y0 >= 0 && y0 <= maxY && x1 >= 0 && x1 <= maxX && y1 >= 0 && y1 <= maxY
        if !inside {
            let dx = x1 - x0
            let dy = y1 - y0
            guard dx.isFinite, dy.isFinite else { return }
            var t0 = 0.0
            var t1 = 1.0
            // Each edge: p·t ≤ q keeps the point inside.
            guard DotGrid.clip(-dx, x0, &t0, &t1), DotGrid.clip(dx, maxX - x0, &t0, &t1),
                DotGrid.clip(-dy, y0, &t0, &t1), DotGrid.clip(dy, maxY - y0, &t0, &t1)
            else { return }
            let clippedX0 = x0 + t0 * dx, clippedY0 = y0 + t0 * dy
            x1 = x0 + t1 * dx
            y1 = y0 + t1 * dy
            x0 = clippedX0
            y0 = clippedY0
        }
        // Coordinates are ≥ 0 up to rounding here, so truncating `v + 0.5` rounds to nearest
        // without a libm call.
        var x = min(max(Int(x0 + 0.5), 0), width - 1)
        var y = min(max(Int(y0 + 0.5), 0), height - 1)
        let targetX = min(max(Int(x1 + 0.5), 0), width - 1)
        let targetY = min(max(Int(y1 + 0.5), 0), height - 1)
        let stepX = x < targetX ? 1 : -1
        let stepY = y < targetY ? 1 : -1
        let deltaX = abs(targetX - x)
        let deltaY = -abs(targetY - y)
        var error = deltaX + deltaY
        let solid = pattern == 0xFF
        while true {
            if solid || (pattern >> UInt8(phase & 7)) & 1 != 0 { set(x: x, y: y) }
            phase &+= 1
            if x == targetX && y == targetY { break }
            let doubled = 2 * error
            if doubled >= deltaY {
                error += deltaY
                x += stepX
            }
            if doubled <= deltaX {
                error += deltaX
                y += stepY
            }
        }
    }
}
