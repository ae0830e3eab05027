import Testing

@Suite struct CommandLineTests {
    @Test func versionNamesGSL() throws {
        let run = try runBench(["--version"])
        #expect(run.code == 0)
        #expect(run.stdout.contains("GSL 2."))
    }

    @Test func helpListsEveryCommand() throws {
        let run = try runBench(["help"])
        #expect(run.code == 0)
        for command in ["validate", "integrators", "run", "plot", "path", "spring", "list"] {
            #expect(run.stdout.contains("  \(command) "), "\(command)")
        }
    }

    @Test(arguments: [
        (["nope"], "unknown command 'nope'"),
        (["path", "--bogus"], "unknown option '--bogus'"),
        (["help", "nope"], "unknown command 'nope'"),
    ])
    func usageErrorsAreOneLineAndExitTwo(arguments: [String], message: String) throws {
        expectUsageError(try runBench(arguments), mentioning: message)
    }
}

@Suite struct MainJobTests {
    /// The test binary is a debug build: the main job and `bench run` time kernels, so they must
    /// refuse it with a one-line reason and exit 2 rather than print meaningless times.
    @Test(arguments: [[], ["all"], ["--quick"], ["run", "--quick"]])
    func timedCommandsRefuseADebugBuild(arguments: [String]) throws {
        expectUsageError(try runBench(arguments), mentioning: "debug build")
    }

    @Test func mainJobHelpNamesItsParts() throws {
        let run = try runBench(["help", "all"])
        #expect(run.code == 0)
        for part in ["smoothness", "integrators", "raced"] { #expect(run.stdout.contains(part)) }
    }

    @Test func unknownMainJobFlagIsAUsageError() throws {
        expectUsageError(try runBench(["--fast"]), mentioning: "unknown option '--fast'")
    }
}
