import Motion
import SceneFile
import Testing

/// Every calculation mode against values computed by hand.
@Suite struct KeyframeTests {
    func curve(_ animation: String) throws -> KeyframeCurve {
        try SceneFile(text: document(animation)).tracks[0].curve!
    }

    @Test func linearWithKeyTimes() throws {
        let c = try curve(#"{"type": "keyframe", "property": "x", "values": [0, 100, 200], "keyTimes": [0, 0.25, 1], "duration": 1}"#)
        #expect(c.value(atFraction: 0.125).x == 50)
        #expect(abs(c.value(atFraction: 0.625).x - 150) < 1e-12)
    }

    @Test func perSegmentTimingFunctions() throws {
        let c = try curve(#"{"type": "keyframe", "property": "x", "values": [0, 100, 200], "timingFunctions": ["steps(2)", "linear"], "duration": 1}"#)
        #expect(c.value(atFraction: 0.2).x == 0)
        #expect(c.value(atFraction: 0.3).x == 50)
        #expect(abs(c.value(atFraction: 0.75).x - 150) < 1e-12)
    }

    @Test func discrete() throws {
        let c = try curve(#"{"type": "keyframe", "property": "x", "values": [0, 10, 20], "keyTimes": [0, 0.5, 0.75, 1], "calculationMode": "discrete", "duration": 1}"#)
        #expect(c.value(atFraction: 0.4).x == 0)
        #expect(c.value(atFraction: 0.6).x == 10)
        #expect(c.value(atFraction: 0.8).x == 20)
        #expect(c.designedStepFractions == [0.5, 0.75])
        // Without key times each value holds an equal share.
        let even = try curve(#"{"type": "keyframe", "property": "x", "values": [0, 10, 20, 30], "calculationMode": "discrete", "duration": 1}"#)
        #expect(even.value(atFraction: 0.3).x == 10)
    }

    @Test func paced() throws {
        // Length 30 + 40 = 70: half-way is 35 along, 5 up the second leg; key times ignored.
        let c = try curve(#"{"type": "keyframe", "property": "position", "values": [[0, 0], [30, 0], [30, 40]], "keyTimes": [0, 0.9, 1], "calculationMode": "paced", "duration": 1}"#)
        let p = c.value(atFraction: 0.5)
        #expect(abs(p.x - 30) < 1e-6 && abs(p.y - 5) < 1e-6)
    }

    /// Cubic with tension = continuity = bias = 0 is Catmull–Rom: between 10 and 30 (neighbours 0
    /// and 60) at u = ½, ½·(2·10 + 30·½ + (0 − 50 + 120 − 60)·¼ + (0 + 30 − 90 + 60)·⅛) = 18.75.
    @Test func cubicIsCatmullRom() throws {
        let c = try curve(#"{"type": "keyframe", "property": "x", "values": [0, 10, 30, 60], "calculationMode": "cubic", "duration": 1}"#)
        #expect(abs(c.value(atFraction: 0.5).x - 18.75) < 1e-12)
        #expect(c.value(atFraction: 1).x == 60)
        // Tension 1 flattens every tangent: the Hermite piece's middle is the plain midpoint.
        let tight = try curve(#"{"type": "keyframe", "property": "x", "values": [0, 10, 30, 60], "calculationMode": "cubic", "tensionValues": [1, 1, 1, 1], "duration": 1}"#)
        #expect(abs(tight.value(atFraction: 0.5).x - 20) < 1e-12)
    }

    /// Kochanek–Bartels with bias 1 takes the outgoing tangent from the previous chord only:
    /// at key 1 (value 10) the tangent is (1+b)·(10 − 0)/2·… = 10, at key 2 it is 20.
    @Test func kochanekBartelsBias() throws {
        let c = try curve(#"{"type": "keyframe", "property": "x", "values": [0, 10, 30, 60], "calculationMode": "cubic", "biasValues": [1, 1, 1, 1], "duration": 1}"#)
        // Hermite at ½ between 10 and 30 with tangents 10 and 20: 15 + (10 − 20)/8 = 18.75 − … by hand: 0.5·10 + 0.125·10 + 0.5·30 − 0.125·20 = 18.75.
        #expect(abs(c.value(atFraction: 0.5).x - 18.75) < 1e-12)
        let d = try curve(#"{"type": "keyframe", "property": "x", "values": [0, 10, 30, 60], "calculationMode": "cubic", "biasValues": [-1, -1, -1, -1], "duration": 1}"#)
        // Bias −1: tangents from the next chord, 20 and 30: 20 + (20 − 30)/8 = 18.75.
        #expect(abs(d.value(atFraction: 0.5).x - 18.75) < 1e-12)
        let e = try curve(#"{"type": "keyframe", "property": "x", "values": [0, 10, 40, 60], "calculationMode": "cubic", "biasValues": [1, 1, 1, 1], "duration": 1}"#)
        // Tangents 10 (key 1: chord 0→10 doubled by 1 + b, halved) and 30 (key 2: chord 10→40):
        // 0.5·10 + 0.125·10 + 0.5·40 − 0.125·30 = 22.5.
        #expect(abs(e.value(atFraction: 0.5).x - 22.5) < 1e-12)
    }

    @Test func cubicPacedMovesAtConstantSpeed() throws {
        let c = try curve(#"{"type": "keyframe", "property": "position", "values": [[0, 0], [100, 50], [200, 0]], "calculationMode": "cubicPaced", "duration": 1}"#)
        #expect(c.value(atFraction: 0) == SIMD2(0, 0))
        let a = c.value(atFraction: 0.25), b = c.value(atFraction: 0.5), d = c.value(atFraction: 0.75)
        let first = ((b - a) * (b - a)).sum().squareRoot(), second = ((d - b) * (d - b)).sum().squareRoot()
        #expect(abs(first - second) / first < 0.02)  // equal arcs, nearly equal chords by symmetry
        #expect(abs(b.x - 100) < 1e-6)
    }

    @Test func pathWithLinearTiming() throws {
        // Two lines, each half the time (Core Animation: equal shares per element without keyTimes).
        let c = try curve(#"{"type": "keyframe", "property": "position", "path": "M0 0 L100 0 L100 300", "duration": 2}"#)
        #expect(c.value(atFraction: 0.25) == SIMD2(50, 0))
        #expect(c.value(atFraction: 0.75) == SIMD2(100, 150))
    }
}
