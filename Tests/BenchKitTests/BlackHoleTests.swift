import Testing
@testable import BenchKit

/// An integer computation nobody uses except the black hole: 64-bit xorshift steps.
@inline(never)
func scramble(_ seed: UInt64, rounds: Int) -> UInt64 {
    var x = seed
    for _ in 0..<rounds {
        x ^= x << 13
        x ^= x >> 7
        x ^= x << 17
    }
    return x
}

@Suite("Black hole", .serialized)
struct BlackHoleTests {
    /// The probe counts a hit only when the black hole reads exactly the armed bytes. So the
    /// count rises by one only if the dead computation was performed, produced the right
    /// value, and that value reached the black hole; and it does not rise for another value
    /// (otherwise the first check would prove nothing).
    @Test func deadComputationIsPerformedAndItsValueRead() {
        let rounds = identity(10_000)
        let expected = scramble(0x1234_5678, rounds: 10_000)

        let before = BlackHoleProbe.arm(expecting: expected)
        blackHole(scramble(identity(0x1234_5678), rounds: rounds))
        #expect(BlackHoleProbe.hitCount == before + 1)

        blackHole(scramble(identity(0x1234_5679), rounds: rounds))
        blackHole(expected &+ 1)
        #expect(BlackHoleProbe.hitCount == before + 1)

        _ = BlackHoleProbe.arm(expecting: UInt64(0x0bad_cafe_dead_beef))
    }

    @Test func compositeValuesAreReadWhole() {
        let point = SIMD4<Double>(1, 2, 3, identity(4))
        let before = BlackHoleProbe.arm(expecting: point)
        blackHole(SIMD4<Double>(1, 2, 3, 5))   // differs only in the last 8 bytes
        #expect(BlackHoleProbe.hitCount == before)
        blackHole(point)
        #expect(BlackHoleProbe.hitCount == before + 1)
        _ = BlackHoleProbe.arm(expecting: UInt64(0x0bad_cafe_dead_beef))
    }

    @Test func identityReturnsItsArgument() {
        #expect(identity(42) == 42)
        #expect(identity("arclen/quadratic") == "arclen/quadratic")
        #expect(identity([1.5, 2.5]) == [1.5, 2.5])
        #expect(identity(SIMD2<Double>(3, 4)) == SIMD2(3, 4))
        blackHole(())   // a zero-sized value is fine too
    }

    @Test func repeatingBodyRunsTheOperationOncePerIteration() {
        var calls = 0
        let body = Benchmark.repeating { calls += 1; return calls }
        body(17)
        #expect(calls == 17)
    }
}
