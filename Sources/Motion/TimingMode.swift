import BezierKernels

/// How time maps to the place along a path (docs/seed-scenes.md), as BezierKernels' `PathAnimation` does it.
/// Both are first-class:
/// - `linear`: Core Animation's keyframe animation along a path without key times: every drawing
///   element gets an equal share of the duration and its curve parameter advances uniformly
///   inside it, so the speed follows each element's parametric speed and jumps at joins;
/// - `paced`: constant speed along the arc length of the whole path.
public typealias TimingMode = PathAnimation.Mode
