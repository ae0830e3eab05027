import BenchCLI
import Foundation

// Thin: everything lives in BenchCLI.
exit(Bench.main(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
