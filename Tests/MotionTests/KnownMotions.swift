import Foundation
import Motion

/// Motions with known answers, sampled at any rate.
enum KnownMotion: String, CaseIterable, CustomStringConvertible, Sendable {
    /// (300 t, 100): 300 pt/s to the right.
    case constantLine
    /// Right at 300 pt/s until t = 0.5 s, then down at 300 pt/s.
    case corner
    /// Right at 100 pt/s until t = 0.5 s, then 300 pt/s.
    case tripleSpeed
    /// Radius 100 around (200, 200), one turn in 2 s.
    case circle
    /// A circle of radius 40 turning 2 times a second: 12° per frame at 60 Hz, yet smooth.
    case tightCircle
    /// (300 t, 100) that jumps 200 pt to the right at t = 0.5 s.
    case teleport

    var description: String { rawValue }

    func position(at t: Double) -> SIMD2<Double> {
        switch self {
        case .constantLine:
            return SIMD2(300 * t, 100)
        case .corner:
            return t <= 0.5 ? SIMD2(300 * t, 100) : SIMD2(150, 100 + 300 * (t - 0.5))
        case .tripleSpeed:
            return t <= 0.5 ? SIMD2(100 * t, 100) : SIMD2(50 + 300 * (t - 0.5), 100)
        case .circle:
            let angle = Double.pi * t
            return SIMD2(200 + 100 * cos(angle), 200 + 100 * sin(angle))
        case .tightCircle:
            let angle = 4 * Double.pi * t
            return SIMD2(200 + 40 * cos(angle), 200 + 40 * sin(angle))
        case .teleport:
            return SIMD2(300 * t + (t >= 0.5 ? 200 : 0), 100)
        }
    }

    /// Frames over [0, 1 s] at `hz`.
    func samples(hz: Double, offset: Double = 0) throws -> FrameSamples {
        try FrameSamples(hz: hz, count: Int((hz * 1).rounded()) + 1) { self.position(at: $0 + offset) }
    }

    /// Metrics at `hz` with the doubled-rate test.
    func metrics(hz: Double, offset: Double = 0, thresholds: Thresholds = Thresholds()) throws -> FrameMetrics {
        try FrameMetrics(
            samples: samples(hz: hz, offset: offset), doubled: samples(hz: 2 * hz, offset: offset),
            thresholds: thresholds)
    }
}
