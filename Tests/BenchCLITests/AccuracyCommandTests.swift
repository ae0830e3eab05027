import Testing

/// `bench accuracy` end to end: the map prints, every requested accuracy is met, bad input is
/// one line and exit 2 (the test build is a debug build: counts and errors, no times).
@Suite struct AccuracyCommandTests {
    @Test func mapMeetsEveryRequestedAccuracy() throws {
        let run = try runBench(["accuracy", "--ladder", "1e-3,1e-6,1e-9,1e-12"])
        #expect(run.code == 0, "\(run.stderr)")
        for kernel in ["cubic-arclength", "cubic-inverse", "pathmeasure-position", "spring-closed-form"] {
            #expect(run.stdout.contains(kernel))
        }
        #expect(run.stdout.contains("every requested accuracy was met"), "\(run.stdout)")
        #expect(!run.stdout.contains("NO "))
        #expect(run.stdout.contains("achieved against requested error (log-log)"))
        #expect(run.stdout.contains("debug build: times not measured"))
        #expect(!run.stdout.contains("nan"))
    }

    @Test func pathMeasureRefusesRungsBelowItsRoundingFloor() throws {
        let run = try runBench(["accuracy", "pathmeasure-position", "--ladder", "1e-9,1e-14"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.contains("refused: below the rounding floor"))
        #expect(!run.stdout.contains("cubic-arclength"))
    }

    @Test(arguments: [
        (["accuracy", "nope"], "unknown kernel 'nope'"),
        (["accuracy", "--ladder", "0"], "must be in 1e-15…1"),
        (["accuracy", "--ladder", "1e-16"], "must be in 1e-15…1"),
        (["accuracy", "--ladder", "2"], "must be in 1e-15…1"),
        (["accuracy", "--ladder", "1e-3,1e-3"], "repeats an accuracy"),
        (["accuracy", "--ladder", "abc"], "abc"),
        (["accuracy", "--ladder"], "needs a value"),
    ])
    func badInputIsOneLineAndExitTwo(arguments: [String], message: String) throws {
        let run = try runBench(arguments)
        #expect(run.code == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}
