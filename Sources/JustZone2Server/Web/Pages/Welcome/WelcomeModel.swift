import Foundation
import JustZone2
import ServerKit

/// `/zone2/welcome`: age or maximum heart rate → Zone 2 (59–78 % of max), as the original app's first screen.
struct WelcomeModel: Error, Sendable, Equatable {
    /// The values as typed (kept after a refusal).
    var age: String = ""
    var maxHeartRate: String = ""
    /// Messages by field (`age`, `maxhr`, `form`).
    var errors: [String: String] = [:]

    static let ages = 13...99
    static let maxHeartRates = 120...220

    /// What the form's answer sets: the maximum heart rate and Zone 2.
    struct Answer: Sendable, Equatable {
        var maxHeartRate: Int
        var zone: HeartRateZone
    }

    /// Reads the form: a maximum heart rate wins over an age; both empty, out of range or not numbers are refused
    /// with a message next to the field.
    static func read(age: String?, maxHeartRate: String?) -> Result<Answer, WelcomeModel> {
        var model = WelcomeModel(
            age: (age ?? "").trimmingCharacters(in: .whitespaces),
            maxHeartRate: (maxHeartRate ?? "").trimmingCharacters(in: .whitespaces))
        var max: Int?
        if !model.maxHeartRate.isEmpty {
            if let value = Int(model.maxHeartRate), maxHeartRates.contains(value) {
                max = value
            } else {
                model.errors["maxhr"] = "Enter a maximum heart rate from 120 to 220 bpm."
            }
        }
        if !model.age.isEmpty {
            if let value = Int(model.age), ages.contains(value) {
                max = max ?? RiderZones.maxHeartRate(age: value)
            } else {
                model.errors["age"] = "Enter an age from 13 to 99."
            }
        }
        if model.age.isEmpty && model.maxHeartRate.isEmpty {
            model.errors["age"] = "Enter your age or your maximum heart rate (or choose Later)."
        }
        guard model.errors.isEmpty, let max, let zone = try? RiderZones.welcomeZone(maxHeartRate: max) else {
            if model.errors.isEmpty { model.errors["age"] = "Enter your age or your maximum heart rate." }
            return .failure(model)
        }
        return .success(Answer(maxHeartRate: max, zone: zone))
    }
}
