import BenchKit

/// Quick wall-clock costs for `bench integrators`'s `nsPerStep`/`nsPerFrame` columns: not
/// BenchKit's full statistics (that is `bench run`), but the minimum over repeated calls of a
/// whole run, which is the usual estimate of a cost on a shared machine (noise only adds
/// time). Every row is timed the same way, as the whole run that produced its frames, so the
/// columns compare like with like. Meaningful in a release build only; the command does not
/// call it in a debug build.
public enum IntegratorTiming {
    /// Nanoseconds per call of `body` (a whole run): the minimum over repetitions, repeating
    /// until 5 calls and 2 ms have passed (at most 1000 calls).
    public static func nanosecondsPerCall(_ body: () throws -> Void) throws -> Double {
        let clock = MonotonicClock()
        var best = UInt64.max, total: UInt64 = 0, calls = 0
        while calls < 5 || (total < 2_000_000 && calls < 1000) {
            let begin = clock.now()
            try body()
            let elapsed = clock.now() - begin
            best = min(best, elapsed)
            total += elapsed
            calls += 1
        }
        return Double(best)
    }
}
