import Foundation
import Testing

@testable import ClubWeekly

@Suite("Display formatting")
struct FormatTests {
    typealias F = Fixture

    @Test("Privacy names: first name and last initial, trimmed")
    func privacyName() {
        #expect(Format.privacyName(firstName: "Sarah", lastName: "Murphy") == "Sarah M.")
        #expect(Format.privacyName(firstName: "  Sarah ", lastName: " murphy ") == "Sarah m.")
        #expect(Format.privacyName(firstName: "Kishor", lastName: "M") == "Kishor M.")
        #expect(Format.privacyName(firstName: "Kishor", lastName: "K.") == "Kishor K.")
        #expect(Format.privacyName(firstName: "Sarah", lastName: "") == "Sarah")
        #expect(Format.privacyName(firstName: "Sarah", lastName: "   ") == "Sarah")
        #expect(Format.privacyName(firstName: "", lastName: "Murphy") == "M.")
        #expect(Format.privacyName(firstName: "", lastName: "") == "")
        #expect(Format.privacyName(firstName: "Róisín", lastName: "Ó Faoláin") == "Róisín Ó.")
    }

    @Test("Initials")
    func initials() {
        #expect(Format.initials(firstName: "Sarah", lastName: "Murphy") == "SM")
        #expect(Format.initials(firstName: "sarah", lastName: "") == "S")
        #expect(Format.initials(firstName: " ", lastName: " ") == "?")
        #expect(Format.initials(firstName: "Éamon", lastName: "de Valera") == "ÉD")
    }

    @Test("Elevation: metres below 1,000, one decimal of thousands above")
    func elevation() {
        #expect(Format.elevation(420) == "420m")
        #expect(Format.elevation(420.4) == "420m")
        #expect(Format.elevation(0) == "0m")
        #expect(Format.elevation(999.4) == "999m")
        #expect(Format.elevation(999.6) == "1k")
        #expect(Format.elevation(1000) == "1k")
        #expect(Format.elevation(1200) == "1.2k")
        #expect(Format.elevation(1249) == "1.2k")
        #expect(Format.elevation(1250) == "1.3k")
        #expect(Format.elevation(8420) == "8.4k")
        #expect(Format.elevation(12_345) == "12.3k")
        #expect(Format.elevation(-5) == "0m")
        #expect(Format.elevation(.nan) == "0m")
        #expect(Format.metres(8420) == "8,420m")
    }

    @Test("Durations: hours and minutes, minutes truncated")
    func duration() {
        #expect(Format.duration(5280) == "1h 28m")
        #expect(Format.duration(2700) == "45m")
        #expect(Format.duration(0) == "0m")
        #expect(Format.duration(59) == "0m")
        #expect(Format.duration(3600) == "1h 0m")
        #expect(Format.duration(6000) == "1h 40m")
        #expect(Format.duration(4000) == "1h 6m")
        #expect(Format.duration(1800) == "30m")
        #expect(Format.duration(7000) == "1h 56m")
        #expect(Format.duration(93_600) == "26h 0m")
        #expect(Format.duration(-5) == "0m")
    }

    @Test("Pace in minutes per km")
    func pace() {
        // 12.4 km in 64:29 → 5:12/km.
        #expect(Format.pace(metresPerSecond: 1000.0 / 312) == "5:12/km")
        #expect(Format.pace(metresPerSecond: 1000.0 / 300) == "5:00/km")
        #expect(Format.pace(metresPerSecond: 1000.0 / 359.6) == "6:00/km")
        #expect(Format.pace(metresPerSecond: 0) == "–")
        #expect(Format.pace(metresPerSecond: -1) == "–")
        #expect(Format.pace(metresPerSecond: .nan) == "–")
    }

    @Test("Speed and distance")
    func speedAndDistance() {
        #expect(Format.speed(metresPerSecond: 28.4 / 3.6) == "28.4 km/h")
        #expect(Format.speed(metresPerSecond: 0) == "0.0 km/h")
        #expect(Format.speed(metresPerSecond: 10) == "36.0 km/h")
        #expect(Format.distanceKm(42_300) == "42.3 km")
        #expect(Format.distanceKm(42_250) == "42.3 km")
        #expect(Format.distanceKm(42_249) == "42.2 km")
        #expect(Format.distanceKm(0) == "0.0 km")
        #expect(Format.distanceKm(87_000, decimals: 0) == "87 km")
        #expect(Format.distanceKm(1_234_560) == "1,234.6 km")
        #expect(Format.distanceKm(12_346, decimals: 2) == "12.35 km")
        #expect(Format.distanceKm(.infinity) == "0.0 km")
    }

    @Test("Activity dates in the club's zone, 12-hour clock")
    func activityDate() {
        #expect(Format.activityDate(F.local(F.dublin, 2026, 3, 24, 7, 32), timeZone: F.dublin) == "Tue 24 Mar · 7:32am")
        #expect(Format.activityDate(F.local(F.dublin, 2025, 3, 24, 7, 32), timeZone: F.dublin) == "Mon 24 Mar · 7:32am")
        #expect(Format.activityDate(F.utc(2026, 3, 16, 0, 5), timeZone: F.dublin) == "Mon 16 Mar · 12:05am")
        #expect(Format.activityDate(F.utc(2026, 3, 16, 12, 0), timeZone: F.dublin) == "Mon 16 Mar · 12:00pm")
        #expect(Format.activityDate(F.utc(2026, 3, 16, 18, 9), timeZone: F.dublin) == "Mon 16 Mar · 6:09pm")
        // The same instant is Monday in Sydney.
        #expect(Format.activityDate(F.utc(2026, 3, 29, 13, 30), timeZone: F.sydney) == "Mon 30 Mar · 12:30am")
        #expect(Format.activityDate(F.utc(2026, 3, 29, 13, 30), timeZone: F.newYork) == "Sun 29 Mar · 9:30am")
    }

    @Test("Percentages are rounded to integers")
    func percent() {
        #expect(Format.percent(12) == "12%")
        #expect(Format.percent(12.5) == "13%")
        #expect(Format.percent(-3.2) == "-3%")
        #expect(Format.percent(-0.2) == "0%")
        #expect(Format.percent(.nan) == "0%")
        #expect(Format.percent(1e300).hasSuffix("%"))
    }

    @Test("Sport emoji and labels")
    func sports() {
        #expect(Format.sportEmoji("Ride") == "🚴")
        #expect(Format.sportEmoji("VirtualRide") == "🚴")
        #expect(Format.sportEmoji("EBikeRide") == "🚴")
        #expect(Format.sportEmoji("MountainBikeRide") == "🚵")
        #expect(Format.sportEmoji("GravelRide") == "🚵")
        #expect(Format.sportEmoji("Run") == "🏃")
        #expect(Format.sportEmoji("TrailRun") == "🏃")
        #expect(Format.sportEmoji("Walk") == "🚶")
        #expect(Format.sportEmoji("Hike") == "🥾")
        #expect(Format.sportEmoji("Swim") == "🏊")
        #expect(Format.sportEmoji("Yoga") == "💪")
        #expect(Format.sportEmoji("") == "💪")
        #expect(Format.sportLabel("GravelRide") == "Gravel Ride")
        #expect(Format.sportLabel("Ride") == "Ride")
        #expect(Format.sportLabel("MountainBikeRide") == "Mountain Bike Ride")
        #expect(Format.sportLabel("EBikeRide") == "E-Bike Ride")
        #expect(Format.sportLabel("EMountainBikeRide") == "E-Mountain Bike Ride")
        #expect(Format.sportLabel("VirtualRide") == "Virtual Ride")
        #expect(Format.sportLabel("StandUpPaddling") == "Stand Up Paddling")
        #expect(Format.sportLabel("HIITWorkout") == "HIIT Workout")
        #expect(Format.sportLabel("") == "Activity")
    }

    @Test("Colour hash is FNV-1a, stable and in 0..<360")
    func colorHash() {
        // FNV-1a 32 of "" is the offset basis 2166136261; of "a" it is 0xE40C292C.
        #expect(Format.colorHash("") == Int(2_166_136_261 % 360))
        #expect(Format.colorHash("a") == Int(UInt32(0xE40C_292C) % 360))
        #expect(Format.colorHash("Sarah M.") == Format.colorHash("Sarah M."))
        #expect(Format.colorHash("Sarah M.") != Format.colorHash("James K."))
        for name in ["Sarah M.", "James K.", "Róisín", "🚴", String(repeating: "x", count: 1000)] {
            #expect((0..<360).contains(Format.colorHash(name)))
        }
    }
}
