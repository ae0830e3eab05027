extension Path {
    /// The default `arcTolerance` of `init(svgPathData:arcTolerance:)`: 1e-9 pt.
    public static let defaultArcTolerance: Double = 1e-9

    /// Parses SVG path data (SVG 1.1 §8.3; SVG 2 "Path data").
    ///
    /// Accepts `M L H V Q T C S A Z` in absolute (upper case) and relative (lower case) form,
    /// implicit repeats (extra coordinates after `M`/`m` are `L`/`l`), numbers with signs, leading
    /// or trailing decimal points and exponents, and separators that the grammar lets you omit
    /// (`M1-2`, `.5.5`, `a1 1 0 00 1 1`). `H`/`V` become lines, `T`/`S` become quadratics/cubics
    /// with the reflected control point. Elliptical arcs `A` are converted to cubics (see
    /// `arcTolerance`), so printing gives `C` commands for them.
    ///
    /// - Parameter arcTolerance: the largest distance, in points, between an elliptical arc and
    ///   the cubics that replace it (default `defaultArcTolerance`). For an arc whose radius R
    ///   or centre coordinates M reach beyond `arcTolerance·2⁵²` the bound is `M·2⁻⁵²` instead,
    ///   the rounding of its coordinates, which keeps an arc to at most 414 cubics (memory and
    ///   time are linear in the length of the data).
    /// - Throws: `BezierError.invalidPathData` naming the offending token and its character
    ///   offset: data not starting with a move (including empty data), an unknown command, a
    ///   missing or malformed number, an arc flag other than 0 or 1, a non-finite number, an arc
    ///   whose end point, scaled radii, centre or cubics overflow `Double` (the token is the whole
    ///   arc command);
    ///   `invalidTolerance` for a bad `arcTolerance`.
    /// - Complexity: O(n) in the length of the data (plus the cubics of each arc).
    public init(svgPathData data: String, arcTolerance: Double = Path.defaultArcTolerance) throws(BezierError) {
        try BezierError.validate(tolerance: arcTolerance)
        var parser = SVGPathParser(data, arcTolerance: arcTolerance)
        self = try parser.parse()
    }

    /// The path as SVG path data in absolute commands (`M L Q C Z`), each number in its shortest
    /// round-trip form, so `Path(svgPathData: path.svgPathData) == path`.
    /// - Complexity: O(n).
    public var svgPathData: String {
        var parts: [String] = []
        parts.reserveCapacity(elements.count)
        for element in elements {
            switch element {
            case .move(let p): parts.append("M \(Self.format(p))")
            case .line(let p): parts.append("L \(Self.format(p))")
            case .quadCurve(let p, let c): parts.append("Q \(Self.format(c)) \(Self.format(p))")
            case .curve(let p, let c1, let c2):
                parts.append("C \(Self.format(c1)) \(Self.format(c2)) \(Self.format(p))")
            case .close: parts.append("Z")
            }
        }
        return parts.joined(separator: " ")
    }

    static func format(_ p: Point) -> String { "\(format(p.x)) \(format(p.y))" }

    /// Swift's shortest round-trip decimal form, without a redundant ".0".
    static func format(_ x: Double) -> String {
        let text = x.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

/// A single-pass scanner over the Unicode scalars of SVG path data; offsets are scalar indices.
struct SVGPathParser {
    let scalars: [Unicode.Scalar]
    let arcTolerance: Double
    var index = 0
    var path = Path()
    /// The previous command's second control point (for S) or control point (for T), absolute.
    var lastCubicControl: Point?
    var lastQuadControl: Point?

    init(_ data: String, arcTolerance: Double) {
        scalars = Array(data.unicodeScalars)
        self.arcTolerance = arcTolerance
    }

    static func isWhitespace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
    }

    static func startsNumber(_ c: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(c) || c == "." || c == "-" || c == "+"
    }

    static func argumentCount(_ command: Unicode.Scalar) -> Int? {
        switch command {
        case "M", "m", "L", "l", "T", "t": return 2
        case "H", "h", "V", "v": return 1
        case "Q", "q", "S", "s": return 4
        case "C", "c": return 6
        case "A", "a": return 7
        case "Z", "z": return 0
        default: return nil
        }
    }

    mutating func skipWhitespace() {
        while index < scalars.count, Self.isWhitespace(scalars[index]) { index += 1 }
    }

    /// Skips whitespace, at most one comma, and whitespace again (the grammar's `comma-wsp?`).
    mutating func skipCommaWhitespace() {
        skipWhitespace()
        if index < scalars.count, scalars[index] == "," {
            index += 1
            skipWhitespace()
        }
    }

    /// The token at `index` for an error message: a whole word where one starts there (`NaN`,
    /// `inf`), else the character there, or "end of data".
    func token(at offset: Int) -> String {
        guard offset < scalars.count else { return "end of data" }
        var end = offset
        while end < scalars.count, end - offset < 16, scalars[end].properties.isAlphabetic { end += 1 }
        // A lone letter is a command (or a bad one): name only that letter.
        if end - offset > 1 { return String(String.UnicodeScalarView(scalars[offset..<end])) }
        return String(Character(scalars[offset]))
    }

    func failure(_ message: String, at offset: Int) -> BezierError {
        .invalidPathData(message: message, token: token(at: offset), offset: offset)
    }

    /// Reads `number ::= sign? (digits ("." digits?)? | "." digits) exponent?`.
    mutating func readNumber(for command: Unicode.Scalar, argument: Int) throws(BezierError) -> Double {
        let begin = index
        let what = "expected a number (argument \(argument) of '\(command)')"
        func isDigit(_ i: Int) -> Bool { i < scalars.count && ("0"..."9").contains(scalars[i]) }
        if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
        var digits = 0
        while isDigit(index) { index += 1; digits += 1 }
        if index < scalars.count, scalars[index] == "." {
            index += 1
            while isDigit(index) { index += 1; digits += 1 }
        }
        guard digits > 0 else {
            let offset = begin
            index = begin
            throw failure(what, at: offset)
        }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            var probe = index + 1
            if probe < scalars.count, scalars[probe] == "+" || scalars[probe] == "-" { probe += 1 }
            guard isDigit(probe) else {
                throw .invalidPathData(message: "expected digits in the exponent of a number (argument \(argument) of '\(command)')",
                                       token: String(String.UnicodeScalarView(scalars[begin..<min(probe + 1, scalars.count)])),
                                       offset: begin)
            }
            index = probe
            while isDigit(index) { index += 1 }
        }
        let text = String(String.UnicodeScalarView(scalars[begin..<index]))
        guard let value = Double(text), value.isFinite else {
            throw .invalidPathData(message: "expected a finite number (argument \(argument) of '\(command)')",
                                   token: text, offset: begin)
        }
        return value
    }

    /// Reads an arc flag: a single `0` or `1` (no separator needed after it).
    mutating func readFlag(for command: Unicode.Scalar, argument: Int) throws(BezierError) -> Bool {
        guard index < scalars.count, scalars[index] == "0" || scalars[index] == "1" else {
            throw failure("expected an arc flag 0 or 1 (argument \(argument) of '\(command)')", at: index)
        }
        defer { index += 1 }
        return scalars[index] == "1"
    }

    mutating func parse() throws(BezierError) -> Path {
        skipWhitespace()
        guard index < scalars.count, scalars[index] == "M" || scalars[index] == "m" else {
            throw failure("path data must start with a move (M or m)", at: index)
        }
        var command: Unicode.Scalar = "M"
        while true {
            skipWhitespace()
            guard index < scalars.count else { break }
            let start = index
            let c = scalars[index]
            if Self.argumentCount(c) != nil {
                command = c
                index += 1
            } else if Self.startsNumber(c), command != "Z", command != "z" {
                // An implicit repeat of the previous command; after a move it is a line.
                if command == "M" { command = "L" } else if command == "m" { command = "l" }
            } else if Self.startsNumber(c) {
                throw failure("expected a command letter after 'Z' (Z takes no numbers)", at: index)
            } else {
                throw failure("expected a path command (one of M L H V Q T C S A Z, either case)", at: index)
            }
            try readArguments(of: command, from: start)
            // A repeat of a move is a line (SVG: "subsequent pairs are treated as implicit lineto").
            if command == "M" { command = "L" } else if command == "m" { command = "l" }
        }
        return path
    }

    /// Reads the arguments of `command`, whose text (letter, or first number of an implicit
    /// repeat) starts at `start`, and applies it.
    mutating func readArguments(of command: Unicode.Scalar, from start: Int) throws(BezierError) {
        let count = Self.argumentCount(command)!
        var values = [Double](repeating: 0, count: count)
        for i in 0..<count {
            if i > 0 { skipCommaWhitespace() } else { skipWhitespace() }
            if (command == "A" || command == "a") && (i == 3 || i == 4) {
                values[i] = try readFlag(for: command, argument: i + 1) ? 1 : 0
            } else {
                values[i] = try readNumber(for: command, argument: i + 1)
            }
        }
        try apply(command, values, from: start)
        // Coordinates may be followed by a comma, which must then lead to the next repeat.
        if count > 0 {
            skipWhitespace()
            if index < scalars.count, scalars[index] == "," {
                index += 1
                skipWhitespace()
                guard index < scalars.count, Self.startsNumber(scalars[index]) else {
                    throw failure("expected a number after ','", at: index)
                }
            }
        }
    }

    /// Applies `command`. Every number read is finite, so a non-finite point here is one that
    /// relative coordinates or a reflected control point pushed past the largest double: the
    /// error names the command, not a point the user never typed.
    mutating func apply(_ command: Unicode.Scalar, _ v: [Double], from start: Int) throws(BezierError) {
        do {
            try applyFinite(command, v, from: start)
        } catch .nonFiniteCoordinate {
            throw .invalidPathData(
                message: "expected points within ±1.8e308, but this command's point overflows (relative coordinates or a reflected control point add up past the largest double)",
                token: String(String.UnicodeScalarView(scalars[start..<index])), offset: start)
        }
    }

    mutating func applyFinite(_ command: Unicode.Scalar, _ v: [Double], from start: Int) throws(BezierError) {
        let current = path.currentPoint ?? .zero
        let relative = command.properties.isLowercase
        func absolute(_ x: Double, _ y: Double) -> Point {
            relative ? Point(current.x + x, current.y + y) : Point(x, y)
        }
        var cubicControl: Point? = nil, quadControl: Point? = nil
        switch command {
        case "M", "m":
            try path.move(to: absolute(v[0], v[1]))
        case "L", "l":
            try path.addLine(to: absolute(v[0], v[1]))
        case "H", "h":
            try path.addLine(to: Point(relative ? current.x + v[0] : v[0], current.y))
        case "V", "v":
            try path.addLine(to: Point(current.x, relative ? current.y + v[0] : v[0]))
        case "Q", "q":
            let control = absolute(v[0], v[1])
            try path.addQuadCurve(to: absolute(v[2], v[3]), control: control)
            quadControl = control
        case "T", "t":
            // Reflect the previous control point if the previous command was Q/T (SVG 1.1 §8.3.7).
            let control = lastQuadControl.map { Point(2 * current.simd - $0.simd) } ?? current
            try path.addQuadCurve(to: absolute(v[0], v[1]), control: control)
            quadControl = control
        case "C", "c":
            let control2 = absolute(v[2], v[3])
            try path.addCurve(to: absolute(v[4], v[5]), control1: absolute(v[0], v[1]), control2: control2)
            cubicControl = control2
        case "S", "s":
            // Reflect the previous second control point if the previous command was C/S (§8.3.6).
            let control1 = lastCubicControl.map { Point(2 * current.simd - $0.simd) } ?? current
            let control2 = absolute(v[0], v[1])
            try path.addCurve(to: absolute(v[2], v[3]), control1: control1, control2: control2)
            cubicControl = control2
        case "A", "a":
            let arc = EllipticalArc(from: current, to: absolute(v[5], v[6]), radiusX: v[0], radiusY: v[1],
                                    rotationDegrees: v[2], largeArc: v[3] != 0, sweep: v[4] != 0)
            let elements: [PathElement]
            do {
                elements = try arc.elements(tolerance: arcTolerance)
            } catch {
                // Name the whole arc command: no single number is at fault.
                throw .invalidPathData(message: "expected an elliptical arc representable in Double coordinates, but \(error.reason)",
                                       token: String(String.UnicodeScalarView(scalars[start..<index])), offset: start)
            }
            for element in elements { try path.append(element) }
        case "Z", "z":
            try path.close()
        default:
            preconditionFailure("unreachable: argumentCount validated the command")
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }
}
