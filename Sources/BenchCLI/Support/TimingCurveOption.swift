import BezierKernels
import Foundation

/// `--timing NAME|x1,y1,x2,y2`: the cubic timing curve of a user path scene.
///
/// Names: BezierKernels' `TimingCurve.named` (Core Animation's, camel case), the CSS keywords
/// (`linear`, `ease-in`, `ease-out`, `ease-in-out`; CSS Easing Functions Level 1 §2.2 gives them
/// the same control points as Core Animation's `easeIn`, `easeOut`, `easeInEaseOut`) and the
/// Core Animation constants (`kCAMediaTimingFunctionEaseIn`, …). CSS's bare `ease`
/// (0.25, 0.1, 0.25, 1) is Core Animation's `default`. Names match whatever their case.
enum TimingCurveOption {
    /// Every accepted spelling and the curve it names, canonical names first.
    static let names: [(name: String, curve: TimingCurve)] = {
        var names = TimingCurve.named
        names += [("ease-in", .easeIn), ("ease-out", .easeOut), ("ease-in-out", .easeInEaseOut), ("ease", .default)]
        names += TimingCurve.named.map { ("kCAMediaTimingFunction" + $0.name.prefix(1).uppercased() + $0.name.dropFirst(), $0.curve) }
        return names
    }()

    static let spec = OptionSpec.option(
        "timing", "CURVE",
        "with --svg: each pass's timing curve, a name (easeIn, ease-in-out, … see above) or x1,y1,x2,y2; default linear")

    /// The curve `--timing` gives, `nil` when it is absent.
    /// - Throws: `CLIError.usage` naming the value for an unknown name, a count other than four,
    ///   a value that is not a finite number, or x1, x2 outside [0, 1].
    static func curve(_ arguments: Arguments) throws -> TimingCurve? {
        guard let text = arguments.string("timing") else { return nil }
        return try curve(parsing: text)
    }

    static func curve(parsing text: String) throws -> TimingCurve {
        if let named = names.first(where: { $0.name.lowercased() == text.lowercased() }) { return named.curve }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4 else {
            if parts.count == 1 {
                throw CLIError.usage(
                    "--timing expects a curve name (\(TimingCurve.named.map(\.name).joined(separator: ", ")), ease-in, ease-out, ease-in-out) or x1,y1,x2,y2, got '\(text)'",
                    option: "timing", value: text)
            }
            throw CLIError.usage("--timing expects four numbers x1,y1,x2,y2, got \(parts.count) in '\(text)'", option: "timing", value: text)
        }
        var values: [Double] = []
        for (label, part) in zip(["x1", "y1", "x2", "y2"], parts) {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard let value = Double(trimmed), value.isFinite else {
                throw CLIError.usage("--timing \(label) must be a finite number, got '\(trimmed)' in '\(text)'", option: "timing", value: trimmed)
            }
            if label.hasPrefix("x"), !(0...1).contains(value) {
                throw CLIError.usage("--timing \(label) must be in 0...1 (time runs forward), got \(trimmed) in '\(text)'", option: "timing", value: trimmed)
            }
            if label.hasPrefix("y"), abs(value) > TimingCurve.maximumControlMagnitude {
                throw CLIError.usage("--timing \(label) must be within ±\(compact(TimingCurve.maximumControlMagnitude)) (an overshoot of a million times the move), got \(trimmed) in '\(text)'", option: "timing", value: trimmed)
            }
            values.append(value)
        }
        do {
            return try TimingCurve(x1: values[0], y1: values[1], x2: values[2], y2: values[3])
        } catch {
            throw CLIError.usage("--timing: \(error)")
        }
    }

    /// `easeInEaseOut (0.42, 0, 0.58, 1)`, or just the control points for an unnamed curve.
    static func describe(_ curve: TimingCurve) -> String {
        let points = "(\([curve.x1, curve.y1, curve.x2, curve.y2].map { significant($0, 4).trimmedZeros }.joined(separator: ", ")))"
        guard let name = name(of: curve) else { return "cubic-bezier" + points }
        return name + " " + points
    }

    /// The canonical (Core Animation) name of `curve`, if it has one.
    static func name(of curve: TimingCurve) -> String? {
        TimingCurve.named.first { $0.curve == curve }?.name
    }
}

extension String {
    /// `0.4200` → `0.42`, `1.000` → `1`: a number without trailing zeros.
    fileprivate var trimmedZeros: String {
        guard contains("."), !contains("e") else { return self }
        var text = self
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
