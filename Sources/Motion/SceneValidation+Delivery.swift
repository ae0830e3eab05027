extension Validation {
    /// ``validate(_:modes:rates:thresholds:judgesFrameCost:clock:)`` with every report's frames
    /// also delivered as `delivery` says (``deliver(_:mode:hz:options:)``); `ideal` (or `nil`)
    /// adds nothing, so the reports are those of the classic view.
    /// - Throws: `MotionError` as both.
    /// - Complexity: O(frames) per mode × rate, twice.
    public static func validate<Clock: FrameCostClock>(
        _ scene: Scene, modes: [TimingMode], rates: [Double], thresholds: Thresholds = Thresholds(),
        judgesFrameCost: Bool = true, delivery: DeliveryOptions?, clock: inout Clock
    ) throws(MotionError) -> SceneValidation {
        let result = try validate(
            scene, modes: modes, rates: rates, thresholds: thresholds, judgesFrameCost: judgesFrameCost, clock: &clock)
        guard let delivery, delivery.model != .ideal else { return result }
        var reports: [ValidationReport] = []
        for report in result.reports {
            let delivered = try deliver(scene, mode: report.mode ?? .linear, hz: report.hz, options: delivery)
            reports.append(report.withDelivery(delivered))
        }
        return SceneValidation(scene: scene, reports: reports, judgesFrameCost: judgesFrameCost)
    }
}
