import BenchKit

let listCommand = Command(
    name: "list",
    synopsis: "",
    summary: "list the benchmarks and scenes",
    details: "",
    options: [],
    run: { arguments, console in
        try arguments.requirePositionals(atMost: 0, command: "list")
        var lines = ["benchmarks (bench run --filter PATTERN):"]
        for benchmark in try Suites.all() {
            let reference = benchmark.reference.map { "  vs \($0.name)" } ?? ""
            lines.append("  \(benchmark.name)  [\(benchmark.unit.symbol)]\(reference)")
        }
        lines.append("")
        lines.append("scenes (bench validate | plot SCENE):")
        lines += sceneListing.map { "  " + $0 }
        console.out(lines.joined(separator: "\n"))
        return .success
    }
)
