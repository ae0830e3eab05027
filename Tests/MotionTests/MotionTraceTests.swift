import Testing

@testable import Motion

/// Recorded traces: the CSV reader's units and errors, and what a trace's verdict judges.
@Suite struct MotionTraceTests {
    /// A CSV of `count` frames at 60 Hz moving 5 pt a frame; `skip` frames not presented.
    func csv(count: Int = 61, skip: Set<Int> = [], header: String = "t,x,y,present") -> String {
        var lines = [header]
        for k in 0..<count where !skip.contains(k) {
            let t = Double(k) / 60
            lines.append("\(t),\(5 * Double(k)),100,\(t + 1.0 / 60)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func readsColumnsInAnyOrderWithUnits() throws {
        let trace = try MotionTrace.csv("# recorded\ny_pt, t_ms ,x\n\n1,0,10\n2,16.5,20\n", source: "a.csv")
        #expect(trace.times == [0, 0.0165])
        #expect(trace.positions == [SIMD2(10, 1), SIMD2(20, 2)])
        #expect(trace.presentations == nil)
        #expect(trace.lines == [4, 5])
    }

    @Test(arguments: [
        ("", "a.csv: empty file"),
        ("t,x\n0,1\n", "a.csv:1: missing column 'y'"),
        ("t,x,y,z\n", "a.csv:1: unknown column 'z'"),
        ("t,x,y\n", "a.csv:1: a header and no samples"),
        ("t,x,y\n0,1,2\n0.1,nan,2\n", "a.csv:3: x must be a finite number, got 'nan'"),
        ("t,x,y\n0,1,2\n0.1,1\n", "a.csv:3: 2 fields, expected 3"),
        ("t,x,y\n0,1,2\n0,1,2\n", "a.csv:3: duplicate time"),
        ("t,x,y\n0.2,1,2\n0.1,1,2\n", "a.csv:3: time goes backwards"),
        ("t,x,y,present\n0,1,2,0.1\n0.1,1,2,0.1\n", "a.csv:3: present time 0.1 s is not after"),
        ("t_ms,x_ms,y\n", "a.csv:1: column 'x_ms' has the wrong unit"),
        ("t,x,t_ms,y\n", "a.csv:1: column 't' given twice"),
    ])
    func badTracesNameTheFileLineAndValue(text: String, message: String) {
        #expect {
            try MotionTrace.csv(text, source: "a.csv")
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test func anEvenRecordingIsSmoothWithNoHitches() throws {
        let report = try Validation.validate(trace: try MotionTrace.csv(csv(), source: "even.csv"))
        #expect(abs(report.hz - 60) < 1e-6)
        #expect(report.verdict == .smooth, "\(report.findings)")
        let platform = try #require(report.delivery).platform
        #expect(platform.apple.hitchTimeRatio < 1e-9)
        #expect(platform.chrome.max == 0)
        #expect(abs(try #require(report.metrics.speed).median - 300) < 1e-6)
        #expect(report.delivery?.onScreen == nil)
    }

    @Test func aHeldFrameIsAHitchNotATeleport() throws {
        // Frames 20…25 never shown: the display holds frame 19 for six refreshes, then frame 26
        // arrives. Without a target column each frame was due one refresh after the one before:
        // frame 26 is 6 refreshes late, 100 ms over a 1 s recording: critical; Chrome drops 6
        // of 60 slots.
        let report = try Validation.validate(trace: try MotionTrace.csv(csv(skip: Set(20...25)), source: "held.csv"))
        let platform = try #require(report.delivery).platform
        #expect(abs(platform.apple.totalHitchTime - 0.1) < 1e-9)
        #expect(platform.chrome.dropped == 6)
        #expect(report.findings.map(\.kind) == [.lateFrames])
    }

    @Test func aJumpInTheRecordingIsATeleport() throws {
        var lines = ["t,x,y"]
        for k in 0...60 { lines.append("\(Double(k) / 60),\(Double(k) + (k >= 30 ? 80 : 0)),0") }
        let report = try Validation.validate(trace: try MotionTrace.csv(lines.joined(separator: "\n"), source: "jump.csv"))
        #expect(report.findings.map(\.kind) == [.teleport])
    }
}
