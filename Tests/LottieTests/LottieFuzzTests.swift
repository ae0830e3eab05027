import Foundation
import JSONDocument
import Lottie
import Motion
import Testing

/// Seeded mutations of the realistic fixture: one number at a time becomes an extreme value
/// (0, negative, huge, tiny, fractional). Reading either fails with a `LottieError` (one line
/// naming a JSON path) or compiles into timelines whose values are finite or refused by a
/// `MotionError` — never a trap, a hang or a NaN.
@Suite struct LottieFuzzTests {
    static let extremes: [String] = ["0", "-1", "1e300", "-1e300", "1e-300", "0.5", "2", "-45", "1e7", "360"]

    /// A 64-bit linear congruential generator (Knuth's MMIX constants): seeded, reproducible.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test func mutatedFilesNeverTrap() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/loader.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        // The numbers of the JSON (not digits inside strings such as "dot 1" or "5.7.4").
        let numbers = text.ranges(of: /-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?/).filter { range in
            let before = text[..<range.lowerBound].last
            let after = text[range.upperBound...].first
            return before.map { ":[, \n".contains($0) } ?? false && after.map { ",]} \n".contains($0) } ?? false
        }
        #expect(numbers.count > 500)
        var random = Generator(state: 14)
        var read = 0, refused = 0
        for _ in 0..<100 {
            let range = numbers[random.next(numbers.count)]
            let replacement = Self.extremes[random.next(Self.extremes.count)]
            let mutated = String(text[..<range.lowerBound]) + replacement + String(text[range.upperBound...])
            let animation: LottieAnimation
            do {
                animation = try LottieAnimation(bytes: Array(mutated.utf8))
            } catch {
                #expect(!error.description.contains("\n"))
                refused += 1
                continue
            }
            do {
                let motion = try animation.motion()
                for scene in motion.scenes {
                    guard case .timeline(let timeline, _) = scene.kind else { continue }
                    for k in 0...20 {
                        let t = timeline.start + (timeline.end ?? timeline.start) * Double(k) / 20
                        let v = timeline.value(t)
                        #expect(!v.x.isNaN && !v.y.isNaN, "\(scene.name) at \(t)")
                    }
                }
                read += 1
            } catch {
                refused += 1
            }
        }
        #expect(read + refused == 100)
        #expect(read > 0)
    }
}
