import Foundation
import Motion

/// `bench sample`: per-frame numbers out, for comparing Flightline with anything else.
let sampleCommand: Command = Command(
    name: "sample",
    synopsis: "SCENE|FILE.json [--object NAME] [--hz R] [--count all|N] (--format F [--out PATH] | --json PATH|-) [--seed N]",
    summary: "write every object's quantities at every frame, at absolute times (CSV or JSON)",
    details: """
    Samples a built-in scene (bee, bee1, bee2, bee1+ … bee2-, menu, menu-show, menu-dismiss),
    a scene file (flightline.scene/1) or a Lottie file, and writes, per frame, the absolute
    time and every quantity of every object, objects that stay still included, in the source's
    own units:

    - built-in scene: one object per scene: x, y (pt) for a path; y (pt) for the menu (the
      presented value of its exact spring)
    - scene file: one object per layer, one quantity per animated property: x, y (pt) for
      position, a scalar in its own unit (rad, ×, opacity 0…1: the file's values,
      pointsPerUnit undone)
    - Lottie file: every layer and shape group that draws: x, y of its anchor point on
      screen (px, after parenting), rotation (°), scale x, scale y (%), opacity (%), visible
      (1 when ip ≤ F < op through its precompositions, else 0)

    Absolute time: seconds from the start of the source's timeline: a scene's t = 0 (the
    span sampled runs from 0 to the last animation's end, or for a spring to its settling or the
    demo's duration, whichever is later); for a Lottie file, frame F is at F / fr seconds from
    frame 0 (not from ip), and the frame column is F itself: frames ip, ip + fr/R, … while below
    op. Frames are t = start + k/R (never summed), so the same command gives the same bytes.

    --hz R (default: a Lottie file's own fr, 60 for scenes; 1…1000) sets the rate; --count N
    keeps the first N frames (default all). At most 1,000,000 rows (frames × objects) are
    written: more is refused (use --count, --object or a lower --hz). --object NAME keeps one
    object (a Lottie object may also be named by its JSON path, layers[2]).

    CSV: a header `frame,time (s),object,` then one column per quantity `name (unit)`; one row
    per frame and object, frames in order, objects in the source's order; an object without a
    quantity leaves its cell empty. JSON (schema flightline.samples/1): the source, kind, rate,
    start and end (the first and last frame's times), frame count, the arrays "frame" and "time", and "objects", each with its name
    (and a Lottie object's "place") and "quantities": name, unit and "values", one per frame.
    --out PATH writes the file atomically (a temporary file renamed into place: never half a
    file); default '-', standard output.

    --reference rlottie (a Lottie file only) plays the file in rlottie too and compares it with
    Flightline's evaluation over every frame, as 'bench validate FILE.json --reference rlottie'
    does: per object and quantity the max and median disagreement in px, rlottie's known
    deviations named. With --format json the comparison is the document's `reference` member;
    with csv it goes to stderr and the samples where asked.

    exit: 0 written, 2 bad input (an unknown scene or object, a bad --hz, --count or --format,
    too many rows).
    """,
    options: [
        .option("object", "NAME", "keep one object (a scene, a scene file's layer, a Lottie layer or group by name or JSON path)"),
        .number("hz", "R", "frames per second (default: a Lottie file's own rate, else 60)", in: NumberRange(
            greaterThan: 0, atLeast: SceneSelection.minimumRate, atMost: ValidateRequest.maximumRate,
            wording: "must be from \(SceneSelection.minimumRate.formatted) to \(ValidateRequest.maximumRate.formatted) frames per second")),
        OptionSpec(name: "count", value: "N", help: "the first N frames only, or all (default all); --frames in validate is how frames are delivered",
                   kind: .whole(1...SampleRequest.maximumRows, orWord: "all")),
        .option("format", "F", "the document written to --out PATH, or stdout: csv or json (required)"),
        .option("out", "PATH", "where to write ('-': standard output, the default); replaced atomically"),
        .json("flightline.samples/1", "the samples"),
        SceneSelection.seedSpec,
        ReferenceOption.spec,
    ],
    positionalLimit: 1,
    rules: [.excludes("json", ["format", "out"], "--json PATH writes the JSON samples; give it or --format/--out, not both")],
    validation: { arguments in
        guard !arguments.positionals.isEmpty else {
            throw CLIError.usage("bench sample needs a scene (\(Scene.seedNames.joined(separator: ", "))) or a FILE.json")
        }
        if !arguments.has("json"), !arguments.has("format") {
            throw CLIError.usage("bench sample needs --format csv or --format json (or --json PATH)")
        }
    },
    run: { arguments, console in
        let request = try SampleRequest(arguments)
        try checkDocumentDestination(request.destination, named: "the samples")
        // Another player's view of the same Lottie file, compared before anything is written.
        var references: [ReferenceOption.FileComparison] = []
        if arguments.has("reference") {
            guard let input = request.source.lottieInput else {
                throw CLIError.usage(
                    "--reference compares a Lottie file with another player; \(quoted(request.source.name)) is a \(request.source.kind), not a Lottie file",
                    option: "reference", value: arguments.string("reference"), file: request.source.name)
            }
            references = try ReferenceOption.compare(arguments, files: [input])
        }
        var text = try request.render()
        if !references.isEmpty {
            if request.format == .json {
                // The comparison as validate writes it, the document's last member.
                let reference = ReferenceOption.json(references).rendered()
                    .split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
                text = String(text.dropLast(3)) + ",\n  \"reference\": " + reference + "\n}\n"
            } else {
                // CSV has no room for it: the comparison goes to stderr, the samples where asked.
                console.err(ReferenceOption.text(references))
            }
        }
        try writeDocument(Data(text.utf8), to: request.destination, console: console, named: "the samples")
        return .success
    }
)

/// A parsed `bench sample` command line.
struct SampleRequest {
    enum Format: String { case csv, json }

    /// The most rows (frames × objects) one sample writes: about 100 MB of CSV. More is a
    /// typo (`--hz 1000` on an hour-long file), not a comparison anyone reads.
    static let maximumRows = 1_000_000

    let source: SampleSource
    /// The objects kept (indices into `source.objects`).
    let objects: [Int]
    let hz: Double
    let frames: Int
    let format: Format
    let destination: String

    init(_ arguments: Arguments) throws {
        // One positional and --format or --json: the command's validation.
        let argument = arguments.positionals[0]
        // --json PATH is --format json --out PATH, the spelling every command shares.
        if let json = arguments.string("json") {
            format = .json
            destination = json
        } else {
            let formatText = arguments.string("format") ?? ""
            guard let format = Format(rawValue: formatText) else {
                throw CLIError.usage("--format expects csv or json, got \(quoted(formatText))")
            }
            self.format = format
            destination = arguments.string("out") ?? "-"
        }
        let given = arguments.number("hz")
        let wanted = arguments.whole("count")
        let source = try SampleSource.load(argument, seed: try SceneSelection.seed(arguments))
        self.source = source
        if let name = arguments.string("object") {
            let all = source.objects
            let matches = all.indices.filter { all[$0].name == name || all[$0].place == name }
            guard !matches.isEmpty else {
                let names = all.map(\.name)
                let listed = names.prefix(12).joined(separator: ", ") + (names.count > 12 ? ", … (\(names.count) in all)" : "")
                throw CLIError.usage(
                    "no object \(quoted(name)) in \(quoted(argument)); its objects: \(listed.isEmpty ? "none" : listed)", option: "object", value: name, file: argument)
            }
            objects = matches
        } else {
            objects = Array(source.objects.indices)
        }
        hz = given ?? source.defaultRate
        // A Lottie file's own rate may lie outside 1…1000 fps: then --hz is needed.
        guard hz >= SceneSelection.minimumRate, hz <= ValidateRequest.maximumRate else {
            throw CLIError.usage("\(quoted(argument)) runs at \(hz.formatted) fps, outside \(SceneSelection.minimumRate.formatted)…\(ValidateRequest.maximumRate.formatted): give --hz R")
        }
        let available = source.frameCount(hz: hz)
        let count = min(available, Double(wanted ?? Int.max))
        let rows = count * Double(max(objects.count, 1))
        guard rows <= Double(Self.maximumRows) else {
            throw CLIError.usage(
                "\(quoted(argument)) at \(hz.formatted) Hz is \(count.formatted) frames × \(objects.count) object\(objects.count == 1 ? "" : "s") = \(rows.formatted) rows, more than the \(Self.maximumRows) a sample writes; use --count N, --object NAME or a lower --hz",
                file: argument)
        }
        frames = Int(count)
    }

    /// The document, CSV or JSON.
    func render() throws -> String {
        var times: [Double] = [], numbers: [Double] = []
        var values: [[[Double]]] = []  // [frame][object][quantity]
        times.reserveCapacity(frames)
        for k in 0..<frames {
            let (number, time) = source.frame(k, hz: hz)
            numbers.append(number)
            times.append(time)
            let all = source.evaluate(time)
            values.append(objects.map { all[$0] })
        }
        if let bad = values.indices.first(where: { values[$0].contains { $0.contains { !$0.isFinite } } }) {
            throw CLIError.usage("\(quoted(source.name)): a value at t = \(Self.number(times[bad])) s is not a finite number; nothing written")
        }
        return format == .csv ? csv(times: times, numbers: numbers, values: values) : json(times: times, numbers: numbers, values: values)
    }

    func csv(times: [Double], numbers: [Double], values: [[[Double]]]) -> String {
        // The columns: every kept object's quantities, in order of first appearance.
        var columns: [String] = []
        for index in objects {
            for q in source.objects[index].quantities where !columns.contains(q.column) { columns.append(q.column) }
        }
        let slots = objects.map { index in source.objects[index].quantities.map { columns.firstIndex(of: $0.column)! } }
        var out = (["frame", "time (s)", "object"] + columns).map(Self.csvField).joined(separator: ",") + "\n"
        let names = objects.map { Self.csvField(source.objects[$0].name) }
        for k in times.indices {
            let head = Self.number(numbers[k]) + "," + Self.number(times[k]) + ","
            for (j, name) in names.enumerated() {
                var cells = [String](repeating: "", count: columns.count)
                for (q, slot) in slots[j].enumerated() { cells[slot] = Self.number(values[k][j][q]) }
                out += head + name + "," + cells.joined(separator: ",") + "\n"
            }
        }
        return out
    }

    func json(times: [Double], numbers: [Double], values: [[[Double]]]) -> String {
        func array(_ items: [Double]) -> String { "[" + items.map(Self.number).joined(separator: ", ") + "]" }
        func string(_ text: String) -> String { ChromeTraceWriter.scalar(.string(text)) }
        var out = "{\n"
        out += "  \"schema\": \"flightline.samples/1\",\n"
        out += "  \"source\": \(string(source.name)),\n"
        out += "  \"kind\": \(string(source.kind)),\n"
        out += "  \"rate\": \(Self.number(hz)),\n"
        out += "  \"frameRate\": \(source.frameRate.map(Self.number) ?? "null"),\n"
        out += "  \"timeUnit\": \"s, from the start of the source's timeline\",\n"
        out += "  \"start\": \(times.first.map(Self.number) ?? "null"),\n"
        out += "  \"end\": \(times.last.map(Self.number) ?? "null"),\n"
        out += "  \"frames\": \(times.count),\n"
        out += "  \"frame\": \(array(numbers)),\n"
        out += "  \"time\": \(array(times)),\n"
        out += "  \"objects\": ["
        for (j, index) in objects.enumerated() {
            let object = source.objects[index]
            out += (j == 0 ? "\n" : ",\n") + "    {\n      \"name\": \(string(object.name)),\n"
            if let place = object.place { out += "      \"place\": \(string(place)),\n" }
            out += "      \"quantities\": ["
            for (q, quantity) in object.quantities.enumerated() {
                out += (q == 0 ? "\n" : ",\n")
                out += "        {\"name\": \(string(quantity.name)), \"unit\": \(string(quantity.unit)), \"values\": \(array(values.map { $0[j][q] }))}"
            }
            out += object.quantities.isEmpty ? "]\n    }" : "\n      ]\n    }"
        }
        out += objects.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    /// A number as JSON writes it: whole numbers without a decimal point, others in Swift's
    /// shortest round-trip form (the same double reads back).
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
