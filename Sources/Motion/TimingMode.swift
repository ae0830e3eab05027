/// How time maps to the place along a path (DESIGN §2). Both are first-class.
public enum TimingMode: String, Sendable, Hashable, CaseIterable {
    /// Core Animation's keyframe animation along a path without key times: every drawing element
    /// gets an equal share of the duration and its curve parameter advances uniformly inside it.
    /// Speed therefore follows each element's parametric speed and jumps at joins.
    case linear
    /// Constant speed along the arc length of the whole path (`calculationMode = .paced`).
    case paced
}
