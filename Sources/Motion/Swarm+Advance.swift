import BezierKernels
import Dispatch

extension Swarm {
    /// Advances every bee by one frame (1/`rate` seconds) and rewrites `positions` and
    /// `tangents`.
    /// - Complexity: O(count): per bee, a degree-7 and a cubic polynomial, one square root and
    ///   two divisions, four bees at a time.
    public mutating func advance(execution: Execution = .concurrent) {
        advance(toFrame: frame &+ 1, execution: execution)
    }

    /// Shows frame `frame` (any integer: the motion repeats, so any frame is defined) and
    /// rewrites `positions` and `tangents`. The result does not depend on the frames shown
    /// before nor on `execution`.
    /// - Complexity: O(count).
    public mutating func advance(toFrame frame: Int, execution: Execution = .concurrent) {
        self.frame = frame
        let travelled = flights.map { $0.travelled(atFrame: frame, rate: rate) }
        let chunks = self.chunks
        let flights = self.flights
        let pieceOffsets = self.pieceOffsets
        startDistances.withUnsafeBufferPointer { startDistances in
            pieces.withUnsafeBufferPointer { pieces in
                pieceStarts.withUnsafeBufferPointer { pieceStarts in
                    positions.withUnsafeMutableBufferPointer { positions in
                        tangents.withUnsafeMutableBufferPointer { tangents in
                            let job = FrameJob(
                                startDistances: startDistances.baseAddress!, pieces: pieces.baseAddress!,
                                pieceStarts: pieceStarts.baseAddress!, positions: positions.baseAddress!,
                                tangents: tangents.baseAddress!)
                            let work: @Sendable (Int) -> Void = { index in
                                let chunk = chunks[index]
                                let flight = chunk.flight
                                job.run(slots: chunk.slots, measure: flights[flight].measure,
                                        pieceOffset: pieceOffsets[flight], travelled: travelled[flight])
                            }
                            switch execution {
                            case .serial:
                                for index in chunks.indices { work(index) }
                            case .concurrent:
                                DispatchQueue.concurrentPerform(iterations: chunks.count, execute: work)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The distance along its path of the bee in `slot` at the current frame (what the kernel
    /// evaluated there).
    public func distance(ofSlot slot: Int) -> Double {
        let flight = flights[flight(ofSlot: slot)]
        return flight.distance(startDistance: startDistances[slot],
                               travelled: flight.travelled(atFrame: frame, rate: rate))
    }

    /// The index in `flights` of the flight the bee in `slot` flies.
    public func flight(ofSlot slot: Int) -> Int {
        groups.firstIndex { $0.contains(slot) } ?? 0
    }
}

/// The raw buffers of one frame, shared by the threads that sweep its chunks.
///
/// `@unchecked Sendable` is justified because: every chunk writes only its own slot range of
/// `positions` and `tangents` (chunks are disjoint), everything else is only read, and the
/// buffers outlive the job (`concurrentPerform` returns after the last chunk, inside the
/// `withUnsafe…BufferPointer` scopes that own the pointers).
struct FrameJob: @unchecked Sendable {
    let startDistances: UnsafePointer<Double>
    let pieces: UnsafePointer<PathMeasure.Piece>
    let pieceStarts: UnsafePointer<Double>
    let positions: UnsafeMutablePointer<SIMD2<Double>>
    let tangents: UnsafeMutablePointer<SIMD2<Double>>

    /// Evaluates `slots` of one flight: a sweep along ascending distances (one drop where the
    /// cycle wraps), four bees at a time while they share the current piece, one at a time where
    /// they cross into another.
    @inline(__always)
    func run(slots: Range<Int>, measure: PathMeasure, pieceOffset: Int, travelled: Double) {
        let pieces = self.pieces + pieceOffset
        let starts = self.pieceStarts + pieceOffset
        let lastPiece = measure.pieces.count - 1
        let length = measure.length
        var slot = slots.lowerBound
        let end = slots.upperBound
        guard slot < end else { return }
        var p = measure.pieceIndex(clampingDistance: distance(slot, travelled, length))
        while slot < end {
            let piece = pieces[p]
            let lower = starts[p], upper = starts[p + 1]
            let travelled4 = SIMD4<Double>(repeating: travelled), length4 = SIMD4<Double>(repeating: length)
            while slot + 4 <= end {
                let start = UnsafeRawPointer(startDistances + slot).loadUnaligned(as: SIMD4<Double>.self)
                var s = start + travelled4
                s.replace(with: s - length4, where: s .>= length4)
                guard all(s .>= SIMD4(repeating: lower) .& s .< SIMD4(repeating: upper)) else { break }
                evaluate(s, piece: piece, into: slot)
                slot += 4
            }
            guard slot < end else { break }
            // One bee on its own: it crossed into another piece (or the cycle wrapped), or it
            // is in the tail of the chunk.
            let s = distance(slot, travelled, length)
            p = locate(s, from: p, starts: starts, lastPiece: lastPiece, measure: measure)
            let own = pieces[p]
            let sample = own.sample(at: own.parameter(atDistance: s))
            positions[slot] = sample.position.simd
            tangents[slot] = sample.tangent.simd
            slot += 1
        }
    }

    /// Exactly `Flight.distance(startDistance:travelled:)`.
    @inline(__always)
    func distance(_ slot: Int, _ travelled: Double, _ length: Double) -> Double {
        let s = startDistances[slot] + travelled
        return s >= length ? s - length : s
    }

    /// The last piece starting at or before `s` (piece 0 if none does), from `p`: a step or
    /// none when bees are close, the bucket table otherwise.
    @inline(__always)
    func locate(_ s: Double, from p: Int, starts: UnsafePointer<Double>, lastPiece: Int, measure: PathMeasure) -> Int {
        var p = p
        if s < starts[p] || (p < lastPiece && s >= starts[p + 2]) {
            p = measure.pieceIndex(clampingDistance: s)
            // The buckets are built in floating point: settle on the exact answer either way.
            while p > 0, starts[p] > s { p -= 1 }
        }
        while starts[p + 1] <= s { p += 1 }  // stops at the +∞ after the last piece
        return p
    }

    /// `PathMeasure.Piece.parameter(atDistance:)` then `sample(at:)` on four distances, lane by
    /// lane with the same operations in the same order (no fused multiply-adds), so each lane is
    /// bit-for-bit the scalar result.
    @inline(__always)
    func evaluate(_ s: SIMD4<Double>, piece: PathMeasure.Piece, into slot: Int) {
        typealias V = SIMD4<Double>
        let x = (s - V(repeating: piece.midDistance)) * V(repeating: piece.inverseHalfSpan)
        var t = V(repeating: piece.a7)
        t = t * x + V(repeating: piece.a6)
        t = t * x + V(repeating: piece.a5)
        t = t * x + V(repeating: piece.a4)
        t = t * x + V(repeating: piece.a3)
        t = t * x + V(repeating: piece.a2)
        t = t * x + V(repeating: piece.a1)
        t = t * x + V(repeating: piece.a0)
        let t0 = V(repeating: piece.t0), t1 = V(repeating: piece.t1)
        t = pointwiseMin(pointwiseMax(t, t0), t1)
        t.replace(with: t1, where: x .>= 1)
        t.replace(with: t0, where: x .<= -1)

        let mt = 1 - t
        let mt2 = mt * mt, t2 = t * t
        let b0 = mt2 * mt, b1 = 3 * mt2 * t, b2 = 3 * mt * t2, b3 = t2 * t
        let px = b0 * piece.p0.x + b1 * piece.p1.x + b2 * piece.p2.x + b3 * piece.p3.x
        let py = b0 * piece.p0.y + b1 * piece.p1.y + b2 * piece.p2.y + b3 * piece.p3.y
        let vx = piece.c1.x + t * (2 * piece.c2.x + (3 * t) * piece.c3.x)
        let vy = piece.c1.y + t * (2 * piece.c2.y + (3 * t) * piece.c3.y)
        let speedSquared = vx * vx + vy * vy
        let speed = speedSquared.squareRoot()
        let tx = vx / speed, ty = vy / speed
        for lane in 0..<4 {
            positions[slot + lane] = SIMD2(px[lane], py[lane])
            tangents[slot + lane] = SIMD2(tx[lane], ty[lane])
        }
        if any(speedSquared .<= V(repeating: piece.stationarySpeedSquared)) {
            // A cusp or a control point on an end point: the scalar limiting direction.
            for lane in 0..<4 where speedSquared[lane] <= piece.stationarySpeedSquared {
                tangents[slot + lane] = piece.sample(at: t[lane]).tangent.simd
            }
        }
    }
}
