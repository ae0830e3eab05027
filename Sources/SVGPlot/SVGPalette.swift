/// The colours and the stylesheet of every chart.
///
/// Series colours are Okabe and Ito's colour-universal-design set (M. Okabe and K. Ito, *Color
/// Universal Design (CUD): how to make figures and presentations that are friendly to
/// colorblind people*, 2002/2008, jfly.uni-koeln.de/color): eight colours told apart under
/// protanopia, deuteranopia and tritanopia. Their black becomes the text colour, so it turns
/// light in the dark scheme; the yellow, weak on white, comes last. Each series also gets a dash
/// texture by rank, so series stay apart in grey-scale print.
///
/// Values per point go on viridis (S. van der Walt and N. Smith, matplotlib 1.5, 2015; the
/// stops below are matplotlib's `_viridis_data` at 0, 1/8, …, 1): perceptually uniform,
/// monotonic in lightness (so it reads in grey) and readable with every common colour
/// deficiency. Each dot gets a thin outline in the text colour so the dark end shows on a dark
/// background.
public enum SVGPalette {
    /// Okabe–Ito, in the order series take them (`var(--fg)` stands for their black).
    public static let series: [String] = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "var(--fg)", "#F0E442"]

    /// Dash arrays by rank: solid, dashed, dotted, dash-dot, …
    static let dashes: [String?] = [nil, "7 4", "2 3", "9 3 2 3", "4 2", "12 4", "1 2", "6 2 2 2"]

    /// viridis at 0, 1/8, …, 1.
    public static let viridis: [(r: Double, g: Double, b: Double)] = [
        (0x44, 0x01, 0x54), (0x47, 0x2c, 0x7a), (0x3b, 0x51, 0x8b), (0x2c, 0x71, 0x8e), (0x21, 0x90, 0x8d),
        (0x27, 0xad, 0x81), (0x5c, 0xc8, 0x63), (0xaa, 0xdc, 0x32), (0xfd, 0xe7, 0x25),
    ]

    /// The viridis colour at `fraction` (clamped to 0…1), interpolated linearly between stops,
    /// as `#rrggbb`.
    public static func viridis(at fraction: Double) -> String {
        let f = fraction.isFinite ? min(1, max(0, fraction)) : 0
        let scaled = f * Double(viridis.count - 1)
        let low = min(viridis.count - 2, Int(scaled))
        let t = scaled - Double(low)
        let a = viridis[low], b = viridis[low + 1]
        func hex(_ x: Double, _ y: Double) -> String {
            let value = Int((x + (y - x) * t).rounded())
            let digits = "0123456789abcdef"
            let high = digits[digits.index(digits.startIndex, offsetBy: value / 16)]
            let lowDigit = digits[digits.index(digits.startIndex, offsetBy: value % 16)]
            return String([high, lowDigit])
        }
        return "#" + hex(a.r, b.r) + hex(a.g, b.g) + hex(a.b, b.b)
    }

    /// The stylesheet every chart uses, scoped to `svg.fl`: light by default, dark under
    /// `prefers-color-scheme: dark`, light again in print.
    public static let stylesheet: String = {
        var css = """
        svg.fl{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;font-size:12px;--fg:#1b1b1b;--bg:#ffffff;--grid:#dddddd;--band:rgba(0,114,178,.22);--na:#9a9a9a}
        @media (prefers-color-scheme:dark){svg.fl{--fg:#e6e6e6;--bg:#17181a;--grid:#3b3d40;--band:rgba(86,180,233,.28);--na:#777777}}
        @media print{svg.fl{--fg:#000000;--bg:#ffffff;--grid:#cccccc;--band:rgba(0,0,0,.15)}}
        svg.fl .bg{fill:var(--bg)}svg.fl text{fill:var(--fg)}svg.fl .title{font-size:14px;font-weight:600}
        svg.fl .axis{stroke:var(--fg);stroke-width:1;fill:none}svg.fl .grid{stroke:var(--grid);stroke-width:1}
        svg.fl .line{fill:none;stroke-width:1.6;stroke-linejoin:round}svg.fl .dot{stroke:var(--bg);stroke-width:.5}
        svg.fl .vdot{stroke:var(--fg);stroke-width:.35}svg.fl .na{fill:var(--na)}
        svg.fl .pts,svg.fl .vpts,svg.fl .vpts-ring{fill:none;stroke-linecap:round}svg.fl .pts{stroke-width:4.8}svg.fl .vpts{stroke-width:5.2}svg.fl .vpts-ring{stroke:var(--fg);stroke-width:5.9}svg.fl .vpts.na{stroke:var(--na)}
        svg.fl .mark{fill:var(--bg);stroke:var(--fg);stroke-width:1.6}svg.fl .marklabel{font-size:11px;font-weight:600;paint-order:stroke;stroke:var(--bg);stroke-width:3px;stroke-linejoin:round}
        svg.fl .band{fill:var(--band)}svg.fl .line.muted{stroke:var(--na);stroke-dasharray:6 4;stroke-width:1.8}
        """
        for (index, color) in series.enumerated() {
            css += "\nsvg.fl .s\(index){stroke:\(color)}svg.fl .f\(index){fill:\(color)}"
            if let dash = dashes[index] { css += "svg.fl .s\(index).line{stroke-dasharray:\(dash)}" }
        }
        return css
    }()
}
