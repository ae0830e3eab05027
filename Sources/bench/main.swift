import BenchCLI
