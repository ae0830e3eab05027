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
        let run = try runBench(arguments)
        #expect(run.code == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}
