import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Errors thrown by `TCXReader`.
public enum TCXError: Error, Sendable, Equatable {
    /// The data is empty.
    case empty
    /// The data is not well-formed XML; the parser's description.
    case malformedXML(String)
    /// The document has no `Activity` element.
    case noActivity
}

/// Errors thrown by `GPXReader`.
public enum GPXError: Error, Sendable, Equatable {
    /// The data is empty.
    case empty
    /// The data is not well-formed XML; the parser's description.
    case malformedXML(String)
    /// The document is not a GPX document with a track.
    case noTrack
}

/// Reads Training Center XML (TCX) v2 files. Element prefixes (`ns3:`, `tpx:`…) are ignored; trackpoints
/// without a valid `Time` are skipped. Only the first `Activity` is read.
public enum TCXReader {
    /// Parses a TCX document.
    public static func activity(from data: Data) throws(TCXError) -> Activity {
        guard !data.isEmpty else { throw .empty }
        let handler = TCXHandler()
        if let error = XMLWalker.parse(data, handler: handler) { throw .malformedXML(error) }
        guard handler.sawActivity, let start = handler.startTime ?? handler.samples.first?.time else {
            throw .noActivity
        }
        return Activity(
            name: handler.name, sport: handler.sport, subSport: .generic, startTime: start, samples: handler.samples,
            laps: handler.laps, calories: handler.calories)
    }
}

/// Reads GPX 1.1 tracks: `trkpt` lat/lon, `ele`, `time`, Garmin TrackPointExtension `hr`/`cad`/`speed` and power
/// (`power`, `PowerInW`) extensions. The sport is taken from the track's `type` when recognisable, else `.other`.
public enum GPXReader {
    /// Parses a GPX document.
    public static func activity(from data: Data) throws(GPXError) -> Activity {
        guard !data.isEmpty else { throw .empty }
        let handler = GPXHandler()
        if let error = XMLWalker.parse(data, handler: handler) { throw .malformedXML(error) }
        guard handler.sawGPX else { throw .noTrack }
        let start = handler.metadataTime ?? handler.samples.first?.time
        guard let start else { throw .noTrack }
        return Activity(name: handler.name, sport: handler.sport, startTime: start, samples: handler.samples)
    }
}

/// Receives element events with local names (prefix stripped), the element path and text.
protocol XMLHandler: AnyObject {
    func start(_ name: String, path: [String], attributes: [String: String])
    func end(_ name: String, path: [String], text: String)
}

final class XMLWalker: NSObject, XMLParserDelegate {
    private let handler: any XMLHandler
    private var path: [String] = []
    private var text = ""
    private var rootClosed = false

    private init(handler: any XMLHandler) { self.handler = handler }

    /// Parses `data`, returns an error description on failure.
    static func parse(_ data: Data, handler: any XMLHandler) -> String? {
        let walker = XMLWalker(handler: handler)
        // Foundation's XMLParser on Linux can crash on names that are not valid UTF-8 instead of reporting an
        // error: hand it valid UTF-8 (invalid bytes become U+FFFD, which the parser then rejects cleanly).
        let input = String(data: data, encoding: .utf8) != nil ? data : Data(String(decoding: data, as: UTF8.self).utf8)
        let parser = XMLParser(data: input)
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = walker
        if parser.parse() {
            // Some XMLParser implementations accept a truncated document: require the root to be closed.
            return walker.rootClosed ? nil : "unexpected end of document (line \(parser.lineNumber))"
        }
        let error = parser.parserError.map { "\($0.localizedDescription) (line \(parser.lineNumber))" }
        return error ?? "XML parse error at line \(parser.lineNumber)"
    }

    static func localName(_ name: String) -> String {
        if let colon = name.lastIndex(of: ":") { return String(name[name.index(after: colon)...]) }
        return name
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let name = Self.localName(elementName)
        handler.start(name, path: path, attributes: attributes)
        path.append(name)
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if !path.isEmpty { path.removeLast() }
        if path.isEmpty { rootClosed = true }
        handler.end(Self.localName(elementName), path: path, text: text.trimmingCharacters(in: .whitespacesAndNewlines))
        text = ""
    }
}

private func parseInt(_ text: String) -> Int? {
    if let value = Int(text) { return value }
    guard let value = Double(text), value.isFinite, abs(value) < 1e9 else { return nil }
    return Int(value.rounded())
}

private func parseDouble(_ text: String) -> Double? {
    guard let value = Double(text), value.isFinite else { return nil }
    return value
}

private final class TCXHandler: XMLHandler {
    var sawActivity = false
    var activityDone = false
    var sport: ActivitySport = .cycling
    var startTime: Date?
    var name: String?
    var calories: Int?
    var samples: [ActivitySample] = []
    var laps: [ActivityLap] = []
    private var lapStart: Date?
    private var lapSeconds: Double?
    private var point: ActivitySample?
    private var pointTime: Date?

    func start(_ name: String, path: [String], attributes: [String: String]) {
        guard !activityDone else { return }
        switch name {
        case "Activity" where !sawActivity:
            sawActivity = true
            switch attributes["Sport"] {
            case "Running": sport = .running
            case "Other": sport = .other
            default: sport = .cycling
            }
        case "Lap" where path.last == "Activity":
            lapStart = attributes["StartTime"].flatMap(Format.parseISO8601)
            lapSeconds = nil
        case "Trackpoint":
            point = ActivitySample(time: Date(timeIntervalSince1970: 0))
            pointTime = nil
        default: break
        }
    }

    func end(_ name: String, path: [String], text: String) {
        guard sawActivity, !activityDone else { return }
        let parent = path.last ?? ""
        if point != nil {
            switch (name, parent) {
            case ("Time", "Trackpoint"): pointTime = Format.parseISO8601(text)
            case ("LatitudeDegrees", "Position"): point?.latitude = parseDouble(text)
            case ("LongitudeDegrees", "Position"): point?.longitude = parseDouble(text)
            case ("AltitudeMeters", "Trackpoint"): point?.altitude = parseDouble(text)
            case ("DistanceMeters", "Trackpoint"): point?.distance = parseDouble(text)
            case ("Value", "HeartRateBpm"): point?.heartRate = parseInt(text).flatMap { $0 > 0 ? $0 : nil }
            case ("Cadence", "Trackpoint"): point?.cadence = parseInt(text)
            case ("Speed", "TPX"): point?.speed = parseDouble(text)
            case ("Watts", "TPX"): point?.power = parseInt(text)
            case ("Trackpoint", _):
                if var sample = point, let time = pointTime {
                    sample.time = time
                    samples.append(sample)
                }
                point = nil
            default: break
            }
            return
        }
        switch (name, parent) {
        case ("Id", "Activity"): startTime = Format.parseISO8601(text)
        case ("Notes", "Activity"): self.name = text
        case ("TotalTimeSeconds", "Lap"): lapSeconds = parseDouble(text)
        case ("Calories", "Lap"):
            if let value = parseInt(text) { calories = (calories ?? 0) &+ value }
        case ("Lap", "Activity"):
            if let start = lapStart {
                laps.append(ActivityLap(start: start, end: start.addingTimeInterval(max(0, lapSeconds ?? 0))))
            }
            lapStart = nil
        case ("Activity", _): activityDone = true
        default: break
        }
    }
}

private final class GPXHandler: XMLHandler {
    var sawGPX = false
    var name: String?
    var sport: ActivitySport = .other
    var metadataTime: Date?
    var samples: [ActivitySample] = []
    private var point: ActivitySample?
    private var pointTime: Date?

    func start(_ name: String, path: [String], attributes: [String: String]) {
        if name == "gpx", path.isEmpty { sawGPX = true }
        if name == "trkpt" {
            var sample = ActivitySample(time: Date(timeIntervalSince1970: 0))
            let lat = attributes["lat"].flatMap(parseDouble)
            let lon = attributes["lon"].flatMap(parseDouble)
            if let lat, let lon, abs(lat) <= 90, abs(lon) <= 180 {
                sample.latitude = lat
                sample.longitude = lon
            }
            point = sample
            pointTime = nil
        }
    }

    func end(_ name: String, path: [String], text: String) {
        let parent = path.last ?? ""
        if point != nil {
            switch name {
            case "time" where parent == "trkpt": pointTime = Format.parseISO8601(text)
            case "ele" where parent == "trkpt": point?.altitude = parseDouble(text)
            case "hr": point?.heartRate = parseInt(text).flatMap { $0 > 0 ? $0 : nil }
            case "cad": point?.cadence = parseInt(text)
            case "speed": point?.speed = parseDouble(text)
            case "power", "PowerInW", "Watts": point?.power = parseInt(text)
            case "trkpt":
                if var sample = point, let time = pointTime {
                    sample.time = time
                    samples.append(sample)
                }
                point = nil
            default: break
            }
            return
        }
        switch (name, parent) {
        case ("name", "trk"): if self.name == nil { self.name = text }
        case ("name", "metadata"): self.name = text
        case ("time", "metadata"): metadataTime = Format.parseISO8601(text)
        case ("type", "trk"):
            let type = text.lowercased()
            if type.contains("cycl") || type.contains("bik") || type.contains("ride") || type == "1" {
                sport = .cycling
            } else if type.contains("run") || type == "9" {
                sport = .running
            }
        default: break
        }
    }
}
