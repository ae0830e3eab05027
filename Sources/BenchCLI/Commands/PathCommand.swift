import BezierKernels
import Foundation

let pathCommand: Command = Command(
    name: "path",
    synopsis: "'SVG path data' | - | @FILE [--at-distance S,…] [--samples N] [--accuracy A] [--flatten TOL] [--json FILE]",
    summary: "measure a path: segment lengths, total length, bounds, position and tangent at distances, flattening",
    details: """
    Path data is SVG syntax (M L H V Q T C S A Z, absolute or relative), quoted as one argument.
    Lengths are computed within the accuracy: lines exactly, quadratics in closed form, cubics
    (and arcs, which become cubics within a quarter of the accuracy) by adaptive Gauss–Legendre.
    The default accuracy is 1e-9 pt, or 5e-13 × the path's size (its largest coordinate or
    longest control polygon) when that is larger, said in one note on stderr; if the table
    still stops short of it at double-precision rounding, the accuracy it reached is used and
    the note says so. An explicit --accuracy is honoured or refused, never relaxed. Positions
    come from a PathMeasure table and are within the accuracy of the exact point at the
    distance; the tangent is the unit direction of travel (at a cusp, the direction leaving it).
    Samples are listed in the order asked: the --at-distance values first, then the --samples
    evenly spaced ones (from 0 to the length, both included); at most
    \(PathRequest.maximumSamples) in all, the frames of 10 s at 1000 Hz. The bounding box is exact: the
    extremes of the curves themselves (where a derivative vanishes), not of their control points.

    --flatten TOL turns each subpath into a polyline whose distance from the curve is at most
    TOL pt (Path.flattened(tolerance:): each segment cut into uniform parameter steps by Wang's
    bound) and prints, per subpath, its vertex count and the largest deviation, measured rather
    than taken from the bound: for every polyline edge, the curve between the edge's two
    parameters is compared with the chord between its two vertices — the distance is taken at
    the exact extremes of the curve's distance to the chord's line (roots of a quadratic) and at
    17 evenly spaced parameters, and the largest over all edges is reported. At most
    \(PathRequest.maximumFlattenVertices) vertices: a smaller tolerance is refused.

    A path of zero length (e.g. 'M 5 5 L 5 5') has a position at distance 0, its start, but no
    direction: its tangent is printed as '—' and written as null in JSON. Path data with no
    drawing command at all (just 'M 5 5') is refused. Numbers are printed to the decimals the
    accuracy vouches for (beyond 1e15, in exponent form). An accuracy finer than 1e-13 × the
    largest coordinate (and than 1e-12 pt) is refused: it is below the rounding of
    double-precision arithmetic. A segment whose length or squared speed overflows a double
    (control points more than ~1e153 apart) is refused, naming it.

    Time and memory grow linearly with the path: an elliptical arc becomes at most 414 cubics
    (at the default accuracy; fewer at coarser ones), a segment at most 4096 table pieces, and
    --flatten at most 1,000,000 vertices.

    example:
      $ bench path 'M 0 0 L 3 4 Q 3 8 7 8' --at-distance 2.5 --samples 2 --accuracy 1e-6
      segment  kind       start     length
      ───────  ─────────  ────────  ────────
      1        line       0.000000  5.000000
      2        quadratic  5.000000  6.492901

      length 11.492901 pt over 2 segments (accuracy 1e-06 pt)
      bounds x 0.000000…7.000000, y 0.000000…8.000000 pt (exact)

      distance   x         y         tx        ty
      ─────────  ────────  ────────  ────────  ────────
      2.500000   1.500000  2.000000  0.600000  0.800000
      0.000000   0.000000  0.000000  0.600000  0.800000
      11.492901  7.000000  8.000000  1.000000  0.000000
    """,
    options: [
        .numbers("at-distance", "S,…", "distances along the path (comma-separated, each in 0…length)",
                 count: .atMost(PathRequest.maximumSamples, "distances", reason: "the frames of 10 s at 1000 Hz")),
        .whole("samples", "N", "also N evenly spaced samples from the start to the end (with --at-distance at most 10000 in all)", in: 1...PathRequest.maximumSamples),
        .number("accuracy", "A", "largest error of lengths and positions, in points (default 1e-9, scaled up for paths beyond 2000 pt)", greaterThan: 0),
        .number("flatten", "TOL", "also flatten into polylines within TOL pt: vertices and measured deviation per subpath", greaterThan: 0),
        .json("flightline.path/1 plus bounds and flattened", "the result"),
    ],
    validation: { arguments in
        guard !arguments.positionals.isEmpty else {
            throw CLIError.usage("'bench path' needs SVG path data, e.g. bench path 'M 0 0 L 3 4'")
        }
        guard arguments.positionals.count == 1 else {
            throw CLIError.usage(
                "'bench path' takes the path data as one quoted argument, got \(arguments.positionals.count) arguments ('\(arguments.positionals[1])' is extra)")
        }
    },
    run: { arguments, console in
        let request = try PathRequest(arguments)
        let report = try PathReport(request)
        // A default accuracy that had to follow the path is said once, on one line.
        if let note = report.note ?? request.note { console.err("note: \(note)") }
        if let destination = arguments.string("json") {
            if destination != "-" { console.out(report.rendered()) }
            try writeJSON(report.json, to: destination, console: console)
        } else {
            console.out(report.rendered())
        }
        return .success
    }
)

/// What `bench path` was asked, validated: every problem is a usage error naming the bad value.
struct PathRequest {
    var pathData: String
    var path: Path
    var distances: [Double]
    var sampleCount: Int
    var accuracy: Double
    /// Whether `--accuracy` was given (otherwise `accuracy` is the default, which may be relaxed).
    var accuracyWasGiven: Bool
    /// Why the default accuracy is not 1e-9 pt for this path, when it is not.
    var note: String?
    /// `--flatten`'s tolerance, points.
    var flattenTolerance: Double?

    /// The most vertices `--flatten` will produce: beyond this a tolerance is a typo and the
    /// JSON would be hundreds of megabytes.
    static let maximumFlattenVertices = 1_000_000
    /// The most samples one run lists (`--samples` and `--at-distance` together): 10,000, the
    /// frames of a 10 s animation at 1000 Hz, `bench validate`'s fastest rate, which is more
    /// than any display shows of one path. Each costs an inverse arc-length query and a line
    /// of output; a million took a minute and half a gigabyte.
    static let maximumSamples = 10_000

    init(_ arguments: Arguments) throws {
        // One positional: the command's validation.
        let data = try readPathData(arguments.positionals[0], for: "path data")
        pathData = data
        let asked = arguments.number("accuracy")
        accuracy = asked ?? Accuracy.default
        accuracyWasGiven = asked != nil
        distances = arguments.numbers("at-distance") ?? []
        sampleCount = arguments.whole("samples") ?? 0
        guard distances.count + sampleCount <= Self.maximumSamples else {
            throw CLIError.usage(
                "--samples \(sampleCount) and --at-distance's \(distances.count) distances ask for \(distances.count + sampleCount) samples; at most \(Self.maximumSamples) together (the frames of 10 s at 1000 Hz)",
                option: "samples", value: arguments.string("samples"))
        }
        flattenTolerance = arguments.number("flatten")
        do {
            if !accuracyWasGiven {
                // The default follows the path's size: its coordinates, or its longest control
                // polygon (a bound on a segment's length), whichever is larger. The size is read
                // from a sketch whose arcs are one cubic per quarter turn (within 2.7e-4 of their
                // radius: enough to size the path, and cheap for data made of huge arcs).
                let sketch = try Path(svgPathData: data, arcTolerance: .greatestFiniteMagnitude)
                let size = max(sketch.coordinateMagnitude, sketch.longestControlPolygon)
                accuracy = PathMeasure.defaultAccuracy(size: size)
                if accuracy > Accuracy.default {
                    note = "accuracy \(accuracy) pt: the default (1e-09 pt) scaled to this path, whose size reaches \(significant(size)) pt; --accuracy sets it"
                }
            }
            // Elliptical arcs become cubics within a quarter of the accuracy, so the arc's
            // approximation stays inside the accuracy the lengths and positions promise.
            path = try Path(svgPathData: data, arcTolerance: accuracy / 4)
        } catch {
            throw CLIError.usage(error.description)
        }
        guard path.elements.contains(where: \.isDrawing) else {
            throw CLIError.usage("path data '\(data)' has no drawing command: add a line, curve or Z after the move")
        }
        guard accuracyWasGiven else { return }
        let magnitude = path.coordinateMagnitude
        let finest = PathMeasure.finestAccuracy(magnitude: magnitude)
        guard accuracy >= finest else {
            throw CLIError.usage(
                "--accuracy must be at least \(finest) pt for this path (coordinates up to \(significant(magnitude)) pt: finer is below double-precision rounding), got \(accuracy)")
        }
    }
}

/// The measurement of one path: segments, length and samples, ready to print or write.
struct PathReport {
    struct Segment {
        var kind: String
        var length: Double
    }

    struct Sample {
        var distance: Double
        var position: Point
        /// `nil` on a path of zero length, which has no direction.
        var tangent: Vector?
    }

    var segments: [Segment]
    var length: Double
    var samples: [Sample]
    var accuracy: Double
    /// The exact bounding box of the path.
    var bounds: Rect
    /// The polylines of `--flatten`, when asked.
    var flattening: FlatteningDeviation?
    /// Said on stderr: the default accuracy relaxed to what the table reached.
    var note: String?

    /// - Throws: `CLIError.usage` for a distance outside [0, length].
    /// - Complexity: the PathMeasure table (O(segments) arc lengths) plus O(1) per sample.
    init(_ request: PathRequest) throws {
        let measure: PathMeasure
        do {
            measure = try PathMeasure(path: request.path, accuracy: request.accuracy)
        } catch {
            throw CLIError.usage(error.description)
        }
        // The table's own check may stop short of the accuracy at the rounding floor of a large
        // path; then the numbers printed would not be as good as the accuracy says. Asked for, that
        // is a usage error; by default, the accuracy becomes what this very table reached (no
        // rebuild, whose own floor could differ again), and a note says so.
        accuracy = request.accuracy
        if measure.maximumError > request.accuracy {
            let unreachable = UnreachableAccuracy(asked: request.accuracy, reachable: measure.reachedAccuracy)
            guard !request.accuracyWasGiven else { throw unreachable }
            accuracy = unreachable.reachable
            note = "\(unreachable.message); using \(unreachable.reachable) pt"
        }
        // A request's path always draws (PathRequest refuses one that does not), so it has a box.
        bounds = request.path.boundingBox ?? Rect(enclosing: .zero)
        flattening = try request.flattenTolerance.map { try Self.flatten(request.path, tolerance: $0) }
        length = measure.length
        segments = measure.segments.map { Segment(kind: $0.segment.kind, length: $0.length) }
        samples = []
        samples.reserveCapacity(request.distances.count + request.sampleCount)
        for distance in request.distances {
            // The length is known to ±accuracy and printed rounded to it, so a distance within
            // the accuracy of an end (the printed length typed back) is that end.
            guard distance >= -accuracy, distance <= measure.length + accuracy else {
                throw CLIError.usage("--at-distance \(distance.formatted) is outside the path: distances run from 0 to its length \(measure.length.formatted)")
            }
            samples.append(try Self.sample(measure, at: min(max(distance, 0), measure.length)))
        }
        let count = request.sampleCount
        let step = count > 1 ? measure.length / Double(count - 1) : 0
        for index in 0..<count {
            // Exactly the length last, whatever the rounding of index·step.
            let distance = index == count - 1 && count > 1 ? measure.length : min(Double(index) * step, measure.length)
            samples.append(try Self.sample(measure, at: distance))
        }
    }

    /// `--flatten`'s polylines, measured by BezierKernels; its refusals worded for the flag.
    private static func flatten(_ path: Path, tolerance: Double) throws -> FlatteningDeviation {
        guard tolerance > 0, tolerance.isFinite else {
            throw CLIError.usage("--flatten must be a positive finite tolerance in points, got \(tolerance)")
        }
        do {
            return try FlatteningDeviation(path: path, tolerance: tolerance, maximumVertices: PathRequest.maximumFlattenVertices)
        } catch .tooManyVertices(let vertices, let limit, let capped) {
            throw CLIError.usage(
                "--flatten \(tolerance) would give \(capped ? "more than " : "")\(vertices) vertices; at most \(limit) (use a larger tolerance)")
        } catch .inconsistentFlattening(let message) {
            throw CLIError(.referenceFailed, message)
        } catch {
            throw CLIError.usage("--flatten: \(error)")
        }
    }

    private static func sample(_ measure: PathMeasure, at distance: Double) throws -> Sample {
        let sample: PathSample
        do {
            sample = try measure.sample(atDistance: distance)
        } catch {
            throw CLIError.usage(error.description)
        }
        // PathMeasure gives the zero vector only on a path of zero length: no direction.
        let tangent = sample.tangent == .zero ? nil : sample.tangent
        return Sample(distance: distance, position: sample.position, tangent: tangent)
    }

    /// Decimals that show every digit the accuracy vouches for, and no more.
    var decimals: Int {
        min(12, max(0, Int((-Foundation.log10(accuracy)).rounded(.up))))
    }

    func fixed(_ value: Double) -> String {
        // Beyond 1e15 fixed notation prints hundreds of digits the accuracy does not vouch for:
        // the digits down to the accuracy's decade, in exponent form.
        if abs(value) >= 1e15 {
            let digits = Int((Foundation.log10(abs(value)) - Foundation.log10(accuracy)).rounded(.down))
            return String(format: "%.\(min(16, max(0, digits)))e", value)
        }
        let text = String(format: "%.\(decimals)f", value)
        // A tiny negative rounds to "-0.000…": print it as the zero it shows.
        return text.hasPrefix("-") && text.allSatisfy({ "-0.".contains($0) }) ? String(text.dropFirst()) : text
    }

    /// A unit tangent component: at least 6 decimals, whatever the accuracy in points (an
    /// accuracy of 1e140 pt on a huge path would otherwise print (0.707, 0.707) as (1, 1)).
    func direction(_ value: Double) -> String {
        let text = String(format: "%.\(max(decimals, 6))f", value)
        return text.hasPrefix("-") && text.allSatisfy({ "-0.".contains($0) }) ? String(text.dropFirst()) : text
    }

    func rendered() -> String {
        var table = Table("segment", "kind", "start", "length")
        var start = 0.0
        for (index, segment) in segments.enumerated() {
            table.add("\(index + 1)", segment.kind, fixed(start), fixed(segment.length))
            start += segment.length
        }
        var lines = [
            table.rendered(),
            "",
            "length \(fixed(length)) pt over \(segments.count) segment\(segments.count == 1 ? "" : "s") (accuracy \(accuracy) pt)",
            "bounds x \(fixed(bounds.minimum.x))…\(fixed(bounds.maximum.x)), y \(fixed(bounds.minimum.y))…\(fixed(bounds.maximum.y)) pt (exact)",
        ]
        if !samples.isEmpty {
            var sampleTable = Table("distance", "x", "y", "tx", "ty")
            for sample in samples {
                sampleTable.add(
                    fixed(sample.distance), fixed(sample.position.x), fixed(sample.position.y),
                    sample.tangent.map { direction($0.dx) } ?? "—", sample.tangent.map { direction($0.dy) } ?? "—")
            }
            lines += ["", sampleTable.rendered()]
            if samples.contains(where: { $0.tangent == nil }) {
                lines.append("(— : the path has zero length, so no direction)")
            }
        }
        if let flattening {
            var table = Table("subpath", "vertices", "max deviation")
            for (index, polyline) in flattening.polylines.enumerated() {
                table.add("\(index + 1)", "\(polyline.points.count)", "\(significant(polyline.maxDeviation)) pt")
            }
            let worst = flattening.polylines.map(\.maxDeviation).max() ?? 0
            lines += [
                "", "flattened within \(flattening.tolerance) pt (deviation measured: 'bench help path'):", table.rendered(),
                worst <= flattening.tolerance
                    ? "every polyline is within the tolerance"
                    : "a polyline is \(significant(worst)) pt from the curve: beyond the tolerance \(flattening.tolerance) pt",
            ]
        }
        return lines.joined(separator: "\n")
    }

    /// docs/design.md §3: `{schema, segments:[{kind, length}], length, samples:[{distance, x, y, tx, ty}]}`.
    var json: JSON {
        .object([
            ("schema", .string("flightline.path/1")),
            ("segments", .array(segments.map { .object([("kind", .string($0.kind)), ("length", .number($0.length))]) })),
            ("length", .number(length)),
            ("samples", .array(samples.map { sample in
                .object([
                    ("distance", .number(sample.distance)),
                    ("x", .number(sample.position.x)),
                    ("y", .number(sample.position.y)),
                    ("tx", JSON.finite(sample.tangent?.dx)),
                    ("ty", JSON.finite(sample.tangent?.dy)),
                ])
            })),
        ] + extensionMembers)
    }

    /// Members after the docs/design.md §3 contract keys: `bounds` always, `flattened` with `--flatten`.
    var extensionMembers: [(String, JSON)] {
        var members: [(String, JSON)] = [
            ("bounds", .object([
                ("minX", .number(bounds.minimum.x)), ("minY", .number(bounds.minimum.y)),
                ("maxX", .number(bounds.maximum.x)), ("maxY", .number(bounds.maximum.y)),
            ])),
        ]
        if let flattening {
            members.append(("flattened", .array(flattening.polylines.map { polyline in
                .object([
                    ("tolerance", .number(flattening.tolerance)),
                    ("vertices", .integer(polyline.points.count)),
                    ("maxDeviation", .number(polyline.maxDeviation)),
                    ("points", .array(polyline.points.map { .array([.number($0.x), .number($0.y)]) })),
                ])
            })))
        }
        return members
    }
}

/// The PathMeasure table stopped short of the accuracy asked (at the rounding floor of a large
/// path): a usage error when `--accuracy` was given, a note and a relaxed accuracy otherwise.
struct UnreachableAccuracy: Error, CustomStringConvertible {
    let asked: Double
    /// The accuracy the table reached (`PathMeasure.reachedAccuracy`): one that holds.
    let reachable: Double

    var message: String {
        "accuracy \(asked) pt is not reachable for this path: its positions are good to \(reachable) pt (double-precision rounding)"
    }

    var description: String { "--" + message + "; ask for that or more" }
}
