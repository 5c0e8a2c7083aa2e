import WebUI

/// Every user-visible string of Club Weekly's web app, one value per language (English now). Views take their text
/// from here, so a translation is one more `static let`.
struct ClubWeeklyStrings: Sendable {
    var web: WebStrings
    var appName: String
    var tagline: String
    var valueProposition: String
    var consent: String
    var clubCodeLabel: String
    var clubCodeHint: String
    var viewClub: String
    var joinAndConnect: String
    var connectWithStrava: String
    var wrongCode: String
    var lockedOut: @Sendable (Int) -> String
    var stravaRefused: String
    var stravaScope: String
    var stravaFailed: String
    var stravaConnected: String
    var stravaNotConfigured: String
    var tabs: [DashboardState.Tab: (label: String, icon: String)]
    var metricLabels: [String: String]
    var previousWeek: String
    var nextWeek: String
    var thisWeek: String
    var chooseWeek: String
    var go: String
    var totalKm: String
    var rides: String
    var activeMembers: String
    var elevation: String
    var membersActive: @Sendable (Int) -> String
    var vsLastWeek: @Sendable (String) -> String
    var topRiders: String
    var shareOfClub: String
    var totalClub: String
    var noRidesTitle: String
    var noRidesThisWeek: String
    var newClubTitle: String
    var newClubMessage: String
    var seePreviousWeek: String
    var settings: String
    var admin: String
    var signOut: String
    var signIn: String
    var tvBoard: String

    static let en = ClubWeeklyStrings(
        web: .en, appName: "Club Weekly", tagline: "Your club's week on one page",
        valueProposition: "Track weekly performance, compare with clubmates, celebrate your best rides.",
        consent: "Club activity data only · No routes shared", clubCodeLabel: "Club code",
        clubCodeHint: "Ask your club admin for the code. It is not case-sensitive.", viewClub: "View the club",
        joinAndConnect: "Join & connect Strava", connectWithStrava: "Connect with Strava",
        wrongCode: "That club code is not right. Check it with your club admin.",
        lockedOut: { "Too many wrong codes. Try again in \($0) minute\($0 == 1 ? "" : "s")." },
        stravaRefused: "Strava access was not granted, so your rides can't be counted. You can try again any time.",
        stravaScope:
            "Strava was connected without permission to read activities. Connect again and keep “View data about your activities” ticked.",
        stravaFailed: "Strava could not be reached to finish connecting. Please try again in a minute.",
        stravaConnected: "Strava is connected. Your last 16 weeks of rides are being loaded.",
        stravaNotConfigured:
            "This server has no Strava app configured yet (STRAVA_CLIENT_ID). Import your Strava export below instead.",
        tabs: [
            .charts: ("Charts", "📊"), .table: ("Table", "📋"), .rides: ("Rides", "🚴"), .insights: ("Insights", "✨"),
        ],
        metricLabels: ["distance": "Distance", "rides": "Rides", "speed": "Speed", "elevation": "Elevation"],
        previousWeek: "Previous week", nextWeek: "Next week", thisWeek: "This week", chooseWeek: "Choose a week",
        go: "Go", totalKm: "Total km", rides: "Rides", activeMembers: "Active members", elevation: "Elevation",
        membersActive: { "\($0) member\($0 == 1 ? "" : "s") active" }, vsLastWeek: { "\($0) vs last wk" },
        topRiders: "Top riders", shareOfClub: "Share of the club", totalClub: "total club",
        noRidesTitle: "A quiet week", noRidesThisWeek: "No counted rides in this week yet.",
        newClubTitle: "No rides yet",
        newClubMessage:
            "Share the club code with your members: each one connects Strava or imports an export in Settings.",
        seePreviousWeek: "See the previous week", settings: "Settings", admin: "Admin", signOut: "Sign out",
        signIn: "Sign in", tvBoard: "TV board")
}
