@testable import BenchmarkSuites
import Testing

/// `AccuracyMap` refuses a bad kernel or ladder with its parts as data (issue 23): what is
/// wrong, the value as given and what is accepted; the message is the one it always was.
@Suite struct AccuracyMapErrorTests {
    @Test func anUnknownKernelListsTheKernels() {
        #expect(throws: AccuracyMapError(
            "unknown kernel 'nope'; expected one of \(AccuracyMap.kernels.joined(separator: ", "))", subject: .kernel, value: "nope",
            expected: AccuracyMap.kernels)) {
            try AccuracyMap.compute(kernels: ["nope"], ladder: [1e-3], timed: false)
        }
    }

    @Test(arguments: [
        ([], AccuracyMapError.Subject.ladderLength, "0", ["1…20"]),
        (Array(repeating: 1e-3, count: 21), .ladderLength, "21", ["1…20"]),
        ([1e-3, 2], .accuracy, "2.0", ["1e-15…1"]),
        ([1e-6, 1e-3, 1e-3], .repeatedAccuracy, "0.001", []),
    ] as [([Double], AccuracyMapError.Subject, String, [String])])
    func aBadLadderSaysWhatAndWhich(_ ladder: [Double], _ subject: AccuracyMapError.Subject, _ value: String, _ expected: [String]) {
        do {
            try AccuracyMap.validate(ladder: ladder)
            Issue.record("\(ladder) was accepted")
        } catch let error as AccuracyMapError {
            #expect(error.subject == subject && error.value == value && error.expected == expected, "\(error)")
            #expect(error.description.hasPrefix("--ladder "))
        } catch {
            Issue.record("\(error)")
        }
    }
}
