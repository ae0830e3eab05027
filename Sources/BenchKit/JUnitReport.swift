/// A JUnit XML report: the `testsuites` / `testsuite` / `testcase` / `failure` document that
/// CI systems (GitHub Actions test reporters, GitLab, Jenkins) read as test results.
///
/// The attributes follow the de-facto schema that Ant's JUnit task and Maven Surefire write
/// and the readers accept (`testsuites` with `name`, `tests`, `failures`, `errors`;
/// `testsuite` with `name`, `tests`, `failures`, `errors`, `skipped`; `testcase` with `name`,
/// `classname`, optional `time` in seconds; `failure` with `message`, `type` and the details as
/// text). Counts are computed from the cases, so they cannot disagree with them.
///
///     let report = JUnitReport(name: "bench", suites: [
///         .init(name: "bee1", cases: [
///             .init(name: "linear @60 Hz", className: "validate.bee1"),
///             .init(name: "linear @120 Hz", className: "validate.bee1",
///                   failure: .init(message: "teleport", type: "janky")),
///         ]),
///     ])
///     report.xml()   // <testsuites name="bench" tests="2" failures="1" errors="0"> …
public struct JUnitReport: Equatable, Sendable {
    public struct Failure: Equatable, Sendable {
        /// One line, the `message` attribute.
        public var message: String
        /// The `type` attribute: what kind of failure (`janky`, `regression`).
        public var type: String
        /// The element's text: every detail, one per line.
        public var details: String

        public init(message: String, type: String, details: String = "") {
            self.message = message
            self.type = type
            self.details = details
        }
    }

    public struct TestCase: Equatable, Sendable {
        public var name: String
        /// The `classname` attribute, which reporters group cases by.
        public var className: String
        /// Seconds, when the case took a meaningful time (omitted otherwise).
        public var time: Double?
        public var failure: Failure?
        /// `system-out`: what a reader should see beside the verdict (omitted when empty).
        public var output: String

        public init(name: String, className: String, time: Double? = nil, failure: Failure? = nil, output: String = "") {
            self.name = name
            self.className = className
            self.time = time
            self.failure = failure
            self.output = output
        }
    }

    public struct TestSuite: Equatable, Sendable {
        public var name: String
        public var cases: [TestCase]

        public init(name: String, cases: [TestCase]) {
            self.name = name
            self.cases = cases
        }

        public var failures: Int { cases.count { $0.failure != nil } }
    }

    public var name: String
    public var suites: [TestSuite]

    public init(name: String, suites: [TestSuite]) {
        self.name = name
        self.suites = suites
    }

    public var tests: Int { suites.reduce(0) { $0 + $1.cases.count } }
    public var failures: Int { suites.reduce(0) { $0 + $1.failures } }

    /// The document, UTF-8 with its XML declaration, two-space indentation and a final newline;
    /// every name, message and detail escaped by ``Markup/xmlEscaped(_:)``; a `time` that is not
    /// finite and non-negative is left out.
    ///
    /// - Complexity: O(total length of the names, messages and details).
    public func xml() -> String {
        func attribute(_ name: String, _ value: String) -> String { " \(name)=\"\(Markup.xmlEscaped(value))\"" }
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        lines.append("<testsuites" + attribute("name", name) + attribute("tests", "\(tests)")
                     + attribute("failures", "\(failures)") + attribute("errors", "0") + ">")
        for suite in suites {
            lines.append("  <testsuite" + attribute("name", suite.name) + attribute("tests", "\(suite.cases.count)")
                         + attribute("failures", "\(suite.failures)") + attribute("errors", "0") + attribute("skipped", "0") + ">")
            for testCase in suite.cases {
                var open = "    <testcase" + attribute("name", testCase.name) + attribute("classname", testCase.className)
                if let time = testCase.time, time.isFinite, time >= 0 { open += attribute("time", String(format: "%.6f", time)) }
                guard testCase.failure != nil || !testCase.output.isEmpty else {
                    lines.append(open + "/>")
                    continue
                }
                lines.append(open + ">")
                if let failure = testCase.failure {
                    lines.append("      <failure" + attribute("message", failure.message) + attribute("type", failure.type) + ">"
                                 + Markup.xmlEscaped(failure.details) + "</failure>")
                }
                if !testCase.output.isEmpty {
                    lines.append("      <system-out>" + Markup.xmlEscaped(testCase.output) + "</system-out>")
                }
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }
}
