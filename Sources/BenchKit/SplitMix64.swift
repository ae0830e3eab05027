/// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014; constants from Vigna's public-domain reference implementation): a tiny seeded
/// generator, so that bootstrap intervals are reproducible run to run.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A uniform index in `0..<count` by Lemire's multiply-shift ("Fast random integer
    /// generation in an interval", ACM TOMACS 2019) without the rejection step: the bias is at
    /// most count / 2⁶⁴, far below anything a bootstrap of benchmark samples can see, and the
    /// draw no longer depends on the standard library's algorithm, so a seed gives the same
    /// interval on every toolchain.
    public mutating func nextIndex(below count: Int) -> Int {
        Int(truncatingIfNeeded: UInt64(count).multipliedFullWidth(by: next()).high)
    }
}
