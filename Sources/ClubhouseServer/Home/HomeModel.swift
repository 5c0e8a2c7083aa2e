import ClubWeeklyServer
import ClubhouseBasics
import Foundation
import JustZone2Server
import SportsTime
import SportsTimeServer
import TodayInSwitzerlandServer

/// The Clubhouse home page: one card per app with a live glance. Built by ``make(_:)`` from the apps' glances
/// (any of which may be missing: an app that did not answer in time says so instead of holding the page up).
struct HomeModel: Sendable, Equatable {
    /// A card's headline figures: label and value pairs.
    struct Figure: Sendable, Equatable {
        var label: String
        var value: String
    }

    /// One app's card.
    struct Card: Sendable, Equatable {
        var id: String
        var icon: String
        /// The app's name above a title that names something else (the club, the city).
        var kicker: String? = nil
        var title: String
        var pitch: String
        /// The glance's lines; empty with `message` when there is nothing to show.
        var figures: [Figure]
        var message: String?
        var action: (label: String, url: String)?

        static func == (a: Card, b: Card) -> Bool {
            a.id == b.id && a.title == b.title && a.pitch == b.pitch && a.figures == b.figures
                && a.message == b.message && a.action?.label == b.action?.label && a.action?.url == b.action?.url
        }
    }

    var language: String
    var cards: [Card]

    /// What the apps said, as the home page's controller gathered it.
    struct Input: Sendable {
        var language: String
        var now: Date
        /// The time zone of dates on the page (the server's; the Swiss card uses Swiss time itself).
        var timeZone: TimeZone
        /// nil: no such club; `.some(nil)`: it did not answer in time.
        var club: ClubGlance??
        var clubURL: String
        var trip: TripSuggestion??
        /// The visitor's next saved trip (from the SportsTime traveller cookie), which wins over the suggestion.
        var savedTrip: TripGlance? = nil
        var ride: RideGlance?
        var swiss: SwissGlance?
        var swissURL: String
    }

    static func make(_ input: Input) -> HomeModel {
        let de = input.language == "de"
        func t(_ en: String, _ german: String) -> String { de ? german : en }
        let late = t("Did not answer in time — reload to try again.", "Hat nicht rechtzeitig geantwortet — neu laden.")

        var club = Card(
            id: "clubweekly", icon: "🚴", title: "Club Weekly",
            pitch: t(
                "Your cycling club's week: leaderboard, charts, rides and coaching tips.",
                "Die Woche deines Radclubs: Rangliste, Diagramme, Fahrten und Tipps."),
            figures: [], message: nil, action: (t("Open the club", "Zum Club"), input.clubURL))
        switch input.club {
        case .none:
            club.message = t("No club yet: create one with `clubhouse club create`.", "Noch kein Club.")
            club.action = nil
        case .some(.none): club.message = late
        case .some(.some(let glance)):
            club.kicker = "Club Weekly"
            club.title = glance.clubName
            club.action = (t("Open the club", "Zum Club"), glance.url)
            if !glance.isPublic {
                club.message = t(
                    "A private club: sign in to see this week's leaderboard.",
                    "Ein privater Club: melde dich an, um die Rangliste zu sehen.")
            } else if let leader = glance.leaderName, let distance = glance.leaderDistance {
                club.figures = [
                    Figure(label: t("This week's leader", "Führt diese Woche"), value: "\(leader) · \(distance)"),
                    Figure(label: t("Club distance", "Club-Distanz"), value: glance.clubDistance ?? "–"),
                    Figure(label: t("Riders out", "Aktive Fahrer"), value: String(glance.activeRiders ?? 0)),
                ]
            } else {
                club.message = t("No rides yet this week.", "Diese Woche noch keine Fahrten.")
            }
        }

        var trip = Card(
            id: "sportstime", icon: "🏟️", title: "SportsTime",
            pitch: t(
                "Plan a road trip through MLB, NBA, NHL, NFL and MLS games.",
                "Plane eine Rundreise zu MLB-, NBA-, NHL-, NFL- und MLS-Spielen."),
            figures: [], message: nil,
            action: (t("Plan a trip", "Reise planen"), "/trips"))
        if let saved = input.savedTrip {
            let days = Int((saved.firstGame.timeIntervalSince(input.now) / 86_400).rounded(.up))
            trip.figures = [
                Figure(label: t("Your next trip", "Deine nächste Reise"), value: saved.name),
                Figure(
                    label: t("Starts", "Beginn"),
                    value: days <= 0
                        ? t("Under way", "Unterwegs")
                        : shortDay(saved.firstGame, input) + " · " + t("in \(days) days", "in \(days) Tagen")),
                Figure(
                    label: t("\(saved.games) games", "\(saved.games) Spiele"),
                    value: saved.cities.prefix(5).joined(separator: " → ")),
            ]
            trip.action = (t("My trips", "Meine Reisen"), "/trips")
        } else {
            trip = suggestionCard(trip, input.trip, language: input.language, late: late, t: t)
        }

        var ride = Card(
            id: "justzone2", icon: "💚", title: "JustZone2",
            pitch: t(
                "Zone 2 training on a smart trainer with a heart-rate strap: ERG or heart-rate-guided power.",
                "Zone-2-Training auf dem Smart-Trainer mit Pulsgurt: ERG oder pulsgeführte Leistung."),
            figures: [], message: nil, action: (t("Open", "Öffnen"), "/zone2"))
        if let glance = input.ride, let last = glance.lastRide {
            var parts = [shortDate(last.start, input), "\(Int(last.duration / 60)) min"]
            if let watts = last.averagePower { parts.append("\(watts) W") }
            if let bpm = last.averageHeartRate { parts.append("\(bpm) bpm") }
            ride.figures = [
                Figure(label: t("Last ride", "Letzte Fahrt"), value: parts.joined(separator: " · ")),
                Figure(
                    label: t("Zone 2 sessions this week", "Zone-2-Einheiten diese Woche"),
                    value: "\(glance.sessionsThisWeek) · \(glance.minutesThisWeek) min"),
            ]
        } else {
            ride.message = t(
                "No rides yet. Ride in the browser (the simulator works everywhere), or import your FIT files.",
                "Noch keine Fahrten. Fahre im Browser (der Simulator geht überall) oder importiere deine FIT-Dateien.")
        }

        var swiss = Card(
            id: "swiss", icon: "🇨🇭", title: t("Today in Switzerland", "Heute in der Schweiz"),
            pitch: t(
                "News, weather, sunshine and snow escapes, activities and events for Swiss families.",
                "News, Wetter, Sonnen- und Schneeziele, Ausflüge und Anlässe für Schweizer Familien."),
            figures: [], message: nil, action: (t("Open", "Öffnen"), input.swissURL))
        if let glance = input.swiss {
            swiss.kicker = t("Today in Switzerland", "Heute in der Schweiz")
            swiss.title = t("Today in \(glance.cityName)", "Heute in \(glance.cityName)")
            swiss.figures = [
                Figure(
                    label: t("Weather", "Wetter"),
                    value: [glance.weatherIcon, glance.temperature, glance.weatherText].compactMap { $0 }.joined(
                        separator: " "))
            ]
            if let headline = glance.headline {
                swiss.figures.append(
                    Figure(
                        label: t("Top story", "Top-Meldung"),
                        value: headline + (glance.headlineSource.map { " — \($0)" } ?? "")))
            }
            if glance.degraded {
                swiss.message = t(
                    "Some sources are not answering; showing what we have and retrying.",
                    "Einige Quellen antworten nicht; wir zeigen, was da ist, und versuchen es weiter.")
            }
        } else {
            swiss.message = late
        }
        return HomeModel(language: input.language, cards: [club, trip, ride, swiss])
    }

    /// The SportsTime card with today's suggestion (or why there is none).
    static func suggestionCard(
        _ card: Card, _ suggestion: TripSuggestion??, language: String, late: String, t: (String, String) -> String
    ) -> Card {
        var trip = card
        switch suggestion {
        case .none:
            trip.message = t(
                "No trips to suggest in the coming weeks.", "Keine Reisevorschläge für die nächsten Wochen.")
        case .some(.none): trip.message = late
        case .some(.some(let suggestion)):
            let cities = suggestion.option.games.map(\.city).reduce(into: [String]()) { list, city in
                if list.last != city { list.append(city) }
            }
            trip.figures = [
                Figure(label: t("Suggested trip", "Reisevorschlag"), value: suggestion.title),
                Figure(
                    label: t("Dates", "Daten"),
                    value: dateRange(suggestion.startDate, suggestion.endDate, language)),
                Figure(label: t("Stops", "Stationen"), value: cities.prefix(5).joined(separator: " → ")),
            ]
        }
        return trip
    }

    static func locale(_ language: String) -> Locale { Locale(identifier: language == "de" ? "de_CH" : "en_GB") }

    /// "Thu 26 Nov, 16:55" in the page's time zone.
    static func shortDate(_ date: Date, _ input: Input) -> String {
        date.formatted(
            Date.FormatStyle(locale: locale(input.language), timeZone: input.timeZone).weekday(.abbreviated)
                .day().month(.abbreviated).hour().minute())
    }

    /// "Fri 4 Dec" in the page's time zone.
    static func shortDay(_ date: Date, _ input: Input) -> String {
        date.formatted(
            Date.FormatStyle(locale: locale(input.language), timeZone: input.timeZone).weekday(.abbreviated).day()
                .month(.abbreviated))
    }

    /// "Fri 4 Dec – Mon 7 Dec" (the trip's local dates).
    static func dateRange(_ start: LocalDate, _ end: LocalDate, _ language: String) -> String {
        let utc = TimeZone(identifier: "UTC") ?? .current
        func text(_ day: LocalDate) -> String {
            Date(timeIntervalSince1970: TimeInterval(day.dayNumber) * 86_400).formatted(
                Date.FormatStyle(locale: locale(language), timeZone: utc).weekday(.abbreviated).day().month(
                    .abbreviated))
        }
        return "\(text(start)) – \(text(end))"
    }
}
