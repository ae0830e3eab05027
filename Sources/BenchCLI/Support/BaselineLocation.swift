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
        try resolveFolder(option: option, optionName: "baselines", variable: environmentVariable, environment: environment,
                          packageDirectory: packageDirectory, what: "the baselines")
    }

    /// The rule every package folder `bench` keeps (baselines, history) follows: `--NAME DIR`,
    /// else `variable`, else `packageDirectory` if the package is still there.
    static func resolveFolder(option: String?, optionName: String, variable: String, environment: [String: String],
                              packageDirectory: URL, what: String) throws -> BaselineLocation {
        if let option {
            guard !option.isEmpty else { throw CLIError.usage("--\(optionName) expects a folder, got an empty path") }
            return BaselineLocation(directory: URL(fileURLWithPath: option).standardizedFileURL, source: "--\(optionName)")
        }
        if let value = environment[variable] {
            guard !value.isEmpty else { throw CLIError.usage("\(variable) is set but empty; expected a folder") }
            return BaselineLocation(directory: URL(fileURLWithPath: value).standardizedFileURL, source: variable)
        }
        let packageRoot = packageDirectory.deletingLastPathComponent().deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("Package.swift").path) else {
            throw CLIError.usage("cannot find \(what): the package this bench was built from (\(packageRoot.path)) is gone; give --\(optionName) DIR or set \(variable)")
        }
        return BaselineLocation(directory: packageDirectory, source: "the package")
    }

    /// The package's root folder (where `Package.swift` is), from `#filePath`.
    static func packageRoot(filePath: String = #filePath) -> URL {
        packageDirectory(filePath: filePath).deletingLastPathComponent().deletingLastPathComponent()
    }
}

/// Where `bench run --record` appends and `bench history` reads: `--history DIR`, else
/// `FLIGHTLINE_HISTORY`, else the package's `Benchmarks/history` (the baselines' rule).
enum HistoryLocation {
    static let environmentVariable = "FLIGHTLINE_HISTORY"

    static func resolve(option: String?, environment: [String: String]) throws -> URL {
        let package = BaselineLocation.packageRoot().appendingPathComponent("Benchmarks/history")
        return try BaselineLocation.resolveFolder(option: option, optionName: "history", variable: environmentVariable,
                                                  environment: environment, packageDirectory: package, what: "the history").directory
    }

    /// `NAME.jsonl` in `directory`; NAME follows the baseline names' rule.
    static func file(named name: String, in directory: URL) throws -> URL {
        do {
            return directory.appendingPathComponent(try BaselineStore.normalizedName(name.hasSuffix(".jsonl") ? String(name.dropLast(6)) : name) + ".jsonl")
        } catch {
            throw CLIError.usage("--history-name expects 1 to \(BaselineStore.maximumNameLength) letters, digits, '.', '_' or '-' starting with a letter or digit, got \(quoted(name))", option: "history-name", value: name)
        }
    }
}
