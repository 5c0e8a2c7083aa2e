import Foundation

/// 16-bit Bluetooth SIG UUIDs (upper-case hex) of the services and characteristics JustZone2 uses.
public enum GATTUUIDs {
    /// Fitness Machine service.
    public static let fitnessMachineService = "1826"
    /// Indoor Bike Data characteristic (notify).
    public static let indoorBikeData = "2AD2"
    /// Training Status characteristic.
    public static let trainingStatus = "2AD3"
    /// Supported Resistance Level Range characteristic (read).
    public static let supportedResistanceLevelRange = "2AD6"
    /// Supported Power Range characteristic (read).
    public static let supportedPowerRange = "2AD8"
    /// Fitness Machine Control Point characteristic (write + indicate).
    public static let fitnessMachineControlPoint = "2AD9"
    /// Fitness Machine Status characteristic (notify).
    public static let fitnessMachineStatus = "2ADA"
    /// Fitness Machine Feature characteristic (read).
    public static let fitnessMachineFeature = "2ACC"
    /// Heart Rate service.
    public static let heartRateService = "180D"
    /// Heart Rate Measurement characteristic (notify).
    public static let heartRateMeasurement = "2A37"
    /// Cycling Power service.
    public static let cyclingPowerService = "1818"
    /// Cycling Power Measurement characteristic (notify).
    public static let cyclingPowerMeasurement = "2A63"

    /// The 128-bit form `0000XXXX-0000-1000-8000-00805F9B34FB` of a 16-bit UUID.
    public static func fullUUID(_ short: String) -> String {
        "0000\(short.uppercased())-0000-1000-8000-00805F9B34FB"
    }

    /// Normalizes `2ad2`, `0x2AD2`, `00002AD2` or the full 128-bit SIG form to the upper-case 16-bit form
    /// (`2AD2`); other strings are returned upper-cased and trimmed.
    public static func shortForm(_ uuid: String) -> String {
        var s = uuid.trimmingCharacters(in: .whitespaces).uppercased()
        if s.hasPrefix("0X") { s.removeFirst(2) }
        if s.count == 36, s.hasSuffix("-0000-1000-8000-00805F9B34FB"), s.hasPrefix("0000") {
            return String(s.dropFirst(4).prefix(4))
        }
        if s.count == 8, s.hasPrefix("0000") { return String(s.dropFirst(4)) }
        return s
    }
}

/// A decoded characteristic value, as returned by `CharacteristicDecoder`.
public enum DecodedValue: Sendable, Equatable, Codable {
    /// Indoor Bike Data (0x2AD2).
    case indoorBikeData(IndoorBikeData)
    /// A control point request (0x2AD9, first byte other than 0x80).
    case controlPointRequest(ControlPointRequest)
    /// A control point response (0x2AD9, first byte 0x80).
    case controlPointResponse(ControlPointResponse)
    /// Fitness Machine Status (0x2ADA).
    case fitnessMachineStatus(FitnessMachineStatus)
    /// Fitness Machine Feature (0x2ACC).
    case fitnessMachineFeature(FitnessMachineFeature)
    /// Supported Power Range (0x2AD8).
    case supportedPowerRange(SupportedPowerRange)
    /// Supported Resistance Level Range (0x2AD6).
    case supportedResistanceRange(SupportedResistanceRange)
    /// Training Status (0x2AD3).
    case trainingStatus(TrainingStatus)
    /// Heart Rate Measurement (0x2A37).
    case heartRateMeasurement(HeartRateMeasurement)
    /// Cycling Power Measurement (0x2A63).
    case cyclingPowerMeasurement(CyclingPowerMeasurement)
}

/// Dispatches raw characteristic bytes to the right decoder by UUID (for `clubhouse zone2 decode 2AD2 44 00 …`).
public enum CharacteristicDecoder {
    /// The 16-bit UUIDs `decode(uuid:bytes:)` understands.
    public static let supportedUUIDs: [String] = [
        GATTUUIDs.indoorBikeData, GATTUUIDs.fitnessMachineControlPoint, GATTUUIDs.fitnessMachineStatus,
        GATTUUIDs.fitnessMachineFeature, GATTUUIDs.supportedPowerRange, GATTUUIDs.supportedResistanceLevelRange,
        GATTUUIDs.trainingStatus, GATTUUIDs.heartRateMeasurement, GATTUUIDs.cyclingPowerMeasurement,
    ]

    /// Decodes `bytes` as the characteristic `uuid` (any form accepted by `GATTUUIDs.shortForm(_:)`).
    ///
    /// - Throws: `.unsupportedCharacteristic` for an unknown UUID, otherwise the decoder's own errors.
    public static func decode(uuid: String, bytes: some Collection<UInt8>) throws(FTMSDecodingError) -> DecodedValue {
        let short = GATTUUIDs.shortForm(uuid)
        switch short {
        case GATTUUIDs.indoorBikeData: return .indoorBikeData(try IndoorBikeData.decode(bytes))
        case GATTUUIDs.fitnessMachineControlPoint:
            if bytes.first == ControlPointResponse.responseOpCode {
                return .controlPointResponse(try ControlPointResponse.decode(bytes))
            }
            return .controlPointRequest(try ControlPointRequest.decode(bytes))
        case GATTUUIDs.fitnessMachineStatus: return .fitnessMachineStatus(try FitnessMachineStatus.decode(bytes))
        case GATTUUIDs.fitnessMachineFeature: return .fitnessMachineFeature(try FitnessMachineFeature.decode(bytes))
        case GATTUUIDs.supportedPowerRange: return .supportedPowerRange(try SupportedPowerRange.decode(bytes))
        case GATTUUIDs.supportedResistanceLevelRange:
            return .supportedResistanceRange(try SupportedResistanceRange.decode(bytes))
        case GATTUUIDs.trainingStatus: return .trainingStatus(try TrainingStatus.decode(bytes))
        case GATTUUIDs.heartRateMeasurement: return .heartRateMeasurement(try HeartRateMeasurement.decode(bytes))
        case GATTUUIDs.cyclingPowerMeasurement:
            return .cyclingPowerMeasurement(try CyclingPowerMeasurement.decode(bytes))
        default: throw .unsupportedCharacteristic(uuid)
        }
    }
}

/// An error from `Hex.bytes(from:)`.
public enum HexParsingError: Error, Sendable, Equatable {
    /// A character that is neither a hex digit nor a separator, with its offset (in characters).
    case invalidCharacter(Character, offset: Int)
    /// A group between separators has an odd number of hex digits (for example `4 00`).
    case oddDigitCount(group: String)
}

/// Hex string helpers for command-line decoding and test vectors.
public enum Hex {
    /// Parses hex bytes such as `44 00 17 09`, `44:00:17:09`, `44001709` or `0x44 0x00`.
    ///
    /// Spaces, tabs, newlines, colons, hyphens and commas separate groups; each group (optionally prefixed `0x`)
    /// must have an even number of digits. Upper and lower case are accepted; the empty string gives `[]`.
    public static func bytes(from text: String) throws(HexParsingError) -> [UInt8] {
        var result: [UInt8] = []
        var group = ""
        var groupDigits: [UInt8] = []
        func flush() throws(HexParsingError) {
            defer {
                group = ""
                groupDigits = []
            }
            guard !groupDigits.isEmpty else { return }
            guard groupDigits.count % 2 == 0 else { throw .oddDigitCount(group: group) }
            var index = 0
            while index + 1 < groupDigits.count {
                result.append(groupDigits[index] << 4 | groupDigits[index + 1])
                index += 2
            }
        }
        var previous: Character?
        for (offset, character) in text.enumerated() {
            if character == " " || character == "\t" || character == "\n" || character == "\r" || character == ":"
                || character == "-" || character == ","
            {
                try flush()
            } else if let digit = character.hexDigitValue, character.isASCII {
                group.append(character)
                groupDigits.append(UInt8(digit))
            } else if (character == "x" || character == "X"), previous == "0", groupDigits == [0], group == "0" {
                group.append(character)
                groupDigits = []
            } else {
                throw .invalidCharacter(character, offset: offset)
            }
            previous = character
        }
        if group.hasSuffix("x") || group.hasSuffix("X") { throw .oddDigitCount(group: group) }
        try flush()
        return result
    }

    /// Formats bytes as upper-case hex separated by spaces (`44 00 17 09`).
    public static func string(from bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789ABCDEF")
        var out = ""
        for byte in bytes {
            if !out.isEmpty { out.append(" ") }
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return out
    }
}
