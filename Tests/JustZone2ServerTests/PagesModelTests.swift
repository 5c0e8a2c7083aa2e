import ActivityFiles
import Foundation
import JustZone2
import TestSupport
import Testing
import WebUI

@testable import JustZone2Server

/// The pages' models, built by pure functions from settings and rides, and each page's HTML (the `<main>` part) as
/// a snapshot in `__Snapshots__`.
@Suite("JustZone2 pages: models and views")
struct PagesModelTests {
    static let now = Pages.monday.addingTimeInterval(3 * 86_400 + 10 * 3600)  // Thu 26 Nov 2026 10:00 UTC

    static func settings() -> RiderSettings {
        var settings = RiderSettings()
        settings.maxHeartRate = 180
        settings.zoneLower = 106
        settings.zoneUpper = 140
        settings.zoneMethod = "welcome"
        settings.welcomed = true
        settings.weeklyGoalMinutes = 150
        return settings
    }

    static func ride(
        _ id: String, daysAfterMonday: Double, minutes: Int, zone2: Int?, status: StoredRide.Status = .finished,
        source: StoredRide.Source = .bridge, upload: String? = nil
    ) -> StoredRide {
        var ride = StoredRide(
            id: id, riderID: "r", startedAt: Pages.monday.addingTimeInterval(daysAfterMonday * 86_400), source: source,
            status: status, duration: minutes * 60)
        ride.zone2Seconds = zone2.map { $0 * 60 }
        ride.averagePower = 140 + minutes / 10
        ride.averageHeartRate = 125 + minutes / 20
        ride.uploadState = upload
        if upload == "uploaded" { ride.stravaActivityID = 70_000 }
        return ride
    }

    static func main(_ html: String) -> String {
        guard let start = html.range(of: "<main"), let end = html.range(of: "</main>") else { return html }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test("home: Monday-based week, Zone 2 minutes (riding time without a zone), live rides left out, last five")
    func homeModel() throws {
        let rides = [
            Self.ride("a", daysAfterMonday: 2, minutes: 60, zone2: 45),
            Self.ride("b", daysAfterMonday: 0.1, minutes: 30, zone2: nil, source: .imported),
            Self.ride("c", daysAfterMonday: -0.5, minutes: 90, zone2: 80),
            Self.ride("live", daysAfterMonday: 3.4, minutes: 10, zone2: 5, status: .live),
            Self.ride("stopped", daysAfterMonday: 1, minutes: 20, zone2: 10, status: .interrupted),
        ]
        let model = HomeModel.build(
            settings: Self.settings(), rides: rides, stravaConfigured: true, stravaConnected: false, now: Self.now,
            timeZone: Pages.utc)
        #expect(model.weekMinutes == 45 + 30 + 10 && model.ridesThisWeek == 3 && model.percent == 56)
        #expect(model.weekLabel == "23 Nov – 29 Nov")
        #expect(model.liveRideURL == "/zone2/ride")
        #expect(model.interrupted.map(\.resumeURL) == ["/zone2/rides/stopped/resume"])
        #expect(model.rides.map(\.url) == ["/zone2/rides/a", "/zone2/rides/b", "/zone2/rides/c"])
        #expect(model.rides[1].badge == "Imported")
        #expect(model.form.zone == "106–140 bpm" && model.form.watts == 140 && model.form.minutes == 60)
        // In Zurich, Sunday 23:30 UTC is already Monday: the week starts then.
        let zurich = TimeZone(identifier: "Europe/Zurich") ?? Pages.utc
        let late = HomeModel.build(
            settings: Self.settings(), rides: [Self.ride("z", daysAfterMonday: -0.02, minutes: 30, zone2: 30)],
            stravaConfigured: true, stravaConnected: false, now: Self.now, timeZone: zurich)
        #expect(late.weekMinutes == 30)
        try Pages.assertSnapshot(Self.main(HomeView.page(model)), named: "home")
    }

    @Test("welcome: age → 208 − 0.7 × age, max HR wins, Zone 2 = 59–78 %; out of range or empty refused")
    func welcome() throws {
        #expect(RiderZones.maxHeartRate(age: 40) == 180)
        #expect(
            try WelcomeModel.read(age: "40", maxHeartRate: "").get()
                == .init(maxHeartRate: 180, zone: .init(lower: 106, upper: 140)))
        #expect(try WelcomeModel.read(age: "40", maxHeartRate: "200").get().zone == .init(lower: 118, upper: 156))
        for (age, max, field) in [
            ("12", "", "age"), ("100", "", "age"), ("", "119", "maxhr"), ("x", "", "age"), ("", "", "age"),
        ] {
            guard case .failure(let model) = WelcomeModel.read(age: age, maxHeartRate: max) else {
                Issue.record("\(age)/\(max) accepted")
                continue
            }
            #expect(model.errors[field] != nil, "\(age)/\(max)")
        }
        guard case .failure(let refused) = WelcomeModel.read(age: "7", maxHeartRate: "") else { return }
        try Pages.assertSnapshot(Self.main(WelcomeView.page(refused)), named: "welcome-error")
    }

    @Test("five zones around Zone 2 (Strava's bands) and the time in each; every method of the core on the zones page")
    func zones() throws {
        let bands = try #require(RiderZones.five(Self.settings()))
        #expect(bands.map(\.lower) == [0, 106, 141, 158, 176] && bands.map(\.upper) == [105, 140, 157, 175, nil])
        let samples = [100, 120, 150, 170, 190, 120].enumerated().map {
            RecordedSample(elapsed: Double($0.offset), heartRate: $0.element)
        }
        #expect(RiderZones.distribution(samples, bands: bands) == [1, 2, 1, 1, 1])

        var settings = Self.settings()
        settings.restingHeartRate = 50
        settings.thresholdHeartRate = 165
        settings.age = 40
        let model = ZonesModel.build(settings: settings)
        #expect(
            model.methods.map(\.zone) == [
                "106–140 bpm", "108–126 bpm", "128–141 bpm", "134–147 bpm", "114–137 bpm", "130–140 bpm",
            ])
        #expect(model.methods.first?.isCurrent == true)
        var input = ZonesModel.Input(settings)
        input.method = "maf"
        input.mafAdjustment = "5"
        #expect(try ZonesModel.read(input, into: settings).get().zoneUpper == 145)
        input.method = "manual"
        input.lower = "150"
        input.upper = "140"
        guard case .failure(let errors) = ZonesModel.read(input, into: settings) else {
            Issue.record("inverted bounds accepted")
            return
        }
        #expect(errors["lower"]?.contains("above the upper bound") == true)
        input.method = "frielLTHR"
        input.thresholdHeartRate = ""
        settings.thresholdHeartRate = nil
        guard case .failure(let missing) = ZonesModel.read(input, into: settings) else { return }
        #expect(missing["lthr"]?.contains("threshold HR") == true)
        settings.ftp = 250
        try Pages.assertSnapshot(Self.main(ZonesView.page(ZonesModel.build(settings: settings))), named: "zones")
    }

    @Test("settings: FTP 50–600 (empty clears it), goal 30–1500; the Strava section by state")
    func settings() throws {
        var settings = Self.settings()
        settings.ftp = 200
        #expect(try SettingsModel.read(ftp: "", goal: "200", into: settings).get().ftp == nil)
        #expect(try SettingsModel.read(ftp: "300", goal: "90", into: settings).get().weeklyGoalMinutes == 90)
        guard case .failure(let errors) = SettingsModel.read(ftp: "10", goal: "5", into: settings) else { return }
        #expect(errors.keys.sorted() == ["ftp", "goal"])
        var model = SettingsModel.build(
            settings: settings, stravaConfigured: true, stravaConnected: true, stravaAthlete: "Rider <Test>")
        #expect(model.powerZone == "112–150 W")
        model.events = [
            ("Mon 23 Nov, 07:31:02", "Heart-rate strap disconnected: <out of range>."),
            ("Mon 23 Nov, 07:30:00", "A tab connected as the radio."),
        ]
        let html = Self.main(SettingsView.page(model))
        #expect(html.contains("Rider &lt;Test&gt;"))
        #expect(html.contains("&lt;out of range&gt;"), "a device's words are text, never markup")
        try Pages.assertSnapshot(html, named: "settings")
    }

    @Test("a ride's laps split its downloads inside the kept part; the stored file's and a checkpoint's laps read back")
    func rideLaps() throws {
        let samples = Pages.samples(minutes: 40)  // 0…2999 s
        let start = Pages.monday
        func offsets(_ laps: [ActivityLap]) -> [[TimeInterval]] {
            laps.map { [$0.start.timeIntervalSince(start), $0.end.timeIntervalSince(start)] }
        }
        let ride = StoredRide(id: "ride-laps", riderID: "r", startedAt: start, source: .simulator, status: .finished)
        var data = RideData(ride: ride, samples: samples, laps: [200, 1500, 2800])
        let whole = data.activity()
        #expect(offsets(whole.laps) == [[0, 200], [200, 1500], [1500, 2800], [2800, 2999]])
        // A trim keeps the laps that start inside it: the first from the trim's start, the last to its end.
        data.ride.trimStart = 300
        data.ride.trimEnd = 2700
        #expect(offsets(data.activity().laps) == [[300, 1500], [1500, 2700]])
        data.ride.trimStart = 1600
        #expect(data.activity().laps.isEmpty, "no lap starts inside 1600–2700: one lap, as the writers make it")
        data.laps = []
        data.ride.trimStart = nil
        #expect(data.activity().laps.isEmpty)

        // Read back: the file written at the ride's end, and an interrupted ride's checkpoint.
        let file = FITWriter.data(for: whole)
        let fromFile = RideData.samples(file: file, checkpoint: nil)
        #expect(fromFile.laps == [200, 1500, 2800])
        #expect(fromFile.samples.count == samples.count)
        var recording = WorkoutRecording(
            id: "ride-laps", startedAt: start, plan: WorkoutPlan(mode: .erg(targetWatts: 150), duration: 3600),
            mainTargetWatts: 150)
        for second in 0..<900 {
            if second == 300 || second == 600 { recording.markLap() }
            recording.record(power: 150, target: 150, cadence: 90, speed: nil, distance: nil, heartRate: 120)
        }
        let fromCheckpoint = RideData.samples(file: nil, checkpoint: try JSONEncoder().encode(recording))
        #expect(fromCheckpoint.laps == [300, 600])
        #expect(fromCheckpoint.samples.count == 900)
    }

    @Test("a ride: figures of the kept part, drift, trim times, upload states; the page's HTML")
    func rideModel() throws {
        let samples = Pages.samples(minutes: 40)
        var ride = StoredRide(id: "ride-1", riderID: "r", startedAt: Pages.monday, source: .bridge, status: .finished)
        ride.trimStart = 300
        ride.trimEnd = 2700
        let data = RideData(ride: ride, samples: samples)
        #expect(data.keptSamples.count == 2401)
        let model = RideDetailModel.build(
            data, settings: Self.settings(), stravaConfigured: true, stravaConnected: true, timeZone: Pages.utc)
        #expect(model.trimStart == "5:00" && model.trimEnd == "45:00" && model.isTrimmed)
        #expect(model.figures.first?.value == "40:01")
        #expect(model.figures.first { $0.label == "Time in Zone 2" }?.value == "100 %")
        let drift = try #require(RideDetailModel.drift(data.keptSamples))
        #expect(abs(drift - 15) < 0.5, "10 bpm over 40 min = 15 bpm/h: \(drift)")
        #expect(model.upload == .ready(failure: nil))
        #expect(model.zones.map(\.band.number) == [1, 2, 3, 4, 5] && model.zones[1].percent == 100)
        for (text, seconds) in [
            ("5:00", 300), ("1:02:03", 3723), ("90", 90), ("5:60", nil), ("-1", nil), ("", nil), ("a:b", nil),
        ] {
            #expect(RideDetailModel.seconds(text) == seconds, "\(text)")
        }
        var uploaded = ride
        uploaded.uploadState = "uploaded"
        uploaded.stravaActivityID = 70_001
        #expect(
            RideDetailModel.upload(uploaded, configured: true, connected: true)
                == .uploaded(url: "https://www.strava.com/activities/70001", message: nil))
        #expect(RideDetailModel.upload(ride, configured: true, connected: false) == .connect)
        #expect(RideDetailModel.upload(ride, configured: false, connected: false) == .unavailable)
        var untrimmed = ride
        untrimmed.trimStart = nil
        untrimmed.trimEnd = nil
        let suggested = RideDetailModel.build(
            RideData(ride: untrimmed, samples: samples), settings: Self.settings(), stravaConfigured: true,
            stravaConnected: true, timeZone: Pages.utc)
        let steady = try #require(suggested.steady)
        #expect(!suggested.isTrimmed && suggested.figures.first?.value == "50:00", "figures of the whole ride")
        #expect(
            suggested.trimStart == Zone2Format.clock(steady.start) && suggested.trimEnd == Zone2Format.clock(steady.end)
        )
        let listed = [
            Self.ride("c", daysAfterMonday: 3, minutes: 30, zone2: nil),
            Self.ride("live", daysAfterMonday: 2.5, minutes: 30, zone2: nil, status: .live),
            Self.ride("b", daysAfterMonday: 2, minutes: 30, zone2: nil),
            Self.ride("a", daysAfterMonday: 1, minutes: 30, zone2: nil),
        ]
        #expect(RideDetailModel.neighbours(of: "b", in: listed) == ("/zone2/rides/a", "/zone2/rides/c"))
        #expect(RideDetailModel.neighbours(of: "c", in: listed) == ("/zone2/rides/b", nil))
        #expect(RideDetailModel.neighbours(of: "x", in: listed) == (nil, nil))
        let summary = RideDetailModel.build(
            data, settings: Self.settings(), stravaConfigured: true, stravaConnected: false, timeZone: Pages.utc,
            summary: true)
        try Pages.assertSnapshot(Self.main(RideDetailView.page(summary)), named: "ride-summary")
    }

    @Test("history: filters by period, source and status; weekly totals with empty weeks; import duplicates")
    func rides() throws {
        let rides = [
            Self.ride("a", daysAfterMonday: 2, minutes: 60, zone2: 45, upload: "uploaded"),
            Self.ride("b", daysAfterMonday: -6, minutes: 30, zone2: nil, source: .imported),
            Self.ride("c", daysAfterMonday: -40, minutes: 90, zone2: 80, source: .simulator),
            Self.ride("d", daysAfterMonday: 1, minutes: 20, zone2: 10, status: .interrupted),
        ]
        func build(_ period: String? = nil, _ source: String? = nil, _ status: String? = nil) -> RidesModel {
            RidesModel.build(
                rides: rides, filter: .init(period: period, source: source, status: status), now: Self.now,
                timeZone: Pages.utc)
        }
        #expect(build("4w").rows.count == 3)
        #expect(build("12w").rows.count == 4 && build("12w").weeks.count == 12)
        #expect(build("all", "simulator").rows.map(\.url) == ["/zone2/rides/c"])
        #expect(build("all", nil, "pending").rows.map(\.url) == ["/zone2/rides/b", "/zone2/rides/c"])
        #expect(build("all", nil, "interrupted").rows.map(\.url) == ["/zone2/rides/d"])
        let weeks = build("4w").weeks
        #expect(weeks.map(\.zone2Minutes) == [55, 30, 0, 0] && weeks.map(\.rides) == [2, 1, 0, 0])
        #expect(build("bogus").filter.period == .weeks12)

        let existing = [Self.ride("x", daysAfterMonday: 0, minutes: 60, zone2: nil)]
        var copy = Self.ride("y", daysAfterMonday: 0, minutes: 60, zone2: nil)
        copy.startedAt = copy.startedAt.addingTimeInterval(45)
        #expect(RideImport.duplicate(of: copy, in: existing)?.id == "x")
        copy.duration += 120
        #expect(RideImport.duplicate(of: copy, in: existing) == nil)
        guard
            case .failure(let refused) = RideImport.prepare(
                Data("garbage".utf8), filename: "x.fit", rider: "r", zone: nil)
        else { return }
        #expect(refused.outcome == .refused && refused.message.hasPrefix("not a ride file"))
        guard
            case .failure(let large) = RideImport.prepare(
                Data(count: RideImport.fileLimit + 1), filename: "big.fit", rider: "r", zone: nil)
        else { return }
        #expect(large.message == "too large (over 10 MB).")

        // A ride whose strap read 200 bpm is left out of the scatter chart (and named), never out of the list.
        var many = (0..<9).map { Self.ride("h\($0)", daysAfterMonday: -Double($0), minutes: 60, zone2: 50) }
        many[3].averageHeartRate = 200
        let outlying = RidesModel.build(
            rides: many, filter: .init(period: "4w", source: nil, status: nil), now: Self.now, timeZone: Pages.utc)
        #expect(outlying.rows.count == 9 && outlying.scatter.points.count == 8)
        #expect(outlying.leftOut.count == 1 && outlying.leftOut[0].contains("200 bpm"))
        #expect(RidesModel.usualRange([120, 121, 122, 124, 125, 126, 127, 128])?.contains(200) == false)
        #expect(RidesModel.usualRange([120, 200, 121]) == nil, "under 8 rides every one is shown")
        #expect(build("12w").leftOut.isEmpty)

        var model = build("12w")
        model.imports = [
            .init(file: "a.fit", outcome: .imported, message: "imported", url: "/zone2/rides/a"),
            .init(file: "<b>.txt", outcome: .refused, message: "not a ride file: not FIT, TCX or GPX."),
        ]
        try Pages.assertSnapshot(Self.main(RidesView.page(model)), named: "rides")
    }

    @Test("the delete confirmation and a Strava activity (read-only: no trim, upload or files)")
    func smallPages() throws {
        let confirm = RideDetailView.confirmDelete(
            title: "Zone 2 <Workout>", when: "Mon 23 Nov, 07:00", deleteURL: "/zone2/rides/a/delete",
            backURL: "/zone2/rides/a")
        #expect(confirm.contains("Zone 2 &lt;Workout&gt;"))
        try Pages.assertSnapshot(Self.main(confirm), named: "delete")
        var ride = StoredRide(
            id: "strava-555", riderID: "r", startedAt: Pages.monday, source: .imported, status: .finished,
            name: "Zwift Zone 2")
        ride.trimStart = 300
        ride.trimEnd = 2100
        let model = RideDetailModel.build(
            RideData(ride: ride, samples: Pages.samples(minutes: 30)), settings: Self.settings(),
            stravaConfigured: true, stravaConnected: true, timeZone: Pages.utc, stravaActivity: 555)
        let html = Self.main(RideDetailView.page(model))
        #expect(html.contains("https://www.strava.com/activities/555") && !html.contains("/trim\""))
        try Pages.assertSnapshot(html, named: "strava-activity")
    }
}
