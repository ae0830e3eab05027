/// What a file uses that Flightline does not evaluate, or skips because it is not motion: one
/// entry per feature, with every place it occurs, so each is reported once per file, never
/// silently dropped.
public struct LottieNotes: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// What the feature is and what Flightline does about it.
        public let feature: String
        /// The JSON paths where it occurs, in document order.
        public internal(set) var places: [String]
    }

    public private(set) var entries: [Entry] = []

    mutating func add(_ feature: String, at place: String) {
        if let index = entries.firstIndex(where: { $0.feature == feature }) {
            if !entries[index].places.contains(place) { entries[index].places.append(place) }
        } else {
            entries.append(Entry(feature: feature, places: [place]))
        }
    }

    /// One line per feature: `feature: place, place, … (N places)`, at most five places shown.
    public var lines: [String] {
        entries.map { entry in
            let shown = entry.places.prefix(5).joined(separator: ", ")
            let more = entry.places.count > 5 ? ", …" : ""
            let count = entry.places.count > 1 ? " (\(entry.places.count) places)" : ""
            return "\(entry.feature): \(shown)\(more)\(count)"
        }
    }
}
