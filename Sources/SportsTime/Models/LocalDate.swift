import ClubhouseBasics
import Foundation

/// A calendar day without a time zone ("2025-06-01"): a game's local date, a trip's days. The shared
/// ``CivilDate``, so its JSON is the plain `"yyyy-MM-dd"` string.
public typealias LocalDate = CivilDate

extension CivilDate {
    /// Midnight of this date in `timeZone`.
    public func start(in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? Date(timeIntervalSince1970: 0)
    }
}
