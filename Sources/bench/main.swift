import BenchCLI
import Foundation

// A reader that goes away (`bench … | head`) must not kill bench with SIGPIPE mid-report:
// writes then fail with EPIPE, which the console treats as "nothing left to print".
signal(SIGPIPE, SIG_IGN)

// Thin: everything lives in BenchCLI.
exit(Bench.main(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
