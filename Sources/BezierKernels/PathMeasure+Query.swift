extension PathMeasure {
    /// Position and unit tangent at `distance` along the path.
    /// - Throws: `distanceOutOfRange` unless `distance` is in [0, length].
    /// - Complexity: O(1): a bucket lookup, a degree-7 polynomial and a cubic.
    @inlinable
    public func sample(atDistance distance: Double) throws(BezierError) -> PathSample {
        guard distance >= 0, distance <= length else { throw .distanceOutOfRange(distance, length: length) }
        guard !pieces.isEmpty else { return PathSample(position: startPoint, tangent: .zero) }
        let piece = pieces[pieceIndex(atDistance: distance)]
        return piece.sample(at: piece.parameter(atDistance: distance))
    }

    /// The position at `distance` along the path.
    /// - Throws: `distanceOutOfRange` unless `distance` is in [0, length].
    @inlinable
    public func position(atDistance distance: Double) throws(BezierError) -> Point {
        try sample(atDistance: distance).position
    }

    /// The unit tangent at `distance` along the path.
    /// - Throws: `distanceOutOfRange` unless `distance` is in [0, length].
    @inlinable
    public func tangent(atDistance distance: Double) throws(BezierError) -> Vector {
        try sample(atDistance: distance).tangent
    }

    /// Position and unit tangent at `distance` clamped to [0, length] (NaN counts as 0), starting
    /// the piece search at `hint` and leaving there the piece found: for callers that advance along
    /// the path in small steps (a swarm of paced bees), the search is then a comparison or two.
    /// - Complexity: O(1).
    @inlinable
    public func sample(clampingDistance distance: Double, hint: inout Int) -> PathSample {
        guard !pieces.isEmpty else { return PathSample(position: startPoint, tangent: .zero) }
        let s = distance >= 0 ? min(distance, length) : 0  // NaN fails `>= 0`
        var i = hint
        if i >= 0, i < pieces.count, pieces[i].startDistance <= s {
            // Walk forward at most two pieces; farther jumps go through the buckets.
            if i + 1 < pieces.count, pieces[i + 1].startDistance <= s {
                i += 1
                if i + 1 < pieces.count, pieces[i + 1].startDistance <= s { i = pieceIndex(atDistance: s) }
            }
        } else {
            i = pieceIndex(atDistance: s)
        }
        hint = i
        let piece = pieces[i]
        return piece.sample(at: piece.parameter(atDistance: s))
    }

    /// `sample(clampingDistance:hint:)` without a hint.
    @inlinable
    public func sample(clampingDistance distance: Double) -> PathSample {
        var hint = -1
        return sample(clampingDistance: distance, hint: &hint)
    }

    /// The index of the piece containing `distance` clamped to [0, length] (NaN counts as 0):
    /// the last piece starting at or before it; 0 when there are no pieces.
    /// - Complexity: O(1): a bucket lookup.
    @inlinable
    public func pieceIndex(clampingDistance distance: Double) -> Int {
        guard !pieces.isEmpty else { return 0 }
        return pieceIndex(atDistance: distance >= 0 ? min(distance, length) : 0)
    }

    /// The index of the piece containing `s` (in [0, length]): the last piece starting at or
    /// before `s`. The bucket's piece, then at most two steps forward; farther (only when buckets
    /// are uneven, or all in one for a path too short to scale) by bisection.
    @inlinable
    func pieceIndex(atDistance s: Double) -> Int {
        let scaled = s * bucketScale  // in [0, buckets.count] (plus rounding) for s in [0, length]
        var i = buckets[scaled < Double(buckets.count) ? Int(scaled) : buckets.count - 1]
        if i + 1 < pieces.count, pieces[i + 1].startDistance <= s {
            i += 1
            if i + 1 < pieces.count, pieces[i + 1].startDistance <= s { i = lastPiece(startingAtOrBefore: s, after: i) }
        }
        return i
    }

    /// The last piece after `index` starting at or before `s` (bisection), given that piece
    /// `index + 1` does.
    @inline(never) @usableFromInline
    func lastPiece(startingAtOrBefore s: Double, after index: Int) -> Int {
        var lo = index + 1, hi = pieces.count  // pieces[lo] starts ≤ s; pieces[hi] (if any) after s
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if pieces[mid].startDistance <= s { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// Which segment, element and curve parameter `distance` falls on.
    /// - Throws: `distanceOutOfRange` unless `distance` is in [0, length]; `emptyPath` if the path
    ///   has no segment.
    @inlinable
    public func location(atDistance distance: Double) throws(BezierError) -> PathLocation {
        guard distance >= 0, distance <= length else { throw .distanceOutOfRange(distance, length: length) }
        guard !pieces.isEmpty else {
            guard let first = segments.first else { throw .emptyPath }
            return PathLocation(segmentIndex: 0, elementIndex: first.elementIndex, parameter: 0)
        }
        let piece = pieces[pieceIndex(atDistance: distance)]
        return PathLocation(segmentIndex: piece.segmentIndex, elementIndex: segments[piece.segmentIndex].elementIndex,
                            parameter: piece.parameter(atDistance: distance))
    }

    /// `count` samples at evenly spaced distances `length·i/(count − 1)`, from the start to the end
    /// inclusive (one sample: the start; none for `count ≤ 0`).
    /// - Throws: ``BezierError/tooManySamples(_:limit:)`` above ``maximumSampleCount``: the array
    ///   would not fit in memory, and allocating it would trap.
    /// - Complexity: O(count).
    public func samples(count: Int) throws(BezierError) -> [PathSample] {
        guard count > 0 else { return [] }
        guard count <= Self.maximumSampleCount else { throw .tooManySamples(count, limit: Self.maximumSampleCount) }
        var result: [PathSample] = []
        result.reserveCapacity(count)
        var hint = 0
        let step = count > 1 ? length / Double(count - 1) : 0
        for i in 0..<count {
            let s = i == count - 1 && count > 1 ? length : Double(i) * step
            result.append(sample(clampingDistance: s, hint: &hint))
        }
        return result
    }

    /// The most samples ``samples(count:)`` returns at once: 2²⁴ (16,777,216 samples, 768 MiB).
    public static let maximumSampleCount = 1 << 24

    /// The number of interpolation pieces in the table (for diagnostics and benchmarks).
    public var pieceCount: Int { pieces.count }
}
