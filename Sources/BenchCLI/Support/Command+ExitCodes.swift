/// What each command's exit codes mean, stated on its help page (docs/design.md §2: 0 ok, 1 a
/// check failed, 2 bad usage or input, 3 a reference failed). Only the codes a command can
/// return are listed.
extension Command {
    var exitCodes: [(code: ExitCode, meaning: String)] {
        let ok: (ExitCode, String) = (.success, "done")
        let usage: (ExitCode, String) = (.usage, "bad usage or input (one line on stderr names it)")
        switch name {
        case "all":
            return [(.success, "done (janky seed scenes are reported, not failed)"), usage,
                    (.referenceFailed, "a kernel disagrees with its GSL reference, or a GSL integrator fails on the menu spring")]
        case "validate":
            return [(.success, "every scene smooth at every rate"), (.checkFailed, "some scene janky"), usage]
        case "integrators":
            return [ok, usage, (.referenceFailed, "a GSL stepper fails on an accepted spring")]
        case "run":
            return [ok, (.checkFailed, "a regression against the --compare baseline"), usage,
                    (.referenceFailed, "a benchmark's check against its reference failed, or an allocation-free claim did not hold")]
        case "path":
            return [ok, usage, (.referenceFailed, "the arc length disagrees with GSL's")]
        default:
            return [ok, usage]
        }
    }
}
