import BezierKernels

/// How an animation's time fraction becomes its progress: Core Animation's timing functions and
/// CSS easing functions.
///
/// - `cubic`: a cubic Bézier timing function (`CAMediaTimingFunction`'s named curves and control
///   points, CSS `cubic-bezier()`; x1, x2 in [0, 1], css-easing-1 §2.2);
/// - `steps`: CSS `steps(n, jump-start|jump-end|jump-none|jump-both)` (css-easing-1 §3.1);
/// - `piecewiseLinear`: CSS `linear()` with its stops (css-easing-2 §2.1, "The linear easing
///   function").
///
///     let e = try Easing(text: "steps(4, jump-end)")
///     print(e.progress(0.3))   // 0.25
public enum Easing: Sendable, Equatable {
    case cubic(TimingCurve)
    case steps(count: Int, jump: Jump)
    /// Points (input, output) with inputs non-decreasing from the first to the last (the fill-in
    /// rules applied).
    case piecewiseLinear([SIMD2<Double>])

    /// Where `steps()` jumps (css-easing-1 §3.1 `<step-position>`).
    public enum Jump: String, Sendable, Equatable, CaseIterable {
        case jumpStart = "jump-start"
        case jumpEnd = "jump-end"
        case jumpNone = "jump-none"
        case jumpBoth = "jump-both"
    }

    public static let linear = Easing.cubic(.linear)

    /// How early (as a fraction) a designed step is taken, so that a frame at its time shows it.
    public static let snap = 1e-12

    /// The names accepted: Core Animation's (`CAMediaTimingFunctionName`) with and without the
    /// `kCAMediaTimingFunction` prefix, and CSS's keywords (css-easing-1 §2.1: `ease` is
    /// (0.25, 0.1, 0.25, 1), Core Animation's `default`).
    public static let names: [(name: String, easing: Easing)] = {
        var list: [(String, Easing)] = []
        for (name, curve) in TimingCurve.named {
            list.append((name, .cubic(curve)))
            list.append(("kCAMediaTimingFunction" + name.prefix(1).uppercased() + name.dropFirst(), .cubic(curve)))
        }
        list += [
            ("ease", .cubic(.default)), ("ease-in", .cubic(.easeIn)), ("ease-out", .cubic(.easeOut)),
            ("ease-in-out", .cubic(.easeInEaseOut)), ("step-start", .steps(count: 1, jump: .jumpStart)),
            ("step-end", .steps(count: 1, jump: .jumpEnd)),
        ]
        return list
    }()

    /// The progress at time fraction `x` in [0, 1] (clamped).
    /// - Complexity: O(1) for cubic and steps (a few Newton steps), O(log stops) for `linear()`.
    public func progress(_ x: Double) -> Double {
        let x = Swift.min(Swift.max(x, 0), 1)
        switch self {
        case .cubic(let curve):
            return curve.progress(at: x)
        case .steps(let n, let jump):
            // css-easing-1 §3.1: current step = ⌊x·n⌋, plus one for jump-start and jump-both;
            // clamped to [0, jumps], jumps being n (start, end), n − 1 (none), n + 1 (both);
            // output step / jumps.
            // A frame time computed as start + k/hz lands a few ulps either side of a step's
            // time: the step is taken 1e-12 of the duration early, so the frame at its time shows
            // it (and Motion's designed-step check, whose slack is 1e-9 of a frame, agrees).
            var step = (x * Double(n) + Easing.snap).rounded(.down)
            if jump == .jumpStart || jump == .jumpBoth { step += 1 }
            let jumps = Double(Self.jumpCount(n, jump))
            step = Swift.min(Swift.max(step, 0), jumps)
            return step / jumps
        case .piecewiseLinear(let points):
            // css-easing-2: the last point whose input ≤ x and the next one; equal inputs make a
            // step (the later point wins at that input).
            var lo = 0, hi = points.count - 1
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if points[mid].x <= x { lo = mid } else { hi = mid }
            }
            let a = points[lo], b = points[hi]
            if x >= b.x { return b.y }
            if b.x == a.x { return b.y }
            return a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)
        }
    }

    static func jumpCount(_ n: Int, _ jump: Jump) -> Int {
        switch jump {
        case .jumpStart, .jumpEnd: n
        case .jumpNone: n - 1
        case .jumpBoth: n + 1
        }
    }

    /// dProgress/dx at `x`: one-sided from the right at 0 and from the left at 1 (0 on the flats of
    /// `steps()`). For a cubic, `Y'(u) / X'(u)` with `X(u) = x`; where X' vanishes, the one-sided
    /// difference quotient over 1e-7.
    public func slope(at x: Double) -> Double {
        switch self {
        case .cubic(let curve):
            if curve.x1 == curve.y1 && curve.x2 == curve.y2 { return 1 }
            func derivative(_ u: Double, _ a: Double, _ b: Double) -> Double {
                3 * (1 - u) * (1 - u) * a + 6 * (1 - u) * u * (b - a) + 3 * u * u * (1 - b)
            }
            let u = curve.parameter(atTime: Swift.min(Swift.max(x, 0), 1))
            let dx = derivative(u, curve.x1, curve.x2), dy = derivative(u, curve.y1, curve.y2)
            if dx > 1e-9 { return dy / dx }
            let h = 1e-7
            return x >= 1 - h ? (curve.progress(at: 1) - curve.progress(at: 1 - h)) / h : (curve.progress(at: x + h) - curve.progress(at: x)) / h
        case .steps:
            return 0
        case .piecewiseLinear(let points):
            // The piece x falls in (from the right; at 1, the last piece of positive width).
            var index = points.count - 2
            if x < 1 {
                index = 0
                for i in 0..<(points.count - 1) where points[i].x <= x { index = i }
            }
            while index > 0, points[index + 1].x == points[index].x { index -= 1 }
            let a = points[index], b = points[index + 1]
            return b.x > a.x ? (b.y - a.y) / (b.x - a.x) : 0
        }
    }

    /// The time fractions in [0, 1] where the progress jumps by design (the steps of `steps()`,
    /// equal inputs in `linear()`), in order.
    public var jumps: [Double] {
        switch self {
        case .cubic: return []
        case .steps(let n, let jump):
            // A step at every k/n, k = 1…n−1, and at 0 for jump-start/both, at 1 for jump-end/both.
            var times: [Double] = []
            if jump == .jumpStart || jump == .jumpBoth { times.append(0) }
            for k in 1..<Swift.max(n, 1) { times.append(Double(k) / Double(n)) }
            if jump == .jumpEnd || jump == .jumpBoth { times.append(1) }
            return times
        case .piecewiseLinear(let points):
            var times: [Double] = []
            for i in 1..<points.count where points[i].x == points[i - 1].x && points[i].y != points[i - 1].y {
                times.append(points[i].x)
            }
            return times
        }
    }

    /// The easing in CSS or Core Animation words, for reports.
    public var text: String {
        switch self {
        case .cubic(let c):
            if let name = TimingCurve.named.first(where: { $0.curve == c })?.name { return name }
            return "cubic-bezier(\(JSONText.number(c.x1)), \(JSONText.number(c.y1)), \(JSONText.number(c.x2)), \(JSONText.number(c.y2)))"
        case .steps(let n, let jump): return "steps(\(n), \(jump.rawValue))"
        case .piecewiseLinear(let p): return "linear(\(p.map { "\(JSONText.number($0.y)) \(JSONText.number(100 * $0.x))%" }.joined(separator: ", ")))"
        }
    }
}

/// Numbers as a JSON or CSS reader types them.
enum JSONText {
    static func number(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }
}

extension Easing {
    /// Parses a timing function's text: a name (`Easing.names`), `cubic-bezier(x1, y1, x2, y2)`,
    /// `steps(n[, position])` or `linear(stop, …)`.
    /// - Throws: `EasingSyntaxError` saying what was expected.
    public init(text: String) throws(EasingSyntaxError) {
        let trimmed = text.trimmingSpaces
        if let named = Self.names.first(where: { $0.name == trimmed }) {
            self = named.easing
            return
        }
        guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") else {
            throw EasingSyntaxError(
                "expected a timing function: a name (\(TimingCurve.named.map(\.name).joined(separator: ", ")), ease, ease-in, ease-out, ease-in-out, step-start, step-end), cubic-bezier(x1, y1, x2, y2), steps(n, jump-start|jump-end|jump-none|jump-both) or linear(…), got \"\(text)\"",
                function: nil, expected: "a timing function", found: text)
        }
        let function = trimmed[..<open].trimmingSpaces
        let inside = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        let arguments = inside.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        switch function {
        case "cubic-bezier":
            guard arguments.count == 4 else {
                throw EasingSyntaxError("cubic-bezier() takes 4 numbers x1, y1, x2, y2, got \(arguments.count) in \"\(text)\"",
                    function: "cubic-bezier", expected: "4 numbers x1, y1, x2, y2", found: "\(arguments.count)")
            }
            var numbers: [Double] = []
            for argument in arguments {
                guard let value = Double(argument), value.isFinite else {
                    throw EasingSyntaxError("cubic-bezier(): expected a number, got \"\(argument)\"", function: "cubic-bezier", expected: "a number", found: argument)
                }
                numbers.append(value)
            }
            self = try Self.cubic(numbers)
        case "steps":
            guard (1...2).contains(arguments.count), let n = Int(arguments[0]) else {
                throw EasingSyntaxError("steps() takes a whole number of steps and an optional position, got \"\(text)\"",
                    function: "steps", expected: "a whole number of steps and an optional position", found: text)
            }
            var jump = Jump.jumpEnd
            if arguments.count == 2 {
                switch arguments[1] {
                case "start": jump = .jumpStart
                case "end": jump = .jumpEnd
                default:
                    guard let parsed = Jump(rawValue: arguments[1]) else {
                        throw EasingSyntaxError("steps(): expected jump-start, jump-end, jump-none, jump-both, start or end, got \"\(arguments[1])\"",
                            function: "steps", expected: "jump-start, jump-end, jump-none, jump-both, start or end", found: arguments[1])
                    }
                    jump = parsed
                }
            }
            // css-easing-1 §3.1: the count must be positive, and above 1 for jump-none.
            let least = jump == .jumpNone ? 2 : 1
            guard n >= least, n <= 1_000_000 else {
                throw EasingSyntaxError("steps(): expected a step count from \(least) to 1000000 with \(jump.rawValue), got \(n)",
                    function: "steps", expected: "a step count from \(least) to 1000000 with \(jump.rawValue)", found: "\(n)")
            }
            self = .steps(count: n, jump: jump)
        case "linear":
            self = try Self.linearFunction(arguments, text: text)
        default:
            throw EasingSyntaxError("unknown timing function \"\(function)(…)\"; expected cubic-bezier(), steps() or linear()",
                function: nil, expected: "cubic-bezier(), steps() or linear()", found: "\(function)(…)")
        }
    }

    /// `cubic-bezier` from four numbers, x1 and x2 in [0, 1] (css-easing-1 §2.2).
    public static func cubic(_ numbers: [Double]) throws(EasingSyntaxError) -> Easing {
        guard numbers.count == 4 else { throw EasingSyntaxError(
                "expected 4 control point numbers x1, y1, x2, y2, got \(numbers.count)", function: "cubic-bezier",
                expected: "4 control point numbers x1, y1, x2, y2", found: "\(numbers.count)") }
        do {
            return .cubic(try TimingCurve(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3]))
        } catch {
            if (0...1).contains(numbers[0]), (0...1).contains(numbers[2]) {
                let bound = TimingCurve.maximumControlMagnitude
                throw EasingSyntaxError(
                    "control points need y1 and y2 within ±\(JSONText.number(bound)) (an overshoot of a million times the move), got y1 \(JSONText.number(numbers[1])), y2 \(JSONText.number(numbers[3]))",
                    function: "cubic-bezier", expected: "y1 and y2 within ±\(JSONText.number(bound))",
                    found: "y1 \(JSONText.number(numbers[1])), y2 \(JSONText.number(numbers[3]))")
            }
            throw EasingSyntaxError(
                "control points need x1 and x2 in 0 … 1 (css-easing-1 §2.2; y may overshoot), got x1 \(JSONText.number(numbers[0])), x2 \(JSONText.number(numbers[2]))",
                function: "cubic-bezier", expected: "x1 and x2 in 0 … 1",
                found: "x1 \(JSONText.number(numbers[0])), x2 \(JSONText.number(numbers[2]))")
        }
    }

    /// CSS `linear()` (css-easing-2 §2.1): each stop is an output and zero, one or two input
    /// percentages; a missing first input is 0 %, a missing last 100 %, an input below an earlier
    /// one is raised to it, and runs of missing inputs are spread evenly between their neighbours.
    static func linearFunction(_ arguments: [String], text: String) throws(EasingSyntaxError) -> Easing {
        var outputs: [Double] = []
        var inputs: [Double?] = []
        for argument in arguments {
            let words = argument.split(separator: " ").map(String.init)
            guard (1...3).contains(words.count), let output = Double(words[0]), output.isFinite else {
                throw EasingSyntaxError("linear(): expected a stop \"OUTPUT [IN%] [IN%]\", got \"\(argument)\"",
                    function: "linear", expected: "a stop \"OUTPUT [IN%] [IN%]\"", found: argument)
            }
            var percents: [Double] = []
            for word in words.dropFirst() {
                guard word.hasSuffix("%"), let p = Double(word.dropLast()), p.isFinite else {
                    throw EasingSyntaxError("linear(): expected a percentage like 25%, got \"\(word)\"", function: "linear", expected: "a percentage like 25%", found: word)
                }
                percents.append(p / 100)
            }
            if percents.isEmpty {
                outputs.append(output)
                inputs.append(nil)
            } else {
                for p in percents {
                    outputs.append(output)
                    inputs.append(p)
                }
            }
        }
        guard outputs.count >= 2 else {
            throw EasingSyntaxError("linear() needs at least 2 stops, got \(outputs.count) in \"\(text)\"", function: "linear", expected: "at least 2 stops",
                found: "\(outputs.count)")
        }
        if inputs[0] == nil { inputs[0] = 0 }
        if inputs[inputs.count - 1] == nil { inputs[inputs.count - 1] = 1 }
        var largest = -Double.infinity
        for i in inputs.indices {
            if let x = inputs[i] {
                if x < largest { inputs[i] = largest }
                largest = Swift.max(largest, x)
            }
        }
        var i = 0
        while i < inputs.count {
            if inputs[i] == nil {
                var j = i
                while inputs[j] == nil { j += 1 }
                let a = inputs[i - 1]!, b = inputs[j]!
                for k in i..<j { inputs[k] = a + (b - a) * Double(k - i + 1) / Double(j - i + 1) }
                i = j
            }
            i += 1
        }
        let points = zip(inputs, outputs).map { SIMD2($0!, $1) }
        guard points.first!.x <= 0, points.last!.x >= 1 else {
            throw EasingSyntaxError("linear(): the stops must span 0% … 100% of the time, got \(JSONText.number(100 * points.first!.x))% … \(JSONText.number(100 * points.last!.x))%",
                function: "linear", expected: "stops spanning 0% … 100% of the time",
                found: "\(JSONText.number(100 * points.first!.x))% … \(JSONText.number(100 * points.last!.x))%")
        }
        return .piecewiseLinear(points)
    }
}

/// A timing function's text that cannot be read: the message, and its parts as data.
public struct EasingSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    /// The function the error is inside (`cubic-bezier`, `steps`, `linear`); `nil` when the
    /// text as a whole is not a timing function.
    public let function: String?
    /// What was expected, in the message's words (`a number`, `at least 2 stops`).
    public let expected: String
    /// What was found instead: the text, the argument or word, or a count (`3`).
    public let found: String

    init(_ description: String, function: String?, expected: String, found: String) {
        self.description = description
        self.function = function
        self.expected = expected
        self.found = found
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
