/// Whether BenchKit was compiled with optimization (`-O` or `-Ounchecked`).
///
/// SwiftPM builds every target of a package with the same configuration, so this answers for
/// the whole `bench` binary; a command line should refuse to report times when it is `false`
/// (see ``BenchKitError/unoptimizedBuild``). `#if DEBUG` in a client would also work, but this
/// checks the optimizer setting itself rather than a flag a build script might forget.
public var isOptimizedBuild: Bool {
    BuildDescription.optimizationLevel != "-Onone"
}

/// What is known at compile time about how the measuring code was built.
public struct BuildDescription: Codable, Equatable, Sendable {
    /// `release` or `debug`.
    public var configuration: String
    /// `-Onone`, `-O` or `-Ounchecked`, as the assert configuration reveals it.
    public var optimization: String
    /// The compiler version, from `#if compiler(>=…)` checks (e.g. `6.3`).
    public var compiler: String
    /// The Swift language mode BenchKit was compiled in (e.g. `6`).
    public var languageMode: String
    /// Target architecture (`x86_64`, `arm64`, …).
    public var architecture: String
    /// Free text the tool adds, e.g. its version or commit; omitted when `nil`.
    public var tool: String?
    /// The instruction set the code was compiled for: `x86-64-v2`, `-v3` (AVX2, FMA) or `-v4`
    /// (AVX-512) where `scripts/bench.sh` built for the machine it runs on, `baseline` for the
    /// architecture's default (x86-64: SSE2, no FMA); `nil` in documents written before it was
    /// recorded.
    public var targetCPU: String?

    public init(configuration: String, optimization: String, compiler: String,
                languageMode: String, architecture: String, tool: String? = nil, targetCPU: String? = nil) {
        self.configuration = configuration
        self.optimization = optimization
        self.compiler = compiler
        self.languageMode = languageMode
        self.architecture = architecture
        self.tool = tool
        self.targetCPU = targetCPU
    }

    /// The build this BenchKit belongs to.
    public static var current: BuildDescription {
        BuildDescription(
            configuration: isOptimizedBuild ? "release" : "debug",
            optimization: optimizationLevel,
            compiler: compilerVersion,
            languageMode: languageMode,
            architecture: architecture,
            targetCPU: targetCPU
        )
    }

    /// The instruction-set level this module was compiled for: `scripts/bench.sh` passes
    /// `-march=x86-64-vN` to the C targets and to the Swift targets' clang importer (Swift's own
    /// `-target-cpu` takes processor names, not psABI levels; the importer's target features are
    /// what Swift's code generator compiles for: `vfmadd`, ymm registers) with the matching
    /// `-D FLIGHTLINE_X86_64_VN`; any other build is `baseline`.
    public static var targetCPU: String {
        #if FLIGHTLINE_X86_64_V4
        return "x86-64-v4"
        #elseif FLIGHTLINE_X86_64_V3
        return "x86-64-v3"
        #elseif FLIGHTLINE_X86_64_V2
        return "x86-64-v2"
        #else
        return "baseline"
        #endif
    }

    /// Evaluated in this (non-inlinable) module, so it describes BenchKit's own build.
    static var optimizationLevel: String {
        #if DEBUG
        return "-Onone"
        #else
        // Through a helper: the conditions are compile-time constants here, and branching on
        // them in place draws "will never be executed" warnings in a release build.
        return optimizationName(debugAsserts: _isDebugAssertConfiguration(), fastAsserts: _isFastAssertConfiguration())
        #endif
    }

    static func optimizationName(debugAsserts: Bool, fastAsserts: Bool) -> String {
        if debugAsserts { return "-Onone" }
        if fastAsserts { return "-Ounchecked" }
        return "-O"
    }

    static var compilerVersion: String {
        #if compiler(>=7.0)
        return ">=7.0"
        #elseif compiler(>=6.4)
        return "6.4"
        #elseif compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.2)
        return "6.2"
        #elseif compiler(>=6.1)
        return "6.1"
        #elseif compiler(>=6.0)
        return "6.0"
        #else
        return "<6.0"
        #endif
    }

    static var languageMode: String {
        #if swift(>=6.0)
        return "6"
        #else
        return "5"
        #endif
    }

    static var architecture: String {
        #if arch(x86_64)
        return "x86_64"
        #elseif arch(arm64)
        return "arm64"
        #elseif arch(i386)
        return "i386"
        #elseif arch(arm)
        return "arm"
        #else
        return "unknown"
        #endif
    }
}
