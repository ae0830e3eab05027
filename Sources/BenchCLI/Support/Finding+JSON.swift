import Motion

// `flightline.validate/1`'s findings: each `{"kind", evidence fields…, "message"}`, the evidence
// the model returned (`Finding`'s payload) in the document's camelCase, the message as the text
// report words it.

extension ValidationReport {
    /// The findings' messages, each one line starting with the report's label.
    var reasons: [String] { findings.map { $0.message(label: label) } }
}

extension SceneReport {
    /// One finding: its kind, its evidence and its message.
    static func findingJSON(_ finding: Finding, label: String) -> JSON {
        var members: [(String, JSON)] = [("kind", .string(finding.kind.rawValue))]
        func rateTest(_ test: RateDoublingTest?) -> JSON {
            guard let test else { return .null }
            return .object([
                ("hz", .finite(test.hz)), ("ratio", .finite(test.ratio)), ("finerRatio", .finite(test.finerRatio)),
                ("isBreak", .bool(test.isBreak)),
            ])
        }
        switch finding {
        case .teleport(let t):
            members += [
                ("distance", .finite(t.distance)), ("neighbourStep", .finite(t.neighbourStep)),
                ("from", .object(event(t.from))), ("to", .object(event(t.to))),
            ]
        case .speedJump(let jump):
            members += [
                ("ratio", .finite(jump.ratio)), ("speedBefore", .finite(jump.speedBefore)), ("speedAfter", .finite(jump.speedAfter)),
                ("at", .object(event(jump.at))), ("rateTest", rateTest(jump.rateTest)),
            ]
        case .turn(let turn):
            members += [("degrees", .finite(turn.degrees)), ("at", .object(event(turn.at))), ("rateTest", rateTest(turn.rateTest))]
        case .snap(let stop), .stopNeverFires(let stop):
            let rule: JSON
            switch stop.rule {
            case .exactOffset: rule = .string("offset == 0")
            case .rest(let rest): rule = .object([("distance", .finite(rest.distance)), ("speed", .finite(rest.speed))])
            }
            members += [
                ("model", .string(stop.stop.model.rawValue)), ("stopRule", rule),
                ("frame", stop.stop.frame.map(JSON.integer) ?? .null), ("t", .finite(stop.stop.time)),
                ("snap", .finite(stop.stop.snap)), ("simulatedUntil", .finite(stop.stop.simulatedUntil)),
            ]
        case .firstFrameJump(let jump):
            members += [("apex", .finite(jump.apex)), ("nextStep", .finite(jump.nextStep))]
        case .frameCost(let cost):
            members += [("fraction", .finite(cost.fraction)), ("hz", .finite(cost.hz)), ("limit", .finite(cost.limit))]
        case .startKick(let kick):
            members += [
                ("firstFrameSpeed", .finite(kick.firstFrameSpeed)), ("nextFrameChange", .finite(kick.nextFrameChange)),
                ("rateTest", rateTest(kick.rateTest)),
            ]
        case .lateFrames(let late):
            members += [
                ("model", .string(late.model.name)), ("hitchTimeRatio", .finite(late.hitchTimeRatio)),
                ("hitchCount", .integer(late.hitchCount)), ("longestHitch", .finite(late.longestHitch)),
                ("limit", .finite(late.criticalLimit)),
            ]
        case .onScreenError(let error):
            members += [
                ("model", .string(error.model.name)), ("clock", .string(error.clock.rawValue)), ("max", .finite(error.max)),
                ("p99", .finite(error.p99)), ("maxAt", .finite(error.maxAt)), ("limit", .finite(error.limit)),
            ]
        case .interruption(let jump):
            let e = jump.event
            members += [
                ("index", .integer(jump.index)), ("interruption", .string(e.kind.rawValue)), ("t", .finite(e.time)),
                ("velocityBefore", .array([.finite(e.velocityBefore.x), .finite(e.velocityBefore.y)])),
                ("velocityAfter", .array([.finite(e.velocityAfter.x), .finite(e.velocityAfter.y)])),
                ("velocityChange", .finite(e.velocityChange)),
            ]
        }
        members.append(("message", .string(finding.message(label: label))))
        return .object(members)
    }
}
