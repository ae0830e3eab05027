import BenchKit
import Foundation

let mergeCommand: Command = Command(
    name: "merge",
    synopsis: "FILE… [--json FILE] [--format F]",
    summary: "join run documents from several machines into one table",
    details: """
    Reads flightline.run/1 documents (one per machine of a CI matrix; '-' reads standard input
    once) and prints one table keyed by benchmark and machine: median with its 95 % interval,
    speedup over the reference, instructions where counted. Speedups are comparable across
    machines (each is a ratio within one run on one machine); medians are not (other hardware):
    both are shown, and the speedup's range across machines closes the table. A machine is named
    by its CPU model and cores, with the file's name when two documents share one.

    Documents of different schemas, or of another kind than flightline.run/1, are refused
    (exit 2, one line). --format F chooses the document, as in 'bench run': json (the default)
    writes flightline.merge/1: {schema, machines:[{name, file,
    cpu, cores, cpuSignature?, os, build}], rows:[{name, machine, unit, median, ci95, reference?,
    speedup?, pairedSpeedup?, instructions?}], speedupRanges:[{name, lowest, highest, lowestOn,
    highestOn, machines}]}; markdown writes the table for a pull-request comment or a job summary.
    With --json FILE the document goes to FILE and the table to stdout; with --json -, or
    --format without --json, the document goes to stdout instead of the table.
    """,
    options: [
        .json("flightline.merge/1", "the merged runs", formats: true),
        OutputFormat.spec([.json, .markdown]),
    ],
    validation: { arguments in
        guard !arguments.positionals.isEmpty else {
            throw CLIError.usage("'bench merge' needs one or more flightline.run/1 files (from 'bench run --json FILE')")
        }
        if arguments.string("format") == "text" {
            throw CLIError.usage("--format text is gone: the table is what 'bench merge' prints without --format; --format chooses the document (json or markdown), as in 'bench run'", option: "format", value: "text")
        }
        guard arguments.positionals.filter({ $0 == "-" }).count <= 1 else {
            throw CLIError.usage("standard input ('-') can be read only once")
        }
    },
    run: { arguments, console in
        let (format, destination) = try OutputFormat.parse(arguments, allowed: [.json, .markdown], command: "merge")
        if let destination { try checkDocumentDestination(destination) }
        let documents = try arguments.positionals.map { path -> (source: String, data: Data) in
            if path == "-" { return ("standard input", try readStandardInput()) }
            return (path, try benchKit { try InputFile.read(path) })
        }
        let merged = try benchKit { try MergedRuns(documents: documents) }
        if let destination {
            let data = format == .json ? try benchKit { try merged.jsonData() } : Data(merged.markdown().utf8)
            try writeDocument(data, to: destination, console: console, named: format.documentName)
            if destination == "-" { return .success }
        }
        console.out(renderMerged(merged))
        return .success
    }
)

/// Standard input, whole (for `bench merge -`).
private func readStandardInput() throws -> Data {
    do {
        return Data(try InputFile.readAll(0, limit: InputFile.maximumBytes))
    } catch {
        throw CLIError.usage("cannot read standard input: \(error)")
    }
}

/// The merged table, the speedup ranges and the machines.
func renderMerged(_ merged: MergedRuns) -> String {
    var table = Table("benchmark", "machine", "unit", "median", "95% CI", "speedup", "instr")
    table.priorities = [100, 95, 60, 80, 40, 90, 50]
    for row in merged.rows {
        let isTime = row.unit.isTime
        func show(_ value: Double) -> String { isTime ? duration(nanoseconds: value) : significant(value) }
        table.add(row.name, row.machine, row.unit.symbol, show(row.median), "\(show(row.ci95.lower))…\(show(row.ci95.upper))",
                  row.speedup.map { "×" + significant($0) } ?? "—", row.instructions.map { significant($0) } ?? "—")
    }
    var lines = [table.rendered(), "", MergedRuns.note]
    let ranges = merged.speedupRanges.filter { $0.machines > 1 }
    if !ranges.isEmpty {
        lines += ["", "speedup across machines:"]
        for range in ranges {
            lines.append("  \(range.name): ×\(significant(range.lowest)) (\(range.lowestOn)) … ×\(significant(range.highest)) (\(range.highestOn))")
        }
    }
    lines += ["", "machines:"]
    for machine in merged.machines {
        lines.append("  \(machine.name): \(machine.cpu), \(machine.cores) cores, \(machine.os), \(machine.build) (\(machine.file))")
    }
    return lines.joined(separator: "\n")
}
