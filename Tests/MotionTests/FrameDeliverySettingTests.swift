import Testing

@testable import Motion

/// `--frames`'s grammar as one type: every setting reads back equal from its description, the
/// description is canonical, and a model's name is that same text.
@Suite struct FrameDeliverySettingTests {
    /// Text as a user may write it → the canonical description.
    static let cases: [(text: String, canonical: String)] = [
        ("ideal", "ideal"),
        ("vsync", "vsync"),
        ("load:busy", "load:busy"),
        ("load:light,depth=2", "load:light,depth=2"),
        ("load:stutter,depth=1", "load:stutter"),
        ("vrr:120,80,60", "vrr:120,80,60,load=busy"),
        ("vrr:promotion", "vrr:120,60,40,30,24,load=busy"),
        ("vrr:promotion-ipad,load=light", "vrr:120,60,40,30,24,load=light"),
        ("vrr:promotion-iphone,load=stutter,depth=2", "vrr:120,60,40,30,24,20,15,12,10,load=stutter,depth=2"),
        ("vrr:119.88,59.94", "vrr:119.88,59.94,load=busy"),
        ("vrr:100.00000000000001", "vrr:100.00000000000001,load=busy"),
        ("vrr:1e2,6e1", "vrr:100,60,load=busy"),
        ("trace:frames.csv", "trace:frames.csv"),
        ("trace:a,b:c.json", "trace:a,b:c.json"),
    ]

    @Test(arguments: cases.map(\.text))
    func parsesToItsCanonicalTextAndBack(text: String) throws {
        let canonical = try #require(Self.cases.first { $0.text == text }).canonical
        let setting = try FrameDeliverySetting(parsing: text)
        #expect(setting.description == canonical)
        let again = try FrameDeliverySetting(parsing: setting.description)
        #expect(again == setting)
        #expect(again.description == canonical)
        // The model prints the same text (`trace` has no model until its file is read).
        if let model = setting.model {
            #expect(model.name == canonical)
            #expect(FrameDeliverySetting(model) == setting)
        } else {
            #expect(text.hasPrefix("trace:"))
        }
    }

    /// Every model a study runs prints a name that parses back to that model.
    @Test func everyNamedModelReadsBack() throws {
        var models: [FrameDeliveryModel] = [.ideal, .vsync]
        for load in LoadProfile.all {
            models.append(.load(load))
            models.append(.load(try load.with(pipelineDepth: 2)))
            models.append(.variableRate(rates: VariableRate.promotionIPhone, load: load))
            models.append(.variableRate(rates: [1.0 / 3, 7.25, 240], load: try load.with(pipelineDepth: 2)))
        }
        for model in models {
            #expect(try FrameDeliverySetting(parsing: model.name).model == model, "\(model.name)")
        }
        #expect(FrameDeliveryModel.recorded([]).name == "trace")
        #expect(FrameDeliverySetting(.recorded([])) == nil)
    }

    @Test(arguments: [
        ("warp", "unknown model 'warp'"),
        ("", "unknown model ''"),
        ("trace:", "trace: needs a file"),
        ("load", "load: needs a profile NAME, got none"),
        ("vrr:", "vrr: needs RATES, got none"),
        ("load:heavy", "unknown load profile 'heavy'"),
        ("load:busy,depth=3", "load: pipeline depth must be 1 or 2, got '3'"),
        ("load:busy,light", "load: one profile NAME, then depth=N; got 'light'"),
        ("load:busy,load=light", "load: unknown setting 'load=light'"),
        ("vrr:120,x", "vrr: rate 'x' is not a number"),
        ("vrr:120,inf", "vrr: rate 'inf' is not a number"),
        ("vrr:120,0", "vrr: rate must be greater than 0 Hz, got 0"),
        ("vrr:120,-60", "vrr: rate must be greater than 0 Hz, got -60"),
        ("vrr:load=busy", "vrr: needs at least one rate"),
        ("vrr:120,load=nope", "unknown load profile 'nope'"),
        ("vrr:120,speed=2", "vrr: unknown setting 'speed=2'; expected load=NAME or depth=1|2"),
    ])
    func badTextNamesWhatIsWrong(text: String, message: String) {
        #expect {
            _ = try FrameDeliverySetting(parsing: text)
        } throws: { error in
            (error as? MotionError)?.description.contains(message) == true
        }
    }

    @Test func usesLoadOnlyForLoadsAndVariableRates() throws {
        #expect(try FrameDeliverySetting(parsing: "load:busy").usesLoad)
        #expect(try FrameDeliverySetting(parsing: "vrr:60").usesLoad)
        #expect(try !FrameDeliverySetting(parsing: "vsync").usesLoad)
        #expect(try !FrameDeliverySetting(parsing: "ideal").usesLoad)
        #expect(try !FrameDeliverySetting(parsing: "trace:x.csv").usesLoad)
    }
}
