import BezierKernels
import Dispatch
#if canImport(CDispatch)
import CDispatch
#endif

extension Swarm {
    /// Advances every bee by one frame (1/`rate` seconds) and rewrites `positions` and
    /// `tangents`.
    /// - Complexity: O(count): per bee, a degree-7 and a cubic polynomial, one square root and
    ///   one division, eight bees at a time; spread over all cores with `.concurrent`.
    public mutating func advance(execution: Execution = .concurrent) {
        advance(toFrame: frame &+ 1, execution: execution)
    }

    /// Shows frame `frame` (any integer: the motion repeats, so any frame is defined) and
    /// rewrites `positions` and `tangents`. The result does not depend on the frames shown
    /// before nor on `execution`.
    /// - Complexity: O(count).
    public mutating func advance(toFrame frame: Int, execution: Execution = .concurrent) {
        self.frame = frame
        // No heap block per frame: each chunk computes its flight's travelled distance itself
        // (the same formula on the same inputs, so the same value in every chunk), and the task
        // lives on the stack (see `FrameTask.runConcurrently`).
        let rate = self.rate
        let chunks = self.chunks
        let flights = self.flights
        let pieceOffsets = self.pieceOffsets
        startDistances.withUnsafeBufferPointer { startDistances in
            fastPieces.withUnsafeBufferPointer { pieces in
                pieceStarts.withUnsafeBufferPointer { pieceStarts in
                    positions.withUnsafeMutableBufferPointer { positions in
                        tangents.withUnsafeMutableBufferPointer { tangents in
                            let job = FrameJob(
                                startDistances: startDistances.baseAddress!, pieces: pieces.baseAddress!,
                                pieceStarts: pieceStarts.baseAddress!, positions: positions.baseAddress!,
                                tangents: tangents.baseAddress!)
                            let task = FrameTask(job: job, chunks: chunks, flights: flights,
                                                 pieceOffsets: pieceOffsets, frame: frame, rate: rate)
                            switch execution {
                            case .serial:
                                for index in chunks.indices { task.run(index) }
                            case .concurrent:
                                task.runConcurrently()
                            }
                        }
                    }
                }
            }
        }
    }

    /// The distance along its path of the bee in `slot` at the current frame (what the kernel
    /// evaluated there). `slot` must be in `0..<count`, as for `positions[slot]`.
    /// - Complexity: O(number of flights).
    public func distance(ofSlot slot: Int) -> Double {
        let flight = flights[flight(ofSlot: slot)]
        return flight.distance(startDistance: startDistances[slot],
                               travelled: flight.travelled(atFrame: frame, rate: rate))
    }

    /// The index in `flights` of the flight the bee in `slot` flies (`slot` in `0..<count`).
    /// - Complexity: O(number of flights).
    public func flight(ofSlot slot: Int) -> Int {
        groups.firstIndex { $0.contains(slot) } ?? 0
    }
}

/// One frame's work: chunk `index` of `chunks` at `frame`.
struct FrameTask: Sendable {
    let job: FrameJob
    let chunks: [Swarm.Chunk]
    let flights: [Swarm.Flight]
    let pieceOffsets: [Int]
    let frame: Int
    let rate: Double

    @inline(__always)
    func run(_ index: Int) {
        let chunk = chunks[index]
        let flight = flights[chunk.flight]
        job.run(slots: chunk.slots, measure: flight.measure, pieceOffset: pieceOffsets[chunk.flight],
                travelled: flight.travelled(atFrame: frame, rate: rate))
    }

    /// Every chunk, over all cores. Through `dispatch_apply_f` (a C function and a context
    /// pointer to this task on the caller's stack) where the C API is importable: the Swift
    /// overlay's `concurrentPerform` turns its closure into blocks and allocates 3 heap blocks
    /// per call (measured by `bench run`'s counted passes), `dispatch_apply_f` none.
    func runConcurrently() {
        #if canImport(CDispatch)
        withUnsafePointer(to: self) { task in
            dispatch_apply_f(chunks.count, nil, UnsafeMutableRawPointer(mutating: task)) { context, index in
                context.unsafelyUnwrapped.assumingMemoryBound(to: FrameTask.self).pointee.run(index)
            }
        }
        #else
        DispatchQueue.concurrentPerform(iterations: chunks.count) { index in run(index) }
        #endif
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
    let pieces: UnsafePointer<SwarmPiece>
    let pieceStarts: UnsafePointer<Double>
    let positions: UnsafeMutablePointer<SIMD2<Double>>
    let tangents: UnsafeMutablePointer<SIMD2<Double>>

    /// Evaluates `slots` of one flight: a sweep along ascending distances (one drop where the
    /// cycle wraps), eight bees at a time while they share the current piece, one at a time where
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
        var p = locate(distance(slot, travelled, length), from: 0, starts: starts, lastPiece: lastPiece, measure: measure)
        let width = SwarmPiece.Lanes.scalarCount
        let travelledLanes = SwarmPiece.Lanes(repeating: travelled), lengthLanes = SwarmPiece.Lanes(repeating: length)
        while slot < end {
            let piece = pieces + p
            let lower = SwarmPiece.Lanes(repeating: starts[p]), upper = SwarmPiece.Lanes(repeating: starts[p + 1])
            while slot + width <= end {
                let start = UnsafeRawPointer(startDistances + slot).loadUnaligned(as: SwarmPiece.Lanes.self)
                var s = start + travelledLanes
                s.replace(with: s - lengthLanes, where: s .>= lengthLanes)
                guard all(s .>= lower .& s .< upper) else { break }
                store(SwarmPiece.evaluate(piece, at: s), slot: slot, lanes: width, piece: p, measure: measure)
                slot += width
            }
            guard slot < end else { break }
            // One bee on its own: it crossed into another piece (or the cycle wrapped), or it
            // is in the tail of the chunk. Same evaluation, one lane kept.
            let s = distance(slot, travelled, length)
            p = locate(s, from: p, starts: starts, lastPiece: lastPiece, measure: measure)
            store(SwarmPiece.evaluate(pieces + p, at: SwarmPiece.Lanes(repeating: s)), slot: slot, lanes: 1, piece: p, measure: measure)
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

    /// Stores the first `lanes` results of an evaluation from `slot` on.
    @inline(__always)
    func store(_ r: SwarmPiece.Evaluation, slot: Int, lanes: Int, piece: Int, measure: PathMeasure) {
        for lane in 0..<min(lanes, SwarmPiece.Lanes.scalarCount) {
            positions[slot + lane] = SIMD2(r.px[lane], r.py[lane])
            tangents[slot + lane] = SIMD2(r.tx[lane], r.ty[lane])
        }
        if any(r.stationary) {
            stationaryTangents(r, slot: slot, lanes: lanes, piece: measure.pieces[piece])
        }
    }

    /// A cusp or a control point on an end point: PathMeasure's limiting direction.
    @inline(never)
    func stationaryTangents(_ r: SwarmPiece.Evaluation, slot: Int, lanes: Int, piece: PathMeasure.Piece) {
        for lane in 0..<min(lanes, SwarmPiece.Lanes.scalarCount) where r.stationary[lane] {
            tangents[slot + lane] = piece.sample(at: r.t[lane]).tangent.simd
        }
    }
}
