import Testing
@testable import BenchKit

struct KnownSample: Sendable, CustomTestStringConvertible {
    var values: [Double]
    var median: Double
    var mad: Double
    var p90: Double
    var outliers: Int
    var testDescription: String { "\(values)" }
}

@Suite("Statistics on samples with known answers")
struct StatisticsTests {
    static let known: [KnownSample] = [
        // One element: every statistic is that element.
        KnownSample(values: [5], median: 5, mad: 0, p90: 5, outliers: 0),
        // Constant: no spread, no outliers.
        KnownSample(values: [2, 2, 2, 2], median: 2, mad: 0, p90: 2, outliers: 0),
        // Even count: the median averages the middle pair; 10 is beyond Q3 + 1.5 IQR = 9.25.
        KnownSample(values: [3, 1, 2, 10], median: 2.5, mad: 1, p90: 7.9, outliers: 1),
        // One wild value moves neither the median nor the MAD.
        KnownSample(values: [1, 2, 3, 4, 100], median: 3, mad: 1, p90: 61.6, outliers: 1),
        // Symmetric: deviations 0,1,1,2,2,3,3,4,4 → MAD 2; p90 at h = 7.2 → 8.2.
        KnownSample(values: [9, 1, 8, 2, 7, 3, 6, 4, 5], median: 5, mad: 2, p90: 8.2, outliers: 0),
        // Low outlier: Q1 = 10, Q3 = 10.5, fences [9.25, 11.25].
        KnownSample(values: [10, 10, 10, 10.5, 10.5, 10.5, 0], median: 10, mad: 0.5, p90: 10.5, outliers: 1),
    ]

    @Test(arguments: known)
    func knownAnswers(_ sample: KnownSample) throws {
        #expect(try Statistics.median(sample.values) == sample.median)
        #expect(try Statistics.medianAbsoluteDeviation(sample.values) == sample.mad)
        #expect(abs(try Statistics.quantile(0.9, of: sample.values) - sample.p90) < 1e-12)
        #expect(try Statistics.tukeyOutlierCount(sample.values) == sample.outliers)

        let summary = try SampleSummary(sample.values)
        #expect(summary.count == sample.values.count)
        #expect(summary.median == sample.median)
        #expect(summary.mad == sample.mad)
        #expect(summary.outliers == sample.outliers)
        #expect(summary.minimum == sample.values.min())
        #expect(summary.maximum == sample.values.max())
        #expect(summary.ci95.contains(summary.median))
    }

    @Test func quantileEndsAreMinimumAndMaximum() throws {
        let values: [Double] = [4, -1, 7, 3]
        #expect(try Statistics.quantile(0, of: values) == -1)
        #expect(try Statistics.quantile(1, of: values) == 7)
        #expect(try Statistics.quantile(0.5, of: values) == Statistics.median(values))
    }

    @Test func medianOfHugeValuesDoesNotOverflow() throws {
        #expect(try Statistics.median([.greatestFiniteMagnitude, .greatestFiniteMagnitude]) == .greatestFiniteMagnitude)
    }

    @Test(arguments: [[Double](), [1, .nan, 3], [.infinity], [2, -.infinity]])
    func invalidSamplesAreRejected(_ values: [Double]) {
        #expect(throws: BenchKitError.self) { try Statistics.median(values) }
        #expect(throws: BenchKitError.self) { try Statistics.medianAbsoluteDeviation(values) }
        #expect(throws: BenchKitError.self) { try Statistics.tukeyOutlierCount(values) }
        #expect(throws: BenchKitError.self) { try SampleSummary(values) }
        #expect(throws: BenchKitError.self) { try Statistics.bootstrapMedianInterval(values) }
    }

    @Test func emptySampleErrorSaysSo() {
        #expect(throws: BenchKitError.emptySample("a median")) { try Statistics.median([]) }
    }

    @Test(arguments: [-0.1, 1.5, Double.nan])
    func quantileOutsideUnitIntervalIsRejected(_ p: Double) {
        #expect(throws: BenchKitError.self) { try Statistics.quantile(p, of: [1, 2, 3]) }
    }

    @Test(arguments: [(0.0, 1_000), (1.0, 1_000), (0.95, 99), (.nan, 1_000)])
    func badBootstrapSettingsAreRejected(_ confidence: Double, _ resamples: Int) {
        #expect(throws: BenchKitError.self) {
            try Statistics.bootstrapMedianInterval([1, 2, 3], confidence: confidence, resamples: resamples)
        }
    }

    @Test func relativeIntervalWidth() throws {
        let constant = try SampleSummary([3, 3, 3])
        #expect(constant.relativeIntervalWidth == 0)
        let spread = try SampleSummary((1...31).map(Double.init))
        #expect(spread.relativeIntervalWidth == spread.ci95.width / 16)
    }
}
