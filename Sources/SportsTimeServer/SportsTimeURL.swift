import HTTPTypes
import ServerKit

/// Every route of SportsTime's API under `/api/trips/`: the router registers these and links are built from them.
public enum SportsTimeURL: String, AppRoute {
    case openAPI, leagues, venues, venue, teams, games
    case createTraveller, deleteTraveller
    case saveTrip, savedTrips, savedTrip, savedTripCalendar, deleteSavedTrip
    case addVisit, visits, deleteVisit, progress, achievements
    case suggestions, plan
    case startTour, tour
    case createPoll, poll, vote, closePoll

    /// The route's method.
    public var methods: [HTTPRequest.Method] { [method] }

    /// The route's one method.
    public var method: HTTPRequest.Method {
        switch self {
        case .createTraveller, .saveTrip, .addVisit, .plan, .startTour, .createPoll, .vote, .closePoll: .post
        case .deleteTraveller, .deleteSavedTrip, .deleteVisit: .delete
        default: .get
        }
    }

    /// The route's path pattern.
    public var pattern: String {
        let base = "api/trips/"
        return switch self {
        case .openAPI: base + "openapi.json"
        case .leagues: base + "leagues"
        case .venues: base + "venues"
        case .venue: base + "venues/:id"
        case .teams: base + "teams"
        case .games: base + "games"
        case .createTraveller: base + "travellers"
        case .deleteTraveller: base + "travellers/me"
        case .saveTrip, .savedTrips: base + "saved"
        case .savedTrip, .deleteSavedTrip: base + "saved/:id"
        case .savedTripCalendar: base + "saved/:id/calendar.ics"
        case .addVisit, .visits: base + "visits"
        case .deleteVisit: base + "visits/:id"
        case .progress: base + "progress"
        case .achievements: base + "achievements"
        case .suggestions: base + "suggestions"
        case .plan: base + "plan"
        case .startTour: base + "tours"
        case .tour: base + "tours/:id"
        case .createPoll: base + "polls"
        case .poll: base + "polls/:token"
        case .vote: base + "polls/:token/votes"
        case .closePoll: base + "polls/:token/close"
        }
    }
}
