import Foundation
import Testing

@testable import ClubWeekly

@Suite("Week boundaries in the club's time zone")
struct WeekTests {
    typealias F = Fixture

    @Test("A normal Dublin winter week is Monday 00:00 to the next Monday, 168 h")
    func normalWeek() {
        let week = F.march16
        #expect(week.start == F.utc(2026, 3, 16))
        #expect(week.end == F.utc(2026, 3, 23))
        #expect(F.hours(week) == 168)
        #expect(week.firstDay == "2026-03-16")
        #expect(week.lastDay == "2026-03-22")
        #expect(week.timeZoneIdentifier == "Europe/Dublin")
    }

    @Test("Dublin spring-forward week is 167 h and ends at local midnight in IST")
    func dublinSpring() {
        let week = F.dublinWeek(containing: F.utc(2026, 3, 25, 12))
        #expect(week.start == F.utc(2026, 3, 23))
        #expect(week.end == F.utc(2026, 3, 29, 23))
        #expect(F.hours(week) == 167)
        #expect(week.lastDay == "2026-03-29")
        // Sunday 23:30 IST is still this week; Monday 00:30 IST is the next one.
        #expect(week.contains(F.local(F.dublin, 2026, 3, 29, 23, 30)))
        #expect(!week.contains(F.local(F.dublin, 2026, 3, 30, 0, 30)))
        #expect(F.dublinWeek(containing: F.local(F.dublin, 2026, 3, 30, 0, 30)).firstDay == "2026-03-30")
    }

    @Test("Dublin fall-back week is 169 h")
    func dublinAutumn() {
        let week = F.dublinWeek(containing: F.utc(2026, 10, 21, 12))
        #expect(week.start == F.utc(2026, 10, 18, 23))
        #expect(week.end == F.utc(2026, 10, 26))
        #expect(F.hours(week) == 169)
        #expect(week.firstDay == "2026-10-19")
        #expect(week.lastDay == "2026-10-25")
    }

    @Test("Zurich: Monday 00:30 local belongs to the new week, Sunday 23:30 to the old one")
    func zurichMidnight() {
        let calendar = WeekCalendar(timeZone: F.zurich, weekStart: .monday)
        let sunday = F.local(F.zurich, 2026, 3, 29, 23, 30)
        let monday = F.local(F.zurich, 2026, 3, 30, 0, 30)
        #expect(sunday == F.utc(2026, 3, 29, 21, 30))
        #expect(monday == F.utc(2026, 3, 29, 22, 30))
        let old = calendar.week(containing: sunday)
        let new = calendar.week(containing: monday)
        #expect(old.firstDay == "2026-03-23")
        #expect(old.start == F.utc(2026, 3, 22, 23))
        #expect(old.end == F.utc(2026, 3, 29, 22))
        #expect(F.hours(old) == 167)
        #expect(new.firstDay == "2026-03-30")
        #expect(new.previous == old)
        #expect(old.next == new)
        // The original worker's UTC weeks would put both in the UTC week of 23 March.
        #expect(calendar.offset(of: sunday, from: monday) == -1)
    }

    @Test("Zurich fall-back week is 169 h")
    func zurichAutumn() {
        let week = WeekCalendar(timeZone: F.zurich, weekStart: .monday).week(containing: F.utc(2026, 10, 22))
        #expect(week.start == F.utc(2026, 10, 18, 22))
        #expect(week.end == F.utc(2026, 10, 25, 23))
        #expect(F.hours(week) == 169)
    }

    @Test("New York: spring week 167 h, autumn week 169 h")
    func newYork() {
        let calendar = WeekCalendar(timeZone: F.newYork, weekStart: .monday)
        let spring = calendar.week(containing: F.utc(2026, 3, 5, 12))
        #expect(spring.start == F.utc(2026, 3, 2, 5))
        #expect(spring.end == F.utc(2026, 3, 9, 4))
        #expect(F.hours(spring) == 167)
        let autumn = calendar.week(containing: F.utc(2026, 10, 28, 12))
        #expect(autumn.start == F.utc(2026, 10, 26, 4))
        #expect(autumn.end == F.utc(2026, 11, 2, 5))
        #expect(F.hours(autumn) == 169)
        #expect(autumn.label == "Week of 26 Oct – 1 Nov 2026")
    }

    @Test("Sunday week start in New York across spring-forward")
    func sundayStart() {
        let calendar = WeekCalendar(timeZone: F.newYork, weekStart: .sunday)
        let week = calendar.week(containing: F.local(F.newYork, 2026, 3, 11, 9))
        #expect(week.firstDay == "2026-03-08")
        #expect(week.lastDay == "2026-03-14")
        #expect(week.start == F.utc(2026, 3, 8, 5))
        #expect(week.end == F.utc(2026, 3, 15, 4))
        #expect(F.hours(week) == 167)
        #expect(week.shortLabel == "w/c 8 Mar")
        // Saturday 23:30 belongs to it, Sunday 00:30 to the next.
        #expect(week.contains(F.local(F.newYork, 2026, 3, 14, 23, 30)))
        #expect(calendar.week(containing: F.local(F.newYork, 2026, 3, 15, 0, 30)).firstDay == "2026-03-15")
        // A Sunday itself is the first day of its week.
        #expect(calendar.week(containing: F.local(F.newYork, 2026, 3, 8, 12)).firstDay == "2026-03-08")
    }

    @Test("Sydney (east of UTC): the local Monday starts while it is still Sunday in UTC")
    func sydneyLocalMonday() {
        let calendar = WeekCalendar(timeZone: F.sydney, weekStart: .monday)
        let mondayMorning = F.local(F.sydney, 2026, 3, 30, 0, 30)
        #expect(mondayMorning == F.utc(2026, 3, 29, 13, 30))  // Sunday in UTC
        let week = calendar.week(containing: mondayMorning)
        #expect(week.firstDay == "2026-03-30")
        #expect(week.start == F.utc(2026, 3, 29, 13))
        // DST ends on Sunday 5 April: 169 h.
        #expect(week.end == F.utc(2026, 4, 5, 14))
        #expect(F.hours(week) == 169)
        #expect(week.label == "Week of 30 Mar – 5 Apr 2026")
        let sundayNight = F.local(F.sydney, 2026, 3, 29, 23, 30)
        #expect(calendar.week(containing: sundayNight).firstDay == "2026-03-23")
    }

    @Test("Sydney spring-forward week is 167 h")
    func sydneySpring() {
        let week = WeekCalendar(timeZone: F.sydney, weekStart: .monday).week(containing: F.utc(2026, 10, 1))
        #expect(week.firstDay == "2026-09-28")
        #expect(week.start == F.utc(2026, 9, 27, 14))
        #expect(week.end == F.utc(2026, 10, 4, 13))
        #expect(F.hours(week) == 167)
    }

    @Test("A zone whose DST change skips midnight starts the week at 01:00")
    func skippedMidnight() {
        // Chile moves from Saturday 24:00 to Sunday 01:00 on 6 September 2026.
        let calendar = WeekCalendar(timeZone: F.santiago, weekStart: .sunday)
        let week = calendar.week(containing: F.utc(2026, 9, 8, 12))
        #expect(week.firstDay == "2026-09-06")
        #expect(week.start == F.utc(2026, 9, 6, 4))
        #expect(week.end == F.utc(2026, 9, 13, 3))
        #expect(F.hours(week) == 167)
        #expect(week.previous.end == week.start)
        #expect(week.previous.firstDay == "2026-08-30")
    }

    @Test("Start is included, end is excluded")
    func halfOpen() {
        let week = F.march16
        #expect(week.contains(week.start))
        #expect(!week.contains(week.end))
        #expect(week.contains(week.end.addingTimeInterval(-0.001)))
        #expect(!week.contains(week.start.addingTimeInterval(-0.001)))
    }

    @Test("Labels: same month, across months, across years, and the worker's short label")
    func labels() {
        #expect(F.dublinWeek(containing: F.utc(2026, 3, 25)).label == "Week of 23–29 Mar 2026")
        #expect(F.dublinWeek(containing: F.utc(2026, 4, 1)).label == "Week of 30 Mar – 5 Apr 2026")
        #expect(F.dublinWeek(containing: F.utc(2026, 1, 1)).label == "Week of 29 Dec 2025 – 4 Jan 2026")
        #expect(F.dublinWeek(containing: F.utc(2026, 1, 1)).range == "29 Dec 2025 – 4 Jan 2026")
        #expect(F.march16.shortLabel == "w/c 16 Mar")
        #expect(F.dublinWeek(containing: F.utc(2026, 2, 4)).shortLabel == "w/c 2 Feb")
        #expect(F.dublinWeek(containing: F.utc(2026, 1, 1)).firstDay == "2025-12-29")
        #expect(F.dublinWeek(containing: F.utc(2026, 1, 1)).lastDay == "2026-01-04")
    }

    @Test("Stepping back week by week over DST changes stays contiguous and on local midnights")
    func contiguous() {
        for zone in [F.dublin, F.zurich, F.newYork, F.sydney, F.santiago] {
            for weekStart in [Weekday.monday, .sunday, .saturday] {
                let calendar = WeekCalendar(timeZone: zone, weekStart: weekStart)
                var week = calendar.week(containing: F.utc(2026, 12, 30))
                for _ in 0..<60 {
                    let previous = week.previous
                    #expect(previous.end == week.start)
                    #expect([167.0, 168, 169].contains(F.hours(previous)))
                    #expect(calendar.week(containing: previous.start) == previous)
                    #expect(calendar.week(containing: previous.end.addingTimeInterval(-0.001)) == previous)
                    let localWeekday = Calendar.gregorian(in: zone).component(.weekday, from: previous.start)
                    #expect(localWeekday == weekStart.rawValue)
                    week = previous
                }
            }
        }
    }

    @Test("Offsets: 0 is this week, negative for the past, across a DST change")
    func offsets() {
        let calendar = WeekCalendar(timeZone: F.dublin, weekStart: .monday)
        let now = F.utc(2026, 4, 2, 9)
        let current = calendar.week(containing: now)
        #expect(calendar.week(offset: 0, from: now) == current)
        #expect(calendar.week(offset: -1, from: now) == current.previous)
        #expect(calendar.week(offset: -2, from: now) == current.previous.previous)
        #expect(calendar.week(offset: 1, from: now) == current.next)
        #expect(calendar.offset(of: now, from: now) == 0)
        #expect(calendar.offset(of: F.utc(2026, 3, 29, 22, 59), from: now) == -1)
        #expect(calendar.offset(of: F.utc(2026, 3, 29, 23), from: now) == 0)
        #expect(calendar.offset(of: F.utc(2026, 1, 1), from: now) == -13)
        #expect(calendar.offset(of: F.utc(2025, 4, 2), from: now) == -52)
        let weeks = calendar.weeks(offset: -3...0, from: now)
        #expect(weeks.count == 4)
        #expect(weeks.last == current)
        #expect(weeks.first == calendar.week(offset: -3, from: now))
        for (a, b) in zip(weeks, weeks.dropFirst()) { #expect(a.end == b.start) }
        for (index, week) in weeks.enumerated() {
            #expect(calendar.offset(of: week.start, from: now) == index - 3)
        }
    }

    @Test("A club's calendar uses its zone and week start; unknown zones fall back to UTC")
    func clubCalendar() {
        let club = Club(
            id: ClubID("c"), name: "C", slug: "c", timeZoneIdentifier: "Australia/Sydney", weekStart: .sunday,
            createdAt: F.utc(2025, 1, 1))
        let week = WeekCalendar(club: club).week(containing: F.utc(2026, 3, 18))
        #expect(week.timeZoneIdentifier == "Australia/Sydney")
        #expect(week.firstDay == "2026-03-15")

        var broken = club
        broken.timeZoneIdentifier = "Nowhere/Land"
        let utcWeek = WeekCalendar(club: broken).week(containing: F.utc(2026, 3, 18))
        #expect(utcWeek.start == F.utc(2026, 3, 15))
        #expect(F.hours(utcWeek) == 168)
    }

    @Test("Huge offsets are clamped instead of overflowing")
    func hugeOffsets() {
        let calendar = WeekCalendar(timeZone: F.dublin, weekStart: .monday)
        let now = F.utc(2026, 3, 18)
        let far = calendar.week(offset: Int.min, from: now)
        #expect(far.start < now)
        #expect(calendar.weeks(offset: 0...0, from: now).count == 1)
        #expect(calendar.weeks(offset: Int.max - 1...Int.max, from: now).count == 1)
        #expect(F.march16.shifted(by: Int.max).start > now)
    }

    @Test("Weeks round-trip through JSON and hash by their bounds")
    func codable() throws {
        let week = F.march16
        let decoded = try JSONDecoder().decode(Week.self, from: JSONEncoder().encode(week))
        #expect(decoded == week)
        #expect(Set([week, decoded, week.previous]).count == 2)
    }
}
