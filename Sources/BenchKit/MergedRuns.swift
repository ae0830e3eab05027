import Foundation

/// Several `flightline.run/1` documents — one per machine of a CI matrix — joined into one
/// table keyed by benchmark and machine (`bench merge`).
///
/// Speedups (a kernel against its reference, measured interleaved in one run) are comparable
/// across machines; times are not: each row keeps both, and ``speedupRanges`` summarises the
/// comparable one.
///
///     let merged = try MergedRuns(documents: [("linux-x64.json", dataA), ("linux-arm.json", dataB)])
///     print(merged.markdown())
public struct MergedRuns: Codable, Equatable, Sendable {
    public static let schemaIdentifier = "flightline.merge/1"

    /// One input document's machine.
    public struct Machine: Codable, Equatable, Sendable {
        /// How rows name it: the machine's ``MachineDescription/slug``, with the file's name in
        /// brackets when two documents share one.
        public var name: String
        /// The document it came from, as given.
        public var file: String
        public var cpu: String
        public var cores: Int
        public var cpuSignature: String?
        public var os: String
        /// The build's configuration and compiler (`release, Swift 6.3.1`).
        public var build: String
    }

    /// One benchmark on one machine.
    public struct Row: Codable, Equatable, Sendable {
        public var name: String
        public var machine: String
        public var unit: BenchmarkUnit
        public var median: Double
        public var ci95: ConfidenceInterval
        public var reference: String?
        public var speedup: Double?
        public var pairedSpeedup: Double?
        public var instructions: Double?
    }

    /// The speedup of one benchmark over the machines that measured it against its reference.
    public struct SpeedupRange: Codable, Equatable, Sendable {
        public var name: String
        public var lowest: Double
        public var highest: Double
        public var lowestOn: String
        public var highestOn: String
        public var machines: Int
    }

    public var schema: String
    public var machines: [Machine]
    /// Sorted by benchmark name, then machines in input order.
    public var rows: [Row]
    public var speedupRanges: [SpeedupRange]

    /// - Parameter documents: each document's source (for messages and ``Machine/file``) and bytes.
    /// - Throws: ``BenchKitError/cannotMerge(_:)`` when there are none, a document is not JSON or
    ///   has no `schema`, the schemas differ, or they are not `flightline.run/1`; a
    ///   ``BenchKitError/corruptBaseline(path:reason:key:expected:)``-worded error for a run document that
    ///   does not read.
    public init(documents: [(source: String, data: Data)]) throws {
        guard !documents.isEmpty else { throw BenchKitError.cannotMerge(.noDocuments) }
        var schemas: [(source: String, schema: String)] = []
        for (source, data) in documents {
            guard let object = try? JSONSerialization.jsonObject(with: data), let dictionary = object as? [String: Any] else {
                throw BenchKitError.cannotMerge(.notAnObject(file: source))
            }
            guard let schema = dictionary["schema"] as? String else {
                throw BenchKitError.cannotMerge(.noSchema(file: source))
            }
            schemas.append((source, schema))
        }
        if let different = schemas.first(where: { $0.schema != schemas[0].schema }) {
            throw BenchKitError.cannotMerge(
                .differentSchemas(file: schemas[0].source, schema: schemas[0].schema, otherFile: different.source, otherSchema: different.schema))
        }
        guard schemas[0].schema == RunReport.schemaIdentifier else {
            throw BenchKitError.cannotMerge(.notRuns(file: schemas[0].source, schema: schemas[0].schema, expected: RunReport.schemaIdentifier))
        }
        let reports = try documents.map { try RunReport(jsonData: $0.data, source: $0.source) }
        let slugs = reports.map(\.machine.slug)
        schema = MergedRuns.schemaIdentifier
        var labels: [String] = []
        for (index, document) in documents.enumerated() {
            let slug = slugs[index]
            var label = slugs.filter { $0 == slug }.count > 1 ? "\(slug) [\((document.source as NSString).lastPathComponent)]" : slug
            // The same file given twice: number the repeats.
            if labels.contains(label) { label += " #\(labels.filter { $0.hasPrefix(label) }.count + 1)" }
            labels.append(label)
        }
        machines = zip(documents, reports).enumerated().map { index, pair in
            let (document, report) = pair
            return Machine(name: labels[index], file: document.source, cpu: report.machine.cpu,
                           cores: report.machine.cores, cpuSignature: report.machine.cpuSignature, os: report.machine.os,
                           build: "\(report.build.configuration), \(report.build.compiler)")
        }
        var rows: [Row] = []
        for (machine, report) in zip(machines, reports) {
            for result in report.results {
                rows.append(Row(name: result.name, machine: machine.name, unit: result.unit, median: result.median,
                                ci95: result.ci95, reference: result.reference, speedup: result.speedup,
                                pairedSpeedup: result.pairedSpeedup, instructions: result.instructions))
            }
        }
        let order = Dictionary(machines.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let sorted = rows.sorted { ($0.name, order[$0.machine]!) < ($1.name, order[$1.machine]!) }
        self.rows = sorted
        speedupRanges = Dictionary(grouping: sorted.filter { $0.speedup != nil }, by: \.name).keys.sorted().compactMap { name in
            let measured = sorted.filter { $0.name == name && $0.speedup != nil }
            guard let low = measured.min(by: { $0.speedup! < $1.speedup! }), let high = measured.max(by: { $0.speedup! < $1.speedup! }) else { return nil }
            return SpeedupRange(name: name, lowest: low.speedup!, highest: high.speedup!, lowestOn: low.machine, highestOn: high.machine, machines: measured.count)
        }
    }

    /// The merged table as GitHub-flavoured Markdown: benchmark, machine, unit, median, 95 %
    /// interval, speedup, instructions; then the machines and the note on what compares.
    public func markdown() -> String {
        let table = Markup.markdownTable(
            ["benchmark", "machine", "unit", "median", "95% CI", "speedup", "instructions"],
            rows.map { row in
                ["`\(row.name)`", Markup.markdownCell(row.machine), row.unit.symbol, Markup.short(row.median),
                 "\(Markup.short(row.ci95.lower))…\(Markup.short(row.ci95.upper))",
                 row.speedup.map { "×" + Markup.short($0) } ?? "—", row.instructions.map(Markup.short) ?? "—"]
            }, rightAligned: [3, 5, 6])
        var text = table + "\n" + MergedRuns.note + "\n\n"
        for machine in machines {
            text += "- **\(Markup.markdownCell(machine.name))**: \(Markup.markdownCell(machine.cpu)), \(machine.cores) cores, \(Markup.markdownCell(machine.os)), \(Markup.markdownCell(machine.build)) (`\(Markup.markdownCell(machine.file))`)\n"
        }
        return text
    }

    /// What compares across machines and what does not.
    public static let note = "speedup = reference median ÷ kernel median within one run on one machine: comparable across machines; "
        + "medians are each machine's own times: not comparable across machines"

    /// The document as pretty JSON with sorted keys and a final newline.
    public func jsonData() throws -> Data { try FormatEncoder.encode(self) }
}
