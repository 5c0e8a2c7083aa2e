import Foundation
import JustZone2
import ServerKit

/// `/zone2/settings`: FTP (power Zone 2 = 56–75 %), the weekly Zone 2 goal, Strava connect/disconnect, the simulator.
struct SettingsModel: Sendable, Equatable {
    /// The form's values as typed.
    var ftp: String
    var goal: String
    var errors: [String: String]
    var powerZone: String?
    var stravaConfigured: Bool
    var stravaConnected: Bool
    var stravaAthlete: String?
    var notice: (text: String, error: Bool)?
    /// The rider's recent Bluetooth and ride events on this server ("Mon 23 Nov, 18:05:12", what), newest first.
    var events: [(time: String, text: String)] = []

    static func == (a: SettingsModel, b: SettingsModel) -> Bool {
        a.ftp == b.ftp && a.goal == b.goal && a.errors == b.errors && a.powerZone == b.powerZone
            && a.stravaConfigured == b.stravaConfigured && a.stravaConnected == b.stravaConnected
            && a.stravaAthlete == b.stravaAthlete && a.notice?.text == b.notice?.text
            && a.events.map(\.text) == b.events.map(\.text)
    }

    static let ftps = 50...600
    static let goals = 30...1500

    static func build(
        settings: RiderSettings, stravaConfigured: Bool, stravaConnected: Bool, stravaAthlete: String? = nil,
        typed: (ftp: String, goal: String)? = nil, errors: [String: String] = [:],
        notice: (text: String, error: Bool)? = nil
    ) -> SettingsModel {
        SettingsModel(
            ftp: typed?.ftp ?? settings.ftp.map(String.init) ?? "",
            goal: typed?.goal ?? String(settings.weeklyGoalMinutes), errors: errors,
            powerZone: settings.ftp.map { ftp in
                let range = powerZone2(ftp: ftp)
                return "\(range.lowerBound)–\(range.upperBound) W"
            }, stravaConfigured: stravaConfigured, stravaConnected: stravaConnected, stravaAthlete: stravaAthlete,
            notice: notice)
    }

    /// Reads the form into new settings, or the messages by field (nothing saved).
    static func read(ftp: String, goal: String, into settings: RiderSettings) -> Result<RiderSettings, FieldErrors> {
        var next = settings
        var errors: [String: String] = [:]
        let ftpText = ftp.trimmingCharacters(in: .whitespaces)
        if ftpText.isEmpty {
            next.ftp = nil
        } else if let value = Int(ftpText), ftps.contains(value) {
            next.ftp = value
        } else {
            errors["ftp"] = "Enter an FTP from 50 to 600 W (or leave it empty)."
        }
        if let value = Int(goal.trimmingCharacters(in: .whitespaces)), goals.contains(value) {
            next.weeklyGoalMinutes = value
        } else {
            errors["goal"] = "Enter a weekly goal from 30 to 1500 minutes."
        }
        return errors.isEmpty ? .success(next) : .failure(FieldErrors(fields: errors))
    }
}
