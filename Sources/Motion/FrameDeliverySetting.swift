/// A frame-delivery model as `bench validate --frames` writes it: the grammar, parsed and
/// printed by this one type, so that what a report prints reads back as the same model.
///
///     ideal | vsync | load:NAME[,depth=1|2] | vrr:RATES[,load=NAME][,depth=1|2] | trace:FILE
///
/// `NAME` is a ``LoadProfile`` by name (`light`, `busy`, `stutter`); `RATES` are rates in Hz,
/// comma-separated, where `promotion` (or `promotion-ipad`) and `promotion-iphone` stand for
/// ProMotion's sets (``VariableRate``); `vrr` without `load=` runs under `busy`. `trace:FILE`
/// names a recording; reading it is the caller's (the model knows nothing of files), which
/// turns its frames into ``FrameDeliveryModel/recorded(_:)``.
///
/// ```swift
/// let setting = try FrameDeliverySetting(parsing: "vrr:promotion,depth=2")
/// print(setting)                       // vrr:120,60,40,30,24,load=busy,depth=2
/// try FrameDeliverySetting(parsing: setting.description) == setting   // true
/// ```
///
/// ``description`` is canonical: rates listed out in the shortest form that reads back exactly,
/// `load=` always written for `vrr`, `depth=` only for a depth of 2. Every parsed setting reads
/// back equal from its description; a ``LoadProfile`` built by hand under a name that is not
/// one of ``LoadProfile/all`` prints that name, which does not parse.
public enum FrameDeliverySetting: Sendable, Equatable, CustomStringConvertible {
    case ideal
    case vsync
    case load(LoadProfile)
    case variableRate(rates: [Double], load: LoadProfile)
    /// A recording at `path`, not yet read.
    case trace(path: String)

    /// The grammar in one line, for error messages and help.
    public static let grammar = "ideal, vsync, load:NAME[,depth=2], vrr:RATES[,load=NAME][,depth=2] or trace:FILE"

    /// Parses a `--frames` value.
    ///
    /// - Throws: `MotionError` naming the part that is wrong and what was expected. A message
    ///   about one kind's settings starts with the kind (`vrr: rate must be greater than 0 Hz,
    ///   got 0`).
    /// - Complexity: O(n) in the length of `text`.
    public init(parsing text: String) throws(MotionError) {
        let expected = "expected \(Self.grammar)"
        if text == "ideal" { self = .ideal; return }
        if text == "vsync" { self = .vsync; return }
        if text.hasPrefix("trace:") {
            let path = String(text.dropFirst("trace:".count))
            guard !path.isEmpty else { throw MotionError("trace: needs a file, got none; \(expected)") }
            self = .trace(path: path)
            return
        }
        let kind: String, rest: String
        if let colon = text.firstIndex(of: ":") {
            kind = String(text[..<colon])
            rest = String(text[text.index(after: colon)...])
        } else {
            kind = text
            rest = ""
        }
        guard kind == "load" || kind == "vrr" else { throw MotionError("unknown model '\(text)'; \(expected)") }
        guard !rest.isEmpty else { throw MotionError("\(kind): needs \(kind == "load" ? "a profile NAME" : "RATES"), got none; \(expected)") }
        var rates: [Double] = []
        var profile: LoadProfile?
        var depth = 1
        for (index, token) in rest.split(separator: ",", omittingEmptySubsequences: false).map(String.init).enumerated() {
            if let equals = token.firstIndex(of: "=") {
                let key = token[..<equals], value = String(token[token.index(after: equals)...])
                switch key {
                case "depth":
                    guard let d = Int(value), d == 1 || d == 2 else {
                        throw MotionError("\(kind): pipeline depth must be 1 or 2, got '\(value)'")
                    }
                    depth = d
                case "load" where kind == "vrr":
                    profile = try LoadProfile.named(value)
                default:
                    throw MotionError("\(kind): unknown setting '\(token)'; expected \(kind == "vrr" ? "load=NAME or depth=1|2" : "depth=1|2")")
                }
            } else if kind == "load" {
                guard index == 0 else { throw MotionError("load: one profile NAME, then depth=N; got '\(token)'") }
                profile = try LoadProfile.named(token)
            } else if token == "promotion" || token == "promotion-ipad" {
                rates += VariableRate.promotionIPad
            } else if token == "promotion-iphone" {
                rates += VariableRate.promotionIPhone
            } else {
                guard let rate = Double(token), rate.isFinite else {
                    throw MotionError("vrr: rate '\(token)' is not a number; expected rates in Hz (vrr:120,80,60), promotion or promotion-iphone")
                }
                guard rate > 0 else { throw MotionError("vrr: rate must be greater than 0 Hz, got \(token)") }
                rates.append(rate)
            }
        }
        let load = try (profile ?? .busy).with(pipelineDepth: depth)
        if kind == "load" {
            self = .load(load)
            return
        }
        guard !rates.isEmpty else { throw MotionError("vrr: needs at least one rate; \(expected)") }
        self = .variableRate(rates: rates, load: load)
    }

    /// The setting of a model; `nil` for recorded frames, which came from a file it does not name.
    public init?(_ model: FrameDeliveryModel) {
        switch model {
        case .ideal: self = .ideal
        case .vsync: self = .vsync
        case .load(let load): self = .load(load)
        case .variableRate(let rates, let load): self = .variableRate(rates: rates, load: load)
        case .recorded: return nil
        }
    }

    /// The model to simulate; `nil` for `trace:FILE`, whose frames the caller reads.
    public var model: FrameDeliveryModel? {
        switch self {
        case .ideal: .ideal
        case .vsync: .vsync
        case .load(let load): .load(load)
        case .variableRate(let rates, let load): .variableRate(rates: rates, load: load)
        case .trace: nil
        }
    }

    /// Whether the setting draws seeded frame costs (`load`, `vrr`).
    public var usesLoad: Bool {
        switch self {
        case .load, .variableRate: true
        case .ideal, .vsync, .trace: false
        }
    }

    /// The canonical text: `ideal`, `vsync`, `load:busy`, `load:busy,depth=2`,
    /// `vrr:120,80,60,load=busy`, `trace:FILE`.
    public var description: String {
        func depth(_ load: LoadProfile) -> String { load.pipelineDepth == 2 ? ",depth=2" : "" }
        switch self {
        case .ideal: return "ideal"
        case .vsync: return "vsync"
        case .load(let load): return "load:\(load.name)" + depth(load)
        case .variableRate(let rates, let load):
            return "vrr:\(rates.map(Self.rateText).joined(separator: ",")),load=\(load.name)" + depth(load)
        case .trace(let path): return "trace:\(path)"
        }
    }

    /// A rate in the shortest text that reads back as the same `Double`: `120`, `59.94`.
    static func rateText(_ rate: Double) -> String {
        rate == rate.rounded() && abs(rate) < 1e15 ? String(Int64(rate)) : "\(rate)"
    }
}
