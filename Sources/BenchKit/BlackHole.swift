import Synchronization

// Why this works across modules and under whole-module optimization:
// - `blackHole` and `identity` are public, `@inline(never)` and NOT `@inlinable`; their bodies
//   reference private declarations, so even Swift's default ("conservative") cross-module
//   optimization cannot serialize them into a client module. A caller in another module sees
//   only an opaque call that may read every byte of its argument, so the argument must be
//   fully computed; `identity`'s result may be any value, so it cannot be constant-folded.
// - Inside the call, every byte of the value is really read and folded into a 64-bit
//   fingerprint that is compared with an atomic trap value; a match bumps an atomic counter.
//   The trap is never a value the optimizer can know, so the fingerprint (and therefore the
//   value) is needed even when BenchKit itself is optimized as one module. The cost is one
//   multiply per 8 bytes plus a relaxed load (about a nanosecond for a scalar), the same for a
//   kernel and its reference.
// - The probe (trap + counter) is what the tests use to show a dead computation was performed.

/// The fingerprint that counts a hit; only tests arm it (see ``BlackHoleProbe``).
private let trap = Atomic<UInt64>(0)
/// How many black-holed values matched the trap.
private let hits = Atomic<Int>(0)

/// Consumes `value` so that the optimizer must compute it, in this module or any other.
///
/// Pass every benchmark result (or a cheap digest of it) through it:
///
///     for _ in 0..<iterations { blackHole(curve.arcLength(accuracy: 1e-9)) }
///
/// - Complexity: O(`MemoryLayout<T>.size`); references are read as pointers, not followed.
@inline(never)
public func blackHole<T>(_ value: T) {
    absorb(value)
}

/// Returns `value` unchanged, hiding it from the optimizer: use it on benchmark inputs so a
/// computation on constants cannot be folded away at compile time.
///
///     let accuracy = identity(1e-9)   // not a compile-time constant anymore
///
/// - Complexity: O(`MemoryLayout<T>.size`).
@inline(never)
public func identity<T>(_ value: T) -> T {
    absorb(value)
    return value
}

@inline(__always)
private func absorb<T>(_ value: T) {
    let print = withUnsafeBytes(of: value) { fingerprint(of: $0) }
    if print == trap.load(ordering: .relaxed) {
        hits.add(1, ordering: .relaxed)
    }
}

/// A word-at-a-time multiplicative hash of the bytes (FNV-1a's offset basis and prime,
/// http://www.isthe.com/chongo/tech/comp/fnv/, applied to 8-byte words): cheap, and any
/// change of any byte changes the result with overwhelming probability.
@inline(__always)
private func fingerprint(of bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var offset = 0
    while offset + 8 <= bytes.count {
        hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x0000_0100_0000_01b3
        offset += 8
    }
    while offset < bytes.count {
        hash = (hash ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01b3
        offset += 1
    }
    return hash
}

/// Test hook: shows that a value handed to ``blackHole(_:)`` was really computed and read.
///
/// Arm it with the value a computation should produce, black-hole the computation, and the
/// hit count rises by one only if the black hole read exactly those bytes. Exact for types
/// without padding bytes (integers, floating point, SIMD vectors, tuples of them).
enum BlackHoleProbe {
    /// Arms the trap with `expected`'s fingerprint and returns the current hit count.
    static func arm<T>(expecting expected: T) -> Int {
        let print = withUnsafeBytes(of: expected) { fingerprint(of: $0) }
        trap.store(print, ordering: .relaxed)
        return hits.load(ordering: .relaxed)
    }

    /// How many black-holed values have matched the armed fingerprint so far.
    static var hitCount: Int {
        hits.load(ordering: .relaxed)
    }
}
