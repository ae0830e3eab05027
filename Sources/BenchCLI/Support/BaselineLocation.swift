import BenchKit
import Foundation

/// Where `bench run` keeps its baselines, decided once: `--baselines DIR`, else the
/// `FLIGHTLINE_BASELINES` environment variable (both relative to the user's directory), else
/// the package's own `Benchmarks/baselines` — found from this source file's location at
/// compile time, so that `bench` run from any directory reads and writes the same baselines.
struct BaselineLocation: Equatable {
    /// The folder of `NAME.json` files.
    let directory: URL
    /// How it was chosen, for messages: `--baselines`, `FLIGHTLINE_BASELINES`, `the package`.
    let source: String

    static let environmentVariable = "FLIGHTLINE_BASELINES"

    /// The package's `Benchmarks/baselines`, from `#filePath`
    /// (`…/Sources/BenchCLI/Support/BaselineLocation.swift`, four levels below the root).
    static func packageDirectory(filePath: String = #filePath) -> URL {
        var root = URL(fileURLWithPath: filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        return root.appendingPathComponent("Benchmarks/baselines")
    }

    /// - Throws: a usage error for an empty `--baselines` or `FLIGHTLINE_BASELINES`, or when no
    ///   option or variable is given and the package's source tree is not where it was built
    ///   (a `bench` copied to another machine).
    static func resolve(option: String?, environment: [String: String], packageDirectory: URL = packageDirectory()) throws -> BaselineLocation {
        if let option {
            guard !option.isEmpty else { throw CLIError.usage("--baselines expects a folder, got an empty path") }
            return BaselineLocation(directory: URL(fileURLWithPath: option).standardizedFileURL, source: "--baselines")
        }
        if let variable = environment[environmentVariable] {
            guard !variable.isEmpty else { throw CLIError.usage("\(environmentVariable) is set but empty; expected a folder") }
            return BaselineLocation(directory: URL(fileURLWithPath: variable).standardizedFileURL, source: environmentVariable)
        }
        let packageRoot = packageDirectory.deletingLastPathComponent().deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("Package.swift").path) else {
            throw CLIError.usage("cannot find the baselines: the package this bench was built from (\(packageRoot.path)) is gone; give --baselines DIR or set \(environmentVariable)")
        }
        return BaselineLocation(directory: packageDirectory, source: "the package")
    }
}
