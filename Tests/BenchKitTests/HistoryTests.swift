import Foundation
import Testing
@testable import BenchKit

@Suite("Run history")
struct HistoryTests {
    func record(_ median: Double, instructions: Double? = nil, day: Int = 1, commit: String? = "abc123") -> HistoryRecord {
        var timedResult = timed("arclen/cubic", median)
        timedResult.values = [median, median]
        timedResult.instructions = instructions
        let date = Date(timeIntervalSince1970: 1_790_000_000 + Double(day) * 86_400)
        return HistoryRecord(report: report([timedResult]), date: date, commit: commit)
    }

    @Test func appendedRecordsReadBackInOrderWithoutSamples() throws {
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("nested/m.jsonl").path
        try RunHistory.append(record(40), toPath: path)
        try RunHistory.append(record(41, day: 2), toPath: path)
        let contents = try RunHistory.read(path)
        #expect(contents.tornLine == nil)
        #expect(contents.records.map { $0.results[0].median } == [40, 41])
        #expect(contents.records[0].results[0].values.isEmpty)
        #expect(contents.records[1].commit == "abc123" && contents.records[1].date.hasSuffix("Z"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 2 && text.hasSuffix("\n"))
    }

    @Test func aTornLastLineIsReportedLeftOutAndBlocksAppending() throws {
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("m.jsonl").path
        try RunHistory.append(record(40), toPath: path)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"schema\":\"flightline.history/1\",\"da".utf8))
        try handle.close()
        let contents = try RunHistory.read(path)
        #expect(contents.tornLine == 2)
        #expect(contents.records.count == 1)
        #expect(throws: BenchKitError.tornHistory(path: path, line: 2)) { try RunHistory.append(record(41), toPath: path) }
    }

    @Test func aCorruptLineIsNamedByNumber() throws {
        let folder = scratchDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("m.jsonl").path
        try RunHistory.append(record(40), toPath: path)
        let good = try String(contentsOfFile: path, encoding: .utf8)
        try (good + "{\"schema\": 3}\n" + good).write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            try RunHistory.read(path)
        } throws: { error in
            guard case .corruptHistory(let file, let line, _) = error as? BenchKitError else { return false }
            return file == path && line == 2
        }
        try (good + "\n" + good).write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: BenchKitError.corruptHistory(path: path, line: 2, reason: "the line is empty")) { try RunHistory.read(path) }
    }

    @Test func historyAnalysisFindsTheRunWhereTheMedianStepped() throws {
        let medians = [40.0, 40.3, 39.8, 40.1, 40.2, 39.9, 45.0, 45.3, 44.8, 45.1, 45.2, 44.9]
        let records = medians.enumerated().map { record($1, instructions: $0 < 6 ? 1000 : 1100, day: $0, commit: "c\($0)") }
        let histories = try BenchmarkHistory.analyze(records, filter: try BenchmarkFilter("cubic"))
        let history = try #require(histories.first)
        #expect(history.median.values == medians && history.median.runs == Array(1...12))
        #expect(history.changes.map(\.metric) == ["median", "instructions"])
        let change = history.changes[0]
        #expect(change.run == 7 && change.commit == "c6" && change.isRegression)
        // The step as data: the means on each side (the medians' own) and their change.
        let before = medians[..<6].reduce(0, +) / 6, after = medians[6...].reduce(0, +) / 6
        #expect(change.name == "arclen/cubic" && abs(change.meanBefore - before) < 1e-9 && abs(change.meanAfter - after) < 1e-9, "\(change)")
        #expect(abs(change.changePercent - (after / before - 1) * 100) < 1e-9, "\(change)")
        let instructions = history.changes[1]
        #expect(instructions.run == 7 && abs(instructions.changePercent - 10) < 1e-9 && instructions.meanBefore == 1000 && instructions.meanAfter == 1100, "\(instructions)")
        #expect(try BenchmarkHistory.analyze(records, filter: try BenchmarkFilter("^nothing$")).isEmpty)
    }

    @Test(arguments: [
        ("Intel(R) Xeon(R) Platinum 8370C CPU @ 2.80GHz", 2, "xeon-platinum-8370c-2core"),
        ("AMD EPYC 7763 64-Core Processor", 4, "epyc-7763-4core"),
        ("unknown", 8, "machine-8core"),
        ("Neoverse-N1", 16, "neoverse-n1-16core"),
    ])
    func machineNamesAreFileSafeAndStable(cpu: String, cores: Int, slug: String) {
        var machine = testMachine(cpu: cpu)
        machine.cores = cores
        #expect(machine.slug == slug)
    }
}

@Suite("Instruction gate")
struct InstructionGateTests {
    func counted(_ name: String, _ median: Double, instructions: Double?) -> BenchmarkResult {
        var value = timed(name, median)
        value.instructions = instructions
        return value
    }

    @Test func moreInstructionsThanTheThresholdIsARegressionFlaggedByInstructions() throws {
        let baseline = report([counted("a/x", 100, instructions: 1000), counted("a/y", 100, instructions: 1000)])
        let current = report([counted("a/x", 100.5, instructions: 1020), counted("a/y", 100.5, instructions: 1005)])
        let comparison = try BaselineComparison(current: current, baseline: baseline)
        let x = comparison.entries[0], y = comparison.entries[1]
        #expect(x.verdict == .unchanged && x.verdict(on: .instructions) == .regression && x.isRegression)
        #expect(x.flaggedBy == [.instructions])
        let counted = try #require(x.counted.first { $0.metric == .instructions })
        #expect(counted.baseline == 1000 && counted.current == 1020 && counted.thresholdPercent == 1 && counted.verdict == .regression)
        #expect(x.description.hasSuffix("[flagged by instructions]"))
        #expect(y.verdict(on: .instructions) == .unchanged && !y.isRegression)
        #expect(comparison.hasRegressions && comparison.regressions.map(\.name) == ["a/x"])
        #expect(comparison.suspects == ["a/x"])
        // A looser instruction threshold lets it pass.
        let loose = try BaselineComparison(current: current, baseline: baseline, thresholds: [.instructions: 3])
        #expect(!loose.hasRegressions)
    }

    @Test func aBaselineWithoutCountsComparesOnTimeAlone() throws {
        let baseline = report([counted("a/x", 100, instructions: nil)])
        let current = report([counted("a/x", 100.5, instructions: 5000)])
        let comparison = try BaselineComparison(current: current, baseline: baseline)
        #expect(comparison.entries[0].change(in: .instructions) == nil && comparison.comparedCount(.instructions) == 0)
        #expect(!comparison.hasRegressions)
        // And an old document without the keys still reads.
        let json = try baseline.jsonData()
        #expect(try RunReport(jsonData: json, source: "old").results[0].instructions == nil)
    }

    @Test func anInstructionRegressionMustHoldInTheRemeasurements() throws {
        let baseline = report([counted("a/x", 100, instructions: 1000)])
        let current = report([counted("a/x", 100, instructions: 1050)])
        let comparison = try BaselineComparison(current: current, baseline: baseline)
        let held = comparison.confirmingRegressions(with: ["a/x": [counted("a/x", 100, instructions: 1049), counted("a/x", 100, instructions: 1051)]])
        #expect(held.hasRegressions && held.entries[0].verdict(on: .instructions) == .regression)
        let gone = comparison.confirmingRegressions(with: ["a/x": [counted("a/x", 100, instructions: 1049), counted("a/x", 100, instructions: 1000)]])
        #expect(!gone.hasRegressions && gone.entries[0].verdict(on: .instructions) == .notReproduced)
    }

    @Test func ciDocumentsSayWhichMetricFlagged() throws {
        let baseline = report([counted("a/x", 100, instructions: 1000)])
        let current = report([counted("a/x", 100.5, instructions: 1030)])
        let comparison = try BaselineComparison(current: current, baseline: baseline)
        let xml = comparison.junitReport(baselineName: "main").xml()
        #expect(try junitFailureMessages(xml) == ["+3.0 % instructions against baseline 'main' (allowed 1 %)"], "\(xml)")
        let table = markdownTableRows(comparison.markdown(baselineName: "main"))
        #expect(table.first == ["benchmark", "unit", "baseline", "current", "change", "allowed", "verdict", "instructions"], "\(table)")
        #expect(table.count == 2 && table.last?[0] == "`a/x`", "\(table)")
        #expect(table.last?[6] == "slower beyond the noise (instructions)" && table.last?[7] == "+3.0 %", "\(table)")
    }

    /// Allocations are one more entry of ``GatedMetric``: the same gate, its own threshold and
    /// floor. An allocation where the baseline had none is a regression once above the floor.
    @Test(arguments: [
        (0.0, 1.0, BaselineComparison.Verdict.regression, nil),   // from 0: no percentage
        (0.0, 0.004, .unchanged, nil),           // under the floor of 0.01 per unit
        (100.0, 105.0, .unchanged, 5.0),         // within 10 %
        (100.0, 120.0, .regression, 20.0),
        (100.0, 50.0, .improvement, -50.0),
    ])
    func allocationsAreGatedByTheirOwnThresholdAndFloor(before: Double, after: Double, expected: BaselineComparison.Verdict, percent: Double?) throws {
        var then = timed("a/x", 100), now = timed("a/x", 100.5)
        then.allocations = before
        now.allocations = after
        let comparison = try BaselineComparison(current: report([now]), baseline: report([then]))
        let entry = comparison.entries[0]
        #expect(entry.verdict(on: .allocations) == expected)
        let allocations = try #require(entry.counted.first { $0.metric == .allocations }, "\(entry)")
        #expect(allocations.baseline == before && allocations.current == after && allocations.verdict == expected)
        #expect(allocations.changePercent.map { abs($0 - (percent ?? .nan)) < 1e-9 } ?? (percent == nil), "\(allocations)")
        #expect(comparison.hasRegressions == (expected == .regression))
        if expected == .regression {
            #expect(entry.flaggedBy == [.allocations])
            let messages = try junitFailureMessages(comparison.junitReport(baselineName: "main").xml())
            let change = before == 0 ? "from 0 to 1" : "+20.0 %"   // no percentage from 0
            #expect(messages == ["\(change) allocations against baseline 'main' (allowed 10 %)"], "\(messages)")
        }
        #expect(comparison.comparedCount(.allocations) == 1 && comparison.comparedCount(.instructions) == 0)
        #expect(try BaselineComparison(current: report([now]), baseline: report([then]), thresholds: [.allocations: 1000]).entries[0]
            .verdict(on: .allocations) == (before == 0 ? expected : .unchanged))
    }

    @Test func bothMetricsCanFlag() throws {
        let baseline = report([counted("a/x", 100, instructions: 1000)])
        let current = report([counted("a/x", 150, instructions: 1500)])
        let entry = try BaselineComparison(current: current, baseline: baseline).entries[0]
        #expect(entry.flaggedBy == [.time, .instructions])
    }
}

@Suite("Merged runs")
struct MergedRunsTests {
    func document(cpu: String, median: Double, speedup: Double) throws -> Data {
        try report([timed("arclen/cubic", median, speedup: speedup), timed("spring/dopri54", median * 10)], cpu: cpu).jsonData()
    }

    @Test func documentsJoinByBenchmarkAndMachine() throws {
        let merged = try MergedRuns(documents: [
            ("a.json", try document(cpu: "Intel(R) Xeon(R) Gold 6338", median: 40, speedup: 20)),
            ("b.json", try document(cpu: "AMD EPYC 7763 64-Core Processor", median: 30, speedup: 25)),
        ])
        #expect(merged.machines.map(\.name) == ["xeon-gold-6338-2core", "epyc-7763-2core"])
        #expect(merged.rows.map { "\($0.name)@\($0.machine)" } == [
            "arclen/cubic@xeon-gold-6338-2core", "arclen/cubic@epyc-7763-2core",
            "spring/dopri54@xeon-gold-6338-2core", "spring/dopri54@epyc-7763-2core",
        ])
        let range = try #require(merged.speedupRanges.first)
        #expect(range.name == "arclen/cubic" && range.lowest == 20 && range.highest == 25 && range.highestOn == "epyc-7763-2core")
        let table = markdownTableRows(merged.markdown())
        #expect(table.dropFirst().map { Array($0.prefix(2)) } == merged.rows.map { ["`\($0.name)`", $0.machine] }, "\(table)")
        #expect(table.dropFirst().map { $0[0] + " " + $0[1] }.last == "`spring/dopri54` epyc-7763-2core")
        let json = try #require(try JSONSerialization.jsonObject(with: try merged.jsonData()) as? [String: Any])
        #expect(json["schema"] as? String == "flightline.merge/1")
        #expect((json["rows"] as? [Any])?.count == 4)
    }

    @Test func twoDocumentsFromOneKindOfMachineAreToldApartByFile() throws {
        let data = try document(cpu: "Same CPU", median: 40, speedup: 20)
        let merged = try MergedRuns(documents: [("x/run-1.json", data), ("x/run-2.json", data)])
        #expect(merged.machines.map(\.name) == ["same-2core [run-1.json]", "same-2core [run-2.json]"])
        let thrice = try MergedRuns(documents: [("run.json", data), ("run.json", data), ("run.json", data)])
        #expect(thrice.machines.map(\.name) == ["same-2core [run.json]", "same-2core [run.json] #2", "same-2core [run.json] #3"])
        #expect(thrice.rows.count == 6)
    }

    @Test func differentSchemasAreRefusedInOneLine() throws {
        let run = try document(cpu: "A", median: 1, speedup: 1)
        let validate = Data("{\"schema\": \"flightline.validate/1\", \"scenes\": []}".utf8)
        #expect(throws: BenchKitError.cannotMerge(.differentSchemas(file: "a.json", schema: "flightline.run/1", otherFile: "v.json", otherSchema: "flightline.validate/1"))) {
            try MergedRuns(documents: [("a.json", run), ("v.json", validate)])
        }
        #expect(throws: BenchKitError.cannotMerge(.notRuns(file: "v.json", schema: "flightline.validate/1", expected: "flightline.run/1"))) {
            try MergedRuns(documents: [("v.json", validate)])
        }
        #expect(throws: BenchKitError.cannotMerge(.notAnObject(file: "n.json"))) { try MergedRuns(documents: [("n.json", Data("[1]".utf8))]) }
        #expect(throws: BenchKitError.cannotMerge(.noDocuments)) { try MergedRuns(documents: []) }
    }
}
