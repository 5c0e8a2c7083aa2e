import HTTPTypes
import ServerKit
import SportsTime

/// Every page of the SportsTime web app, under `/trips` (the JSON API keeps its paths under `/api/trips/`).
public enum TripsPageURL: String, AppRoute {
    // Home and planning
    case home = "trips"
    /// The wizard of one planning mode (`date-range`, `game-first`, `locations`, `follow-team`, `team-first`).
    case wizard = "trips/new/:mode"
    /// The ranked options of the wizard's query (GET, so every list of options has a shareable URL).
    case options = "trips/options"
    /// Two or three options side by side (`?…&ranks=1,3`).
    case compare = "trips/options/compare"
    /// One option of the query, as a trip page (unsaved), with its calendar and printable forms.
    case option = "trips/options/:rank"
    case optionCalendar = "trips/options/:rank/calendar.ics"

    // The traveller's trips
    /// POST: save an option of the query (creates the traveller's identity on first save).
    case saved = "trips/saved"
    case savedTrip = "trips/saved/:id"
    case savedEdit = "trips/saved/:id/edit"
    case savedPrint = "trips/saved/:id/print"
    case savedPDF = "trips/saved/:id/itinerary.pdf"
    case savedCalendar = "trips/saved/:id/calendar.ics"
    /// POST: rename (`name`).
    case savedRename = "trips/saved/:id/rename"
    /// GET asks to confirm; POST deletes.
    case savedDelete = "trips/saved/:id/delete"
    /// POST: create (or with `revoke=1` revoke) the read-only share link.
    case savedShare = "trips/saved/:id/share"
    /// POST: one edit of the itinerary (`op=` remove-game, add-item, move-item, remove-item, …).
    case savedItems = "trips/saved/:id/items"
    case shared = "trips/shared/:token"
    case sharedPrint = "trips/shared/:token/print"
    case sharedPDF = "trips/shared/:token/itinerary.pdf"
    case sharedCalendar = "trips/shared/:token/calendar.ics"

    // Schedule, progress, polls, tour
    case schedule = "trips/schedule"
    case progress = "trips/progress"
    /// GET lists the visits; POST adds one (or with `delete=<id>` removes one).
    case visits = "trips/visits"
    case newVisit = "trips/visits/new"
    case achievements = "trips/achievements"
    /// The share card of the traveller's progress (SVG 1200×630).
    case progressCard = "trips/progress/card.svg"
    case polls = "trips/polls"
    case newPoll = "trips/polls/new"
    /// GET shows the poll; POST votes (or, for its owner, closes it with `close=1`).
    case poll = "trips/polls/:token"
    /// GET the form and the job's state; POST starts (or joins) a tour search job.
    case tour = "trips/tour"
    /// The job's state as JSON, for the progress bar's script.
    case tourStatus = "trips/tour/status"

    // Identity and settings
    /// Identity, recovery link and settings; POST saves the settings or forgets the device.
    case me = "trips/me"
    /// GET asks to confirm opening the trips of a recovery key; POST sets the identity.
    case restore = "trips/restore"
    case manifest = "trips/manifest.webmanifest"
    case assets = "assets/sportstime/:name"

    /// The methods the route answers.
    public var methods: [HTTPRequest.Method] {
        switch self {
        case .saved, .savedRename, .savedShare, .savedItems: [.post]
        case .savedDelete, .visits, .newVisit, .newPoll, .poll, .tour, .me, .restore, .savedEdit: [.get, .post]
        default: [.get]
        }
    }

    /// The path pattern.
    public var pattern: String { rawValue }
}

/// The views in the app's navigation, in the order the nav shows them.
public enum TripsSection: String, Sendable, CaseIterable {
    case home, plan, schedule, progress, polls, tour, me

    /// The page of the view.
    public var url: String {
        switch self {
        case .home: TripsPageURL.home.path()
        case .plan: TripsPageURL.wizard.path(["mode": PlanningMode.dateRange.slug])
        case .schedule: TripsPageURL.schedule.path()
        case .progress: TripsPageURL.progress.path()
        case .polls: TripsPageURL.polls.path()
        case .tour: TripsPageURL.tour.path()
        case .me: TripsPageURL.me.path()
        }
    }

    /// The emoji of the view (decorative).
    public var icon: String {
        switch self {
        case .home: "🏟️"
        case .plan: "🗺️"
        case .schedule: "📅"
        case .progress: "🏆"
        case .polls: "🗳️"
        case .tour: "🧭"
        case .me: "⚙️"
        }
    }

    /// The name in the nav.
    public var name: String {
        switch self {
        case .home: "My trips"
        case .plan: "Plan"
        case .schedule: "Schedule"
        case .progress: "Progress"
        case .polls: "Polls"
        case .tour: "Every park"
        case .me: "Settings"
        }
    }
}

extension PlanningMode {
    /// The mode's path segment in `/trips/new/{mode}` (`date-range`, `game-first`, …).
    public var slug: String {
        switch self {
        case .dateRange: "date-range"
        case .gameFirst: "game-first"
        case .locations: "locations"
        case .followTeam: "follow-team"
        case .teamFirst: "team-first"
        }
    }

    /// The mode of a path segment.
    public init?(slug: String) {
        guard let mode = Self.allCases.first(where: { $0.slug == slug }) else { return nil }
        self = mode
    }

    /// The mode's name on pages.
    public var title: String {
        switch self {
        case .dateRange: "Dates first"
        case .gameFirst: "Must-see games"
        case .locations: "From A to B"
        case .followTeam: "Follow a team"
        case .teamFirst: "See my teams at home"
        }
    }

    /// One line saying what the mode plans.
    public var summary: String {
        switch self {
        case .dateRange: "Pick sports and dates; we find the best games you can drive between."
        case .gameFirst: "Pick the games you must see; we route the trip around them."
        case .locations: "Start here, end there: the games along the way."
        case .followTeam: "Every game of one team, home and away, within your dates."
        case .teamFirst: "Each chosen team at home, in the fewest days."
        }
    }
}
