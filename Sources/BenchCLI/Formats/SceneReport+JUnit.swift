import BenchKit
import Motion

/// `bench validate --format junit`.
extension SceneReport {
    /// One test suite per scene (in the order they ran), one test case per mode × rate named by
    /// its label (`bee1+ linear @60 Hz`, classname `validate.SCENE`); a janky check is a
    /// failure of type `janky` whose message joins its reasons with `; ` and whose text lists
    /// them one per line. Notes go to the case's output.
    static func junit(_ results: [SceneValidation]) -> JUnitReport {
        JUnitReport(name: "bench validate", suites: results.map { result in
            JUnitReport.TestSuite(name: result.scene.name, cases: result.reports.map { report in
                JUnitReport.TestCase(
                    name: report.label, className: "validate.\(result.scene.name)",
                    failure: report.verdict == .janky
                        ? JUnitReport.Failure(message: report.reasons.joined(separator: "; "), type: "janky",
                                              details: report.reasons.joined(separator: "\n"))
                        : nil,
                    output: report.notes.map(\.text).joined(separator: "\n"))
            })
        })
    }
}
