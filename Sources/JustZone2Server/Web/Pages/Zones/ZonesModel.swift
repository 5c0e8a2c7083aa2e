import Foundation
import JustZone2
import ServerKit

/// `/zone2/zones`: maximum and resting heart rate, the method Zone 2 comes from (every method of the core), the
/// resulting five zones and what each method would give; power Zone 2 from FTP.
struct ZonesModel: Sendable, Equatable {
    /// The form's values as typed.
    struct Input: Sendable, Equatable {
        var maxHeartRate = ""
        var restingHeartRate = ""
        var method = RiderZones.Method.welcome.rawValue
        var thresholdHeartRate = ""
        var age = ""
        var mafAdjustment = "0"
        var lower = ""
        var upper = ""

        init() {}

        /// The stored settings as form values.
        init(_ settings: RiderSettings) {
            maxHeartRate = settings.maxHeartRate.map(String.init) ?? ""
            restingHeartRate = settings.restingHeartRate.map(String.init) ?? ""
            method = settings.zoneMethod ?? RiderZones.Method.welcome.rawValue
            thresholdHeartRate = settings.thresholdHeartRate.map(String.init) ?? ""
            age = settings.age.map(String.init) ?? ""
            mafAdjustment = String(settings.mafAdjustment ?? 0)
            lower = settings.zoneLower.map(String.init) ?? ""
            upper = settings.zoneUpper.map(String.init) ?? ""
        }
    }

    /// What one method gives with the current inputs.
    struct MethodRow: Sendable, Equatable {
        var method: RiderZones.Method
        var zone: String
        var isCurrent: Bool
    }

    var input: Input
    var errors: [String: String]
    var zone2: String?
    var bands: [ZoneBand]
    var methods: [MethodRow]
    var powerZone: String?
    var notice: String?

    static let heartRates = 120...220
    static let restingRates = 30...100
    static let thresholds = 100...210
    static let ages = 13...99
    static let adjustments = -10...5

    static func build(
        settings: RiderSettings, input: Input? = nil, errors: [String: String] = [:], notice: String? = nil
    )
        -> ZonesModel
    {
        let input = input ?? Input(settings)
        let current = RiderZones.zone2(settings)
        return ZonesModel(
            input: input, errors: errors, zone2: current.map { "\($0.lower)–\($0.upper) bpm" },
            bands: RiderZones.five(settings) ?? [],
            methods: RiderZones.Method.allCases.filter { $0 != .manual }.map { method in
                let zone = (try? zone(method, settings: settings)).map { "\($0.lower)–\($0.upper) bpm" }
                return MethodRow(
                    method: method, zone: zone ?? "needs \(needs(method))",
                    isCurrent: settings.zoneMethod == method.rawValue)
            },
            powerZone: settings.ftp.map { ftp in
                let range = powerZone2(ftp: ftp)
                return "\(range.lowerBound)–\(range.upperBound) W (56–75 % of FTP \(ftp) W)"
            }, notice: notice)
    }

    /// What a method needs, for the table of methods.
    static func needs(_ method: RiderZones.Method) -> String {
        switch method {
        case .welcome, .percentOfMax: "max HR"
        case .heartRateReserve: "max and resting HR"
        case .frielLTHR, .cogganLTHR: "threshold HR"
        case .maf: "age"
        case .manual: "both bounds"
        }
    }

    /// Zone 2 by `method` from the settings' inputs.
    static func zone(_ method: RiderZones.Method, settings: RiderSettings) throws -> HeartRateZone {
        struct Missing: Error {}
        switch method {
        case .welcome:
            guard let max = settings.maxHeartRate else { throw Missing() }
            return try RiderZones.welcomeZone(maxHeartRate: max)
        case .percentOfMax:
            guard let max = settings.maxHeartRate else { throw Missing() }
            return try Zone2Method.percentOfMax(maxHR: max).zone()
        case .heartRateReserve:
            guard let max = settings.maxHeartRate, let rest = settings.restingHeartRate else { throw Missing() }
            return try Zone2Method.heartRateReserve(restingHR: rest, maxHR: max).zone()
        case .frielLTHR:
            guard let lthr = settings.thresholdHeartRate else { throw Missing() }
            return try Zone2Method.frielLTHR(lthr: lthr).zone()
        case .cogganLTHR:
            guard let lthr = settings.thresholdHeartRate else { throw Missing() }
            return try Zone2Method.cogganLTHR(lthr: lthr).zone()
        case .maf:
            guard let age = settings.age else { throw Missing() }
            return try Zone2Method.maf(age: age, adjustment: settings.mafAdjustment ?? 0).zone()
        case .manual:
            guard let lower = settings.zoneLower, let upper = settings.zoneUpper else { throw Missing() }
            return try Zone2Method.manual(lower: lower, upper: upper).zone()
        }
    }

    /// Reads the form into new settings (Zone 2 recomputed by the chosen method), or the messages by field.
    static func read(_ input: Input, into settings: RiderSettings) -> Result<RiderSettings, FieldErrors> {
        var errors: [String: String] = [:]
        var next = settings
        func number(_ text: String, _ field: String, _ range: ClosedRange<Int>, _ message: String) -> Int? {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return nil }
            guard let value = Int(trimmed), range.contains(value) else {
                errors[field] = message
                return nil
            }
            return value
        }
        next.maxHeartRate = number(
            input.maxHeartRate, "maxhr", heartRates, "Enter a maximum heart rate from 120 to 220 bpm.")
        next.restingHeartRate = number(
            input.restingHeartRate, "resthr", restingRates, "Enter a resting heart rate from 30 to 100 bpm.")
        next.thresholdHeartRate = number(
            input.thresholdHeartRate, "lthr", thresholds, "Enter a threshold heart rate from 100 to 210 bpm.")
        next.age = number(input.age, "age", ages, "Enter an age from 13 to 99.")
        next.mafAdjustment =
            number(input.mafAdjustment, "maf", adjustments, "Choose an adjustment from −10 to +5.") ?? 0
        let lower = number(input.lower, "lower", 30...230, "Enter a heart rate from 30 to 230 bpm.")
        let upper = number(input.upper, "upper", 30...230, "Enter a heart rate from 30 to 230 bpm.")
        guard let method = RiderZones.Method(rawValue: input.method) else {
            errors["method"] = "Choose how Zone 2 is set."
            return .failure(FieldErrors(fields: errors))
        }
        guard errors.isEmpty else { return .failure(FieldErrors(fields: errors)) }
        if method == .manual {
            next.zoneLower = lower
            next.zoneUpper = upper
        }
        do {
            let zone = try zone(method, settings: next)
            next.zoneMethod = method.rawValue
            next.zoneLower = zone.lower
            next.zoneUpper = zone.upper
            return .success(next)
        } catch let error as ZoneError {
            errors[field(for: method)] = error.description
        } catch {
            errors[field(for: method)] = "This method needs your \(needs(method)): fill it in above."
        }
        return .failure(FieldErrors(fields: errors))
    }

    /// The field a method's refusal is shown next to.
    static func field(for method: RiderZones.Method) -> String {
        switch method {
        case .welcome, .percentOfMax, .heartRateReserve: "maxhr"
        case .frielLTHR, .cogganLTHR: "lthr"
        case .maf: "age"
        case .manual: "lower"
        }
    }
}
