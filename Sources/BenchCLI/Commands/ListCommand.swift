import BenchKit

let listCommand: Command = Command(
    name: "list",
    synopsis: "[--json FILE]",
    summary: "list the benchmarks and scenes",
    details: """
    --json FILE writes flightline.list/1: {schema, benchmarks:[{name, unit, reference, revision}],
    scenes:[…]} (the scene lines as printed); '-' writes only the JSON to stdout.
    """,
    options: [.json("flightline.list/1", "the benchmarks and scenes")],
    positionalLimit: 0,
    run: { arguments, console in
        if let destination = arguments.string("json") {
            try checkDocumentDestination(destination)
            let benchmarks = try registeredBenchmarks().map { benchmark in
                JSON.object([
                    ("name", .string(benchmark.name)), ("unit", .string(benchmark.unit.symbol)),
                    ("reference", benchmark.reference.map { .string($0.name) } ?? .null), ("revision", .integer(benchmark.revision)),
                ])
            }
            let document = JSON.object([
                ("schema", .string("flightline.list/1")), ("benchmarks", .array(benchmarks)),
                ("scenes", .array(sceneListing.map(JSON.string))),
            ])
            try writeJSON(document, to: destination, console: console)
            if destination == "-" { return .success }
        }
        var table = Table("benchmark (bench run --filter PATTERN)", "unit", "reference")
        for benchmark in try registeredBenchmarks() {
            table.add(benchmark.name, benchmark.unit.symbol, benchmark.reference?.name ?? "—")
        }
        var lines = [table.rendered(), ""]
        lines.append("scenes (bench validate | plot SCENE):")
        lines += sceneListing.map { "  " + $0 }
        console.out(lines.joined(separator: "\n"))
        return .success
    }
)
