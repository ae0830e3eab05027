import BenchKit

let listCommand = Command(
    name: "list",
    synopsis: "",
    summary: "list the benchmarks and scenes",
    details: "",
    options: [],
    run: { arguments, console in
        try arguments.requirePositionals(atMost: 0, command: "list")
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
