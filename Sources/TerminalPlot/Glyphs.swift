/// The glyphs and textures that keep series apart without colour.
enum Glyphs {
    /// Marker glyphs on the braille canvas, one per series.
    static let brailleMarkers: [Character] = ["•", "o", "×", "+", "*", "@", "%", "&"]
    /// Marker glyphs on the ASCII canvas, one per series; none is a line glyph.
    static let asciiMarkers: [Character] = ["o", "x", "@", "%", "&", "$", "s", "v"]
    /// Line glyphs on the ASCII canvas, one per series.
    static let asciiLines: [UInt8] = Array("*+=~:^',".utf8)
    /// Dash textures of braille lines when colour is off (bit k: draw the k-th dot of every
    /// 8); with colour every line is solid and the colour tells series apart.
    static let dashPatterns: [UInt8] = [0xFF, 0x0F, 0x55, 0x3F, 0x33, 0x5F, 0x11, 0x07]
    /// A cell shared by several series where only one glyph fits (markers of different
    /// series; lines on the ASCII canvas). Braille lines instead keep the union of their dots.
    static let mixed: UInt8 = UInt8(ascii: "#")
    static let brailleAnnotation: Character = "◆"
    static let asciiAnnotation: Character = "!"
    /// Keys for annotations whose label is listed with the legend.
    static let keys: [Character] = Array("123456789abcdefghijklmnopqrstuvwxyz")
    static let palette: [PlotColor] = [.blue, .red, .green, .yellow, .magenta, .cyan]
    /// SGR 1 (bold): mixed cells and annotation glyphs.
    static let bold: UInt8 = 1

    struct Axes {
        let vertical: String, tick: String, horizontal: String, horizontalTick: String, corner: String
    }
    static let unicodeAxes = Axes(vertical: "│", tick: "┤", horizontal: "─", horizontalTick: "┬", corner: "└")
    static let asciiAxes = Axes(vertical: "|", tick: "+", horizontal: "-", horizontalTick: "+", corner: "+")
}

extension Array where Element == UInt8 {
    /// Appends a scalar as UTF-8 (RFC 3629 §3).
    @inlinable @inline(__always)
    mutating func appendUTF8(_ scalar: UInt32) {
        if scalar < 0x80 {
            append(UInt8(scalar))
        } else if scalar < 0x800 {
            append(UInt8(0xC0 | (scalar >> 6)))
            append(UInt8(0x80 | (scalar & 0x3F)))
        } else if scalar < 0x10000 {
            append(UInt8(0xE0 | (scalar >> 12)))
            append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            append(UInt8(0x80 | (scalar & 0x3F)))
        } else {
            append(UInt8(0xF0 | (scalar >> 18)))
            append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    mutating func append(_ text: String) { append(contentsOf: text.utf8) }

    mutating func appendSpaces(_ count: Int) {
        if count > 0 { append(contentsOf: repeatElement(UInt8(ascii: " "), count: count)) }
    }

    /// Switches the SGR state from `current` to `code` (0: plain).
    mutating func switchColor(from current: inout UInt8, to code: UInt8) {
        guard code != current else { return }
        if current != 0 { append("\u{1B}[0m") }
        if code != 0 { append("\u{1B}[\(code)m") }
        current = code
    }
}
