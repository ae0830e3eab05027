import Foundation
import Testing

/// `bench integrators --system NAME` (issue 24.4) from the command line.
@Suite struct NonlinearSystemsCLITests {
    @Test func unknownSystemNamesTheKnownOnes() throws {
        let arguments = ["integrators", "--system", "trebuchet"]
        let error = benchError(arguments)
        #expect(error?.option == "system" && error?.value == "trebuchet")
        #expect(error?.expected == ["drag-spring", "pendulum", "duffing", "chain"])
        expectRefusal(try runBench(arguments), error)
    }

    @Test(arguments: [["--substeps", "2"], ["--stiffness", "200"], ["--engines"], ["--duration", "1"], ["--seed", "3"]])
    func optionsThatDoNotApplyAreRefused(options: [String]) throws {
        let arguments = ["integrators", "--system", "pendulum"] + options
        let error = benchError(arguments)
        #expect(error?.option.map { "--\($0)" } == options[0] && error?.value == options.dropFirst().first, "\(options)")
        expectRefusal(try runBench(arguments), error)
    }

    @Test func badRateIsRefused() throws {
        let arguments = ["integrators", "--system", "duffing", "--hz", "20000"]
        let error = benchError(arguments)
        #expect(error?.option == "hz" && error?.value == "20000")
        expectRefusal(try runBench(arguments), error)
    }

    /// JSON to stdout: the schema first, every method at each rate, the adaptive sweep and the
    /// matched comparison; no NaN (null where a run diverged).
    @Test func duffingJSONParses() throws {
        let run = try runBench(["integrators", "--system", "duffing", "--hz", "60,120", "--json", "-"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("{\n  \"schema\": \"flightline.systems/1\""))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["system"] as? String == "duffing")
        #expect(object["unit"] as? String == "pt")
        let fixed = try #require(object["fixed"] as? [[String: Any]])
        #expect(fixed.count == 12)
        #expect(Set(fixed.compactMap { $0["method"] as? String }) == ["explicit-euler", "semi-implicit-euler", "velocity-verlet", "rk4", "implicit-euler", "trapezoidal"])
        let adaptive = try #require(object["adaptive"] as? [[String: Any]])
        #expect(Set(adaptive.compactMap { $0["method"] as? String }) == ["dopri54", "gsl-rkck"])
        let matched = try #require(object["matched"] as? [String: Any])
        #expect((matched["ratio"] as? Double ?? 0) > 0)
        #expect((object["referenceSpread"] as? Double ?? 1) <= 1e-9)
    }

    /// The text report names the reference, the methods, the matched comparison and the plot.
    @Test func chainText() throws {
        let run = try runBench(["integrators", "--system", "chain"])
        #expect(run.code == 0, "\(run.stderr)")
        for text in ["system chain", "gsl-msbdf 1e-12", "implicit-euler", "diverged at", "dopri54 against gsl-rkck at matched error", "work-precision on chain"] {
            #expect(run.stdout.contains(text), "\(text)")
        }
    }
}
