/// One timed kernel: a stable name, a unit, the closure that runs it, and optionally the
/// reference it is checked and raced against.
///
///     let arcLength = Benchmark(
///         "arclen/quadratic",
///         unit: .nanoseconds(per: "query"),
///         workUnitsPerIteration: curves.count,
///         reference: Reference("arclen/quadratic/gsl-qags") { iterations in
///             for _ in 0..<iterations { for c in curves { blackHole(try? gslLength(c)) } }
///         },
///         check: Check(tolerance: 1e-9) {
///             try curves.map { abs($0.arcLength(accuracy: 1e-12) - gslLength($0)) }.max() ?? 0
///         }
///     ) { iterations in
///         for _ in 0..<iterations { for c in curves { blackHole(c.arcLength(accuracy: 1e-9)) } }
///     }
///
/// The closures are not `Sendable`: the runner calls them on the caller's thread, one at a
/// time.
public struct Benchmark {
    /// `area/kernel`, stable across versions: tools key on it.
    public var name: String
    public var unit: BenchmarkUnit
    /// Work units (queries, steps, frames, points…) one iteration performs; times are reported
    /// per work unit.
    public var workUnitsPerIteration: Int
    /// What the kernel is raced against; requires a ``check``.
    public var reference: Reference?
    /// Run once before any timing; a failed check means the benchmark is not timed at all.
    public var check: Check?
    /// Runs the kernel `iterations` times, black-holing every result.
    public var body: (_ iterations: Int) -> Void
    /// The kernel claims it allocates nothing per iteration (a frame, a step): where allocations
    /// can be counted, the runner asserts it, and a benchmark that allocates fails like a
    /// reference mismatch (``ReferenceFailure`` with ``ReferenceFailure/claim``
    /// `allocation-free`). Allocations made once per call of ``body`` (set-up) do not count:
    /// the runner takes the difference between passes of n and 2n iterations.
    public var allocationFree: Bool
    /// The revision of the work one iteration does: bump it when the benchmark's inputs, work
    /// units, unit or reference change, so that a baseline measured before the change is not
    /// compared with it (``BaselineComparison/revisionChanged``). Starts at 1.
    public var revision: Int

    public init(
        _ name: String,
        unit: BenchmarkUnit = .nanoseconds(per: "iteration"),
        workUnitsPerIteration: Int = 1,
        reference: Reference? = nil,
        check: Check? = nil,
        allocationFree: Bool = false,
        revision: Int = 1,
        body: @escaping (_ iterations: Int) -> Void
    ) {
        self.name = name
        self.unit = unit
        self.workUnitsPerIteration = workUnitsPerIteration
        self.reference = reference
        self.check = check
        self.allocationFree = allocationFree
        self.revision = revision
        self.body = body
    }

    /// A body that evaluates `operation` once per iteration and black-holes each result:
    /// `Benchmark("eval/cubic", body: Benchmark.repeating { curve.point(at: identity(0.3)) })`.
    ///
    /// The closure call is not inlined (about a nanosecond per iteration); write the loop
    /// yourself when the kernel is that fast.
    public static func repeating<Result>(_ operation: @escaping () -> Result) -> (_ iterations: Int) -> Void {
        { iterations in
            for _ in 0..<iterations { blackHole(operation()) }
        }
    }
}

/// The implementation a kernel is raced against (GSL, usually), timed interleaved with it.
public struct Reference {
    /// `area/kernel/implementation`, e.g. `arclen/quadratic/gsl-qags`.
    public var name: String
    /// Runs the reference `iterations` times, performing the same work units per iteration
    /// as the kernel.
    public var body: (_ iterations: Int) -> Void

    public init(_ name: String, body: @escaping (_ iterations: Int) -> Void) {
        self.name = name
        self.body = body
    }
}

/// Compares a kernel's results with the truth (its reference's results, or known values)
/// before the kernel is timed.
public struct Check {
    /// The largest acceptable error; the check fails above it.
    public var tolerance: Double
    /// Computes the kernel's results and the reference's, and returns the largest error.
    /// Throwing, returning NaN or exceeding ``tolerance`` fails the check.
    public var maxError: () throws -> Double

    public init(tolerance: Double, maxError: @escaping () throws -> Double) {
        self.tolerance = tolerance
        self.maxError = maxError
    }
}

/// A benchmark that was not timed because its check failed: a wrong kernel never posts a time.
public struct ReferenceFailure: Codable, Equatable, Sendable, CustomStringConvertible {
    public var name: String
    public var reference: String?
    /// The error the check measured, when it produced a number.
    public var maxError: Double?
    public var tolerance: Double
    /// One line: why the check failed.
    public var reason: String
    /// What the benchmark claimed that did not hold, when the failure is not a check against a
    /// reference: `allocation-free` (``Benchmark/allocationFree``).
    public var claim: String?

    public init(name: String, reference: String?, maxError: Double?, tolerance: Double, reason: String, claim: String? = nil) {
        self.name = name
        self.reference = reference
        self.maxError = maxError
        self.tolerance = tolerance
        self.reason = reason.oneLine
        self.claim = claim
    }

    public var description: String {
        if let claim { return "\(name): claims to be \(claim) but \(reason)" }
        return "\(name): check against \(reference ?? "known values") failed: \(reason)"
    }

    /// Encoded by hand so that a NaN error (a failure mode) is written as an absent field
    /// rather than making the whole report unencodable.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(reference, forKey: .reference)
        if let maxError, maxError.isFinite { try container.encode(maxError, forKey: .maxError) }
        try container.encode(tolerance, forKey: .tolerance)
        try container.encode(reason, forKey: .reason)
        try container.encodeIfPresent(claim, forKey: .claim)
    }
}

extension Benchmark {
    /// Runs the check, if any: `nil` when it passes (or there is none), the failure otherwise,
    /// and the measured error either way.
    func performCheck() -> (maxError: Double?, failure: ReferenceFailure?) {
        guard let check else { return (nil, nil) }
        let measured: Double
        do {
            measured = try check.maxError()
        } catch {
            return (nil, failure(check, nil, "the check threw: \(error)"))
        }
        guard !measured.isNaN else {
            return (nil, failure(check, nil, "the check's error is NaN"))
        }
        guard measured <= check.tolerance else {
            return (measured, failure(check, measured, "max error \(measured) exceeds tolerance \(check.tolerance)"))
        }
        return (measured, nil)
    }

    private func failure(_ check: Check, _ maxError: Double?, _ reason: String) -> ReferenceFailure {
        ReferenceFailure(name: name, reference: reference?.name, maxError: maxError, tolerance: check.tolerance, reason: reason)
    }

    /// Throws when the definition itself is wrong (a programming error in a suite), before
    /// anything runs.
    func validate() throws {
        try Benchmark.validateName(name, minimumSegments: 2)
        guard workUnitsPerIteration > 0 else {
            throw BenchKitError.invalidValue(what: "workUnitsPerIteration of '\(name)'", value: "\(workUnitsPerIteration)", expected: "a positive integer")
        }
        guard !unit.workUnit.isEmpty, !unit.workUnit.contains(where: \.isWhitespace) else {
            throw BenchKitError.invalidValue(what: "the work unit of '\(name)'", value: "'\(unit.workUnit)'", expected: "a non-empty word")
        }
        if let reference {
            try Benchmark.validateName(reference.name, minimumSegments: 2)
            guard check != nil else {
                throw BenchKitError.invalidValue(what: "the check of '\(name)'", value: "none", expected: "present when a reference ('\(reference.name)') is given")
            }
        }
        if let check {
            guard check.tolerance >= 0, check.tolerance.isFinite else {
                throw BenchKitError.invalidValue(what: "the check tolerance of '\(name)'", value: "\(check.tolerance)", expected: "a non-negative finite number")
            }
        }
    }

    /// `area/kernel[/more]`: segments of `a-z 0-9 . _ -`, none empty.
    static func validateName(_ name: String, minimumSegments: Int) throws {
        let segments = name.split(separator: "/", omittingEmptySubsequences: false)
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789._-")
        guard segments.count >= minimumSegments,
              segments.allSatisfy({ !$0.isEmpty && $0.allSatisfy(allowed.contains) }) else {
            throw BenchKitError.invalidName(name)
        }
    }
}
