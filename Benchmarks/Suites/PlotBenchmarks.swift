import BenchKit
import Foundation
import TerminalPlot

/// `plot/braille-10k`: rendering 10,000 points as a line plus 600 frame markers (10 s at 60 Hz)
/// into 120 × 40 braille cells with colour — what `bench plot` does for a long trajectory.
/// Issue 6 asks for under 1 ms. There is no reference plotter to race in this process, so the
/// benchmark has no `speedup`; its check verifies the output respects the size asked.
func plotBenchmarks() throws -> [Benchmark] {
    let count = 10_000
    let xs = (0..<count).map { Double($0) / Double(count - 1) * 10 }
    let ys = xs.map { 100 * exp(-0.3 * $0) * cos(2 * .pi * 0.8 * $0) }
    let frames = stride(from: 0, to: count, by: count / 600).map { $0 }
    let plot = Plot(
        width: 120, height: 40, canvas: .braille, usesColor: true, title: "spring offset (pt)",
        xAxis: Axis(label: "t (s)"), yAxis: Axis(label: "offset (pt)"),
        series: [
            Series("exact", x: xs, y: ys),
            Series("60 Hz frames", x: frames.map { xs[$0] }, y: frames.map { ys[$0] }, style: .points),
        ],
        annotations: [Annotation(x: 0, y: ys[0], label: "first frame")]
    )
    return [
        Benchmark(
            "plot/braille-10k",
            unit: .nanoseconds(per: "plot"),
            check: Check(tolerance: 0) {
                // 0 when every line fits in 120 columns (escape codes excluded) and there are ≤ 40 lines.
                let text = try plot.render()
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                let visible = lines.map { $0.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression).count }
                return Double(max(0, lines.count - 40) + max(0, (visible.max() ?? 0) - 120))
            },
            body: { iterations in
                for _ in 0..<iterations { blackHole(mustSucceed("plot/braille-10k") { try plot.render() }) }
            }
        )
    ]
}
