import ClubhouseBasics
import Testing

@Suite("UTC timestamps")
struct UTCTimestampTests {
    @Test("the three fraction styles")
    func fractions() {
        let ms: Int64 = 1_774_123_200_250  // 2026-03-21T20:00:00.250Z
        #expect(UTCTimestamp.string(epochMilliseconds: ms, fraction: .milliseconds) == "2026-03-21T20:00:00.250Z")
        #expect(UTCTimestamp.string(epochMilliseconds: ms, fraction: .none) == "2026-03-21T20:00:00Z")
        #expect(
            UTCTimestamp.string(epochMilliseconds: ms, fraction: .millisecondsWhenNonZero) == "2026-03-21T20:00:00.250Z"
        )
        let whole = ms - 250
        #expect(UTCTimestamp.string(epochMilliseconds: whole, fraction: .milliseconds) == "2026-03-21T20:00:00.000Z")
        #expect(
            UTCTimestamp.string(epochMilliseconds: whole, fraction: .millisecondsWhenNonZero) == "2026-03-21T20:00:00Z")
    }

    @Test("the epoch, the millisecond before it and a leap day")
    func edges() {
        #expect(UTCTimestamp.string(epochMilliseconds: 0, fraction: .milliseconds) == "1970-01-01T00:00:00.000Z")
        #expect(UTCTimestamp.string(epochMilliseconds: -1, fraction: .milliseconds) == "1969-12-31T23:59:59.999Z")
        #expect(UTCTimestamp.string(epochMilliseconds: -1, fraction: .none) == "1969-12-31T23:59:59Z")
        // 2024-02-29T23:59:59.999Z and the next millisecond.
        let leap = Int64(CivilDate.dayNumber(year: 2024, month: 3, day: 1)) * 86_400_000 - 1
        #expect(UTCTimestamp.string(epochMilliseconds: leap, fraction: .milliseconds) == "2024-02-29T23:59:59.999Z")
        #expect(UTCTimestamp.string(epochMilliseconds: leap + 1, fraction: .milliseconds) == "2024-03-01T00:00:00.000Z")
        // The last millisecond of a year.
        let newYear = Int64(CivilDate.dayNumber(year: 2026, month: 1, day: 1)) * 86_400_000
        #expect(UTCTimestamp.string(epochMilliseconds: newYear - 1, fraction: .none) == "2025-12-31T23:59:59Z")
    }

    @Test("floor division rounds toward negative infinity")
    func floorDivision() {
        #expect(UTCTimestamp.floorDivide(7, 2) == 3)
        #expect(UTCTimestamp.floorDivide(-7, 2) == -4)
        #expect(UTCTimestamp.floorDivide(-8, 2) == -4)
        #expect(UTCTimestamp.floorDivide(0, 5) == 0)
    }
}
