import ClubhouseBasics
import Foundation

extension BallparkTourSearch {
    /// A continuous-rules tour as a router route: its games, and each drive as one stretch on the day it starts (when
    /// the game before it ends, local time of the venue left), running straight through with no night's stop. Nil
    /// when the catalogue lacks one of its games.
    public func continuousRoute(for tour: BallparkTour, catalog: Catalog) -> PlannedRoute? {
        guard let games = games(of: tour, in: catalog), let first = games.first, let last = games.last else {
            return nil
        }
        let gameHours = tour.rules?.gameHours ?? 3
        var legs: [PlannedRoute.Leg] = []
        for leg in tour.legs {
            guard let index = leg.toVisit, index > 0, index < games.count,
                let from = catalog.venue(games[index - 1].venue), let to = catalog.venue(games[index].venue)
            else { continue }
            let departure = games[index - 1].start.addingTimeInterval(gameHours * 3600)
            legs.append(
                PlannedRoute.Leg(
                    from: leg.from, to: leg.to, fromCoordinate: from.coordinate, toCoordinate: to.coordinate,
                    miles: leg.miles, drivingHours: leg.drivingHours,
                    days: [PlannedRoute.DayDrive(day: LocalDate(departure, in: from.zone), hours: leg.drivingHours)],
                    toGame: index))
        }
        let hours = legs.reduce(0) { $0 + $1.drivingHours }
        let miles = legs.reduce(0) { $0 + $1.miles }
        let scoring = RouteScoring()
        let venues = Set(games.map(\.venue)).count
        let breakdown = ScoreBreakdown(
            games: games.count, distinctVenues: venues, drivingHours: hours, miles: miles,
            gamePoints: scoring.perGame * Double(games.count), venuePoints: scoring.perDistinctVenue * Double(venues),
            drivingPenalty: scoring.perDrivingHour * hours)
        return PlannedRoute(
            games: games, legs: legs, score: breakdown.total, breakdown: breakdown, firstDay: first.localDate,
            lastDay: max(last.localDate, legs.last?.days.last?.day ?? last.localDate))
    }
}
