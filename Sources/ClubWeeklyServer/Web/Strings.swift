import Foundation
import WebUI

/// Every user-visible string of Club Weekly's web app, one value per language (English now). Views and builders take
/// their text from here (passed down as `strings s:`, `DashboardBuilder.Input.strings` or `ClubWeeklyApp.strings`),
/// so a translation is one more `static let`.
///
/// To add a language, add `static let xx = ClubWeeklyStrings(...)` next to `en`, giving every property (the compiler
/// lists any you miss) and `web: WebStrings` for the shared shell. Strings with numbers or names are closures so
/// each language can place them and choose its own plurals.
struct ClubWeeklyStrings: Sendable {
    // MARK: Shell (every page's frame and header)

    /// Strings of the shared WebUI shell (skip link, offline banner, retry…).
    var web: WebStrings
    var appName: String
    var valueProposition: String
    var consent: String
    /// Spoken label of the header's links.
    var clubLinksLabel: String
    var settings: String
    var admin: String
    var signOut: String
    var signIn: String
    var tvBoard: String

    // MARK: Join

    var clubCodeLabel: String
    var clubCodeHint: String
    var viewClub: String
    var joinAndConnect: String
    /// "5 members ride with this club."
    var membersRideHere: @Sendable (Int) -> String
    var stravaAccessHint: String
    var wrongCode: String
    /// Minutes to wait.
    var lockedOut: @Sendable (Int) -> String
    var alreadySignedIn: String

    // MARK: Dashboard (frame, week picker, empty states, trends)

    var tabs: [DashboardState.Tab: (label: String, icon: String)]
    /// Page title when a tab has no label.
    var dashboardTitle: String
    /// Spoken label of the tab bar.
    var viewsLabel: String
    var previousWeek: String
    var nextWeek: String
    var thisWeek: String
    var chooseWeek: String
    var go: String
    var noRidesTitle: String
    var noRidesThisWeek: String
    var newClubTitle: String
    var newClubMessage: String
    var seePreviousWeek: String
    /// Spoken trends; the argument is a formatted percentage ("12%").
    var trendUp: @Sendable (String) -> String
    var trendDown: @Sendable (String) -> String
    var trendFlat: String
    var trendNew: String
    var trendNone: String

    // MARK: Charts

    /// Short metric names of the metric picker, by `Metric.rawValue`.
    var metricLabels: [String: String]
    /// Display titles of metrics ("Avg speed"), by `Metric.rawValue`.
    var metricTitles: [String: String]
    /// Lower-case metric nouns used in sentences ("avg speed"), by `Metric.rawValue`.
    var metricNouns: [String: String]
    /// Spoken label of the metric picker.
    var metricPickerLabel: String
    var totalKm: String
    var rides: String
    var activeMembers: String
    var elevation: String
    var membersActive: @Sendable (Int) -> String
    var vsLastWeek: @Sendable (String) -> String
    /// A number of rides as a chart value: "1 ride", "4 rides".
    var rideCount: @Sendable (Int) -> String
    var topRiders: String
    var shareOfClub: String
    var totalClub: String
    /// Header of the riders' column in chart data tables.
    var riderHeader: String
    /// Bar chart description: metric noun, week label.
    var barsDescription: @Sendable (String, String) -> String
    /// Donut description: metric noun, the club's total.
    var donutDescription: @Sendable (String, String) -> String
    /// The donut's grouped segment: short and full label for this many riders.
    var otherRiders: @Sendable (Int) -> String
    var otherRidersFull: @Sendable (Int) -> String
    /// Spoken label of a medal.
    var rankLabel: @Sendable (Int) -> String

    // MARK: Table

    var columnRank: String
    var columnRankTitle: String
    var columnRider: String
    var columnRiderTitle: String
    var columnDistance: String
    var columnDistanceTitle: String
    var columnRides: String
    var columnRidesTitle: String
    var columnElevation: String
    var columnElevationTitle: String
    var columnSpeed: String
    var columnSpeedTitle: String
    var columnTime: String
    var columnTimeTitle: String
    var columnTrend: String
    var columnTrendTitle: String
    /// Spoken after a sort: the column's title and an arrow.
    var sortedBy: @Sendable (String) -> String
    /// Tooltip of a sortable header: the column's title.
    var sortBy: @Sendable (String) -> String
    var tableCaption: String
    /// Badge on the viewer's own row.
    var youBadge: String

    // MARK: Rides

    /// "6 activities · 4 members".
    var ridesSummary: @Sendable (_ activities: Int, _ members: Int) -> String
    var memberFilterLabel: String
    var everyone: String
    var filter: String
    var sortRidesLabel: String
    var newestFirst: String
    var oldestFirst: String
    var noMemberRidesTitle: String
    var noMemberRidesMessage: String
    /// "Show 50 more of 320".
    var showMore: @Sendable (_ count: Int, _ total: Int) -> String
    var statDistance: String
    var statSpeed: String
    var statPace: String
    var statElevation: String
    var statTime: String
    var indoor: String
    var commute: String

    // MARK: Insights

    var insightsModeLabel: String
    var modeMyStats: String
    var modeTop3: String
    var modeLowest: String
    var riderToAnalyse: String
    var insightsFor: String
    var weeksLowest: String
    var show: String
    /// Name shown when a rider is not known.
    var riderFallback: String
    /// Notices for a visitor who is not a member, or a member looking at someone else: the rider's name.
    var perspectiveGuest: @Sendable (String) -> String
    var perspectiveOther: @Sendable (String) -> String
    var tileDistance: String
    var tileRank: String
    /// "of 4 active".
    var tileRankDetail: @Sendable (Int) -> String
    var tileRides: String
    var tileAvgSpeed: String
    /// "1,240m climbed".
    var climbed: @Sendable (String) -> String
    /// Comparison chart title: the metric's title.
    var comparisonTitle: @Sendable (String) -> String
    /// Comparison chart description: rider's name, metric noun.
    var comparisonDescription: @Sendable (String, String) -> String
    var noInsightsTitle: String
    var noInsightsMessage: String

    // MARK: Settings

    var beCountedTitle: String
    var beCountedText: String
    var connectWithStrava: String
    var joinWithName: String
    var firstName: String
    var lastName: String
    var join: String
    var stravaTitle: String
    /// "Signed in as Sarah Murphy · 12 activities stored."
    var signedInAs: @Sendable (_ name: String, _ activities: Int) -> String
    /// Strava status: the last sync's time, if any.
    var stravaStatusConnected: @Sendable (String?) -> String
    var lastSyncProblem: @Sendable (String) -> String
    var disconnectStrava: String
    var disconnectHint: String
    var notConnected: String
    var importTitle: String
    var importHint: String
    var exportFile: String
    var importButton: String
    var deleteTitle: String
    var deleteText: String
    var iUnderstand: String
    var deleteButton: String
    var importResultTitle: String
    /// Rows read, new activities, already present, problems.
    var importSummary: @Sendable (Int, Int, Int, Int) -> String
    var importProblemsCaption: String
    /// Problems beyond the listed ones.
    var importMoreProblems: @Sendable (Int) -> String
    var importProgressTitle: String
    var importProgressHint: String
    var importWaiting: String
    /// Rows read, rows in the file.
    var importProgressCount: @Sendable (Int, Int) -> String
    var lineHeader: String
    var problemHeader: String
    var stravaRefused: String
    var stravaScope: String
    var stravaFailed: String
    var stravaConnected: String
    var stravaNotConfigured: String
    var welcomeMember: String
    var stravaDisconnected: String
    var nameInvalid: String
    var confirmDeletion: String
    var chooseExportFile: String
    var joinBeforeImport: String
    /// New activities.
    var importFinished: @Sendable (Int) -> String

    // MARK: Admin

    var adminTitle: String
    var adminPassword: String
    var adminSignIn: String
    var clubSettings: String
    var clubName: String
    var coloursLegend: String
    /// "Colour 1".
    var colourLabel: @Sendable (Int) -> String
    var timeZone: String
    var weekStartsOn: String
    /// Display name of a `Weekday.name` ("monday").
    var weekdayName: @Sendable (String) -> String
    var countedActivities: String
    var feedPublicLabel: String
    var newAdminPassword: String
    var saveSettings: String
    var clubCodeTitle: String
    var currentCode: String
    var codeChangeHint: String
    var newCode: String
    var changeCode: String
    /// "Members (12)".
    var membersTitle: @Sendable (Int) -> String
    var noMembers: String
    var membersCaption: String
    var memberHeader: String
    var sourceHeader: String
    var syncHeader: String
    var activitiesHeader: String
    var actionsHeader: String
    var removeMemberLabel: @Sendable (String) -> String
    var remove: String
    var sourceStrava: String
    var sourceFileImport: String
    var syncError: @Sendable (String) -> String
    /// The last sync's time.
    var syncedAt: @Sendable (String) -> String
    var waitingForFirstSync: String
    var syncDisconnected: String
    var settingsSaved: String
    /// The new code.
    var codeChanged: @Sendable (String) -> String
    var wrongAdminPassword: String
    var memberAlreadyRemoved: String
    /// The member's name.
    var memberRemoved: @Sendable (String) -> String
    var unknownWeekStart: @Sendable (String) -> String

    // MARK: TV

    /// "6 rides · 4 active members".
    var tvSubtitle: @Sendable (_ rides: Int, _ activeMembers: Int) -> String
    var tvViewsLabel: String
    var tvLeaderboardTab: String
    var tvRidesTab: String
    var tvTotalDistance: String
    var tvTotalElevation: String
    var tvActiveMembers: String
    var tvLeaderboardTitle: String
    var tvNoRides: String
    var tvNoRidesList: String

    // MARK: Errors

    var noSuchClubTitle: String
    var noSuchClubMessage: String
    var badLinkTitle: String
    var weekOutOfRangeTitle: String
    var loadFailedMessage: String
    var noSuchClub: String
    var noSuchTab: String
    var signInWithCode: String
    var formsFromThisSite: String

    // MARK: Big clubs (top of the club, paging, search)

    var big: BigClubStrings = .en

    static let en = ClubWeeklyStrings(
        // Shell
        web: .en, appName: "Club Weekly",
        valueProposition: "Track weekly performance, compare with clubmates, celebrate your best rides.",
        consent: "Club activity data only · No routes shared", clubLinksLabel: "Club", settings: "Settings",
        admin: "Admin", signOut: "Sign out", signIn: "Sign in", tvBoard: "TV board",
        // Join
        clubCodeLabel: "Club code", clubCodeHint: "Ask your club admin for the code. It is not case-sensitive.",
        viewClub: "View the club", joinAndConnect: "Join & connect Strava",
        membersRideHere: { $0 == 1 ? "1 member rides with this club." : "\($0) members ride with this club." },
        stravaAccessHint:
            "Strava opens to authorise read access to your activities; only distance, time, climbing and titles are kept.",
        wrongCode: "That club code is not right. Check it with your club admin.",
        lockedOut: { "Too many wrong codes. Try again in \($0) minute\($0 == 1 ? "" : "s")." },
        alreadySignedIn: "You're signed in. Enter the code again to switch to another session.",
        // Dashboard
        tabs: [
            .charts: ("Charts", "📊"), .table: ("Table", "📋"), .rides: ("Rides", "🚴"), .insights: ("Insights", "✨"),
        ],
        dashboardTitle: "Dashboard", viewsLabel: "Views", previousWeek: "Previous week", nextWeek: "Next week",
        thisWeek: "This week", chooseWeek: "Choose a week", go: "Go", noRidesTitle: "A quiet week",
        noRidesThisWeek: "No counted rides in this week.", newClubTitle: "No rides yet",
        newClubMessage:
            "Share the club code with your members: each one connects Strava or imports an export in Settings.",
        seePreviousWeek: "See the previous week", trendUp: { "up \($0) on last week" },
        trendDown: { "down \($0) on last week" }, trendFlat: "same as last week", trendNew: "new this week",
        trendNone: "no change",
        // Charts
        metricLabels: ["distance": "Distance", "rides": "Rides", "speed": "Speed", "elevation": "Elevation"],
        metricTitles: [
            "distance": "Distance", "rides": "Rides", "speed": "Avg speed", "elevation": "Elevation",
            "movingTime": "Moving time", "longestRide": "Longest ride",
        ],
        metricNouns: [
            "distance": "distance", "rides": "rides", "speed": "avg speed", "elevation": "elevation",
            "movingTime": "moving time", "longestRide": "longest ride",
        ],
        metricPickerLabel: "Metric", totalKm: "Total km", rides: "Rides", activeMembers: "Active members",
        elevation: "Elevation", membersActive: { "\(BigClubStrings.grouped($0)) member\($0 == 1 ? "" : "s") active" },
        vsLastWeek: { "\($0) vs last wk" }, rideCount: { $0 == 1 ? "1 ride" : "\($0) rides" },
        topRiders: "Top riders", shareOfClub: "Share of the club", totalClub: "total club", riderHeader: "Rider",
        barsDescription: { noun, week in
            "One bar per active member, highest \(noun) first: \(week)."
        },
        donutDescription: { noun, total in "Each active member's share of the club's total \(noun) (\(total))." },
        otherRiders: { "\(BigClubStrings.grouped($0)) others" },
        otherRidersFull: { "\(BigClubStrings.grouped($0)) other riders" }, rankLabel: { "Rank \($0)" },
        // Table
        columnRank: "#", columnRankTitle: "Rank", columnRider: "Rider", columnRiderTitle: "Rider", columnDistance: "km",
        columnDistanceTitle: "Distance (km)", columnRides: "Rides", columnRidesTitle: "Rides", columnElevation: "Elev",
        columnElevationTitle: "Elevation (m)", columnSpeed: "km/h", columnSpeedTitle: "Average speed (km/h)",
        columnTime: "Time", columnTimeTitle: "Moving time", columnTrend: "Trend",
        columnTrendTitle: "Distance trend vs last week", sortedBy: { "Sorted by \($0)" }, sortBy: { "Sort by \($0)" },
        tableCaption: "Every rider's week; select a column header to sort.", youBadge: "You",
        // Rides
        ridesSummary: { activities, members in
            "\(BigClubStrings.grouped(activities)) activit\(activities == 1 ? "y" : "ies") · "
                + "\(BigClubStrings.grouped(members)) member\(members == 1 ? "" : "s")"
        },
        memberFilterLabel: "Member", everyone: "Everyone", filter: "Filter", sortRidesLabel: "Sort rides",
        newestFirst: "Newest first", oldestFirst: "Oldest first", noMemberRidesTitle: "No rides",
        noMemberRidesMessage: "This member has no counted rides this week.",
        showMore: { count, total in "Show \(count) more of \(total)" }, statDistance: "Dist", statSpeed: "Speed",
        statPace: "Pace", statElevation: "Elev", statTime: "Time", indoor: "Indoor", commute: "Commute",
        // Insights
        insightsModeLabel: "Insights mode", modeMyStats: "My Stats", modeTop3: "vs Top 3",
        modeLowest: "Lowest week & why", riderToAnalyse: "Rider to analyse", insightsFor: "Insights for",
        weeksLowest: "The week's lowest", show: "Show", riderFallback: "Rider",
        perspectiveGuest: { "You're seeing \($0)'s insights. Join in Settings to see your own." },
        perspectiveOther: { "You're seeing \($0)'s insights." }, tileDistance: "Distance", tileRank: "Rank",
        tileRankDetail: { "of \($0) active" }, tileRides: "Rides", tileAvgSpeed: "Avg speed",
        climbed: { "\($0) climbed" }, comparisonTitle: { "\($0) comparison" },
        comparisonDescription: { name, noun in "\(name) against the week's top 3 riders by \(noun)." },
        noInsightsTitle: "No insights", noInsightsMessage: "No counted rides to analyse for this week.",
        // Settings
        beCountedTitle: "Be counted on the leaderboard",
        beCountedText:
            "Connect Strava so your rides sync automatically, or add your name and import your Strava export.",
        connectWithStrava: "Connect with Strava", joinWithName: "Join with your name", firstName: "First name",
        lastName: "Last name", join: "Join", stravaTitle: "Strava",
        signedInAs: { name, activities in
            "Signed in as \(name) · \(activities) activit\(activities == 1 ? "y" : "ies") stored."
        },
        stravaStatusConnected: { lastSync in
            "Connected" + (lastSync.map { " · last sync \($0)" } ?? " · first sync pending")
        },
        lastSyncProblem: { "Last sync problem: \($0)" }, disconnectStrava: "Disconnect Strava",
        disconnectHint:
            "Disconnecting stops syncing and revokes our access; your counted rides stay until you delete your data.",
        notConnected: "Not connected.", importTitle: "Import a Strava export",
        importHint:
            "Upload activities.csv or the whole export .zip (Strava: Settings → My Account → Download or Delete Your Account). Rides already stored are not counted twice.",
        exportFile: "Export file", importButton: "Import", deleteTitle: "Delete my data",
        deleteText:
            "Removes you from the club with every stored activity and disconnects Strava. This cannot be undone.",
        iUnderstand: "I understand", deleteButton: "Delete my data", importResultTitle: "Import result",
        importSummary: { rows, imported, present, problems in
            "\(rows) row\(rows == 1 ? "" : "s") read · \(imported) new activit\(imported == 1 ? "y" : "ies") · \(present) already present · \(problems) problem\(problems == 1 ? "" : "s")"
        },
        importProblemsCaption: "Rows skipped or changed",
        importMoreProblems: { "… and \($0) more row\($0 == 1 ? "" : "s") with problems (not listed)." },
        importProgressTitle: "Import in progress",
        importProgressHint:
            "Your file is large, so it is imported in the background. You can leave this page: the result will be here when you come back. Nothing is counted until the whole file is in.",
        importWaiting: "Waiting to start…",
        importProgressCount: { done, total in "\(done) of \(total) rows read" },
        lineHeader: "Line", problemHeader: "Problem",
        stravaRefused: "Strava access was not granted, so your rides can't be counted. You can try again any time.",
        stravaScope:
            "Strava was connected without permission to read activities. Connect again and keep “View data about your activities” ticked.",
        stravaFailed: "Strava could not be reached to finish connecting. Please try again in a minute.",
        stravaConnected: "Strava is connected. Your last 16 weeks of rides are being loaded.",
        stravaNotConfigured:
            "Strava sign-in isn't set up on this server yet (the server admin sets STRAVA_CLIENT_ID). Meanwhile, add your name and import your Strava export.",
        welcomeMember: "Welcome! You're a member now.", stravaDisconnected: "Strava is disconnected.",
        nameInvalid: Membership.InvalidName.message,
        confirmDeletion: "Tick “I understand” to delete your data.",
        chooseExportFile: "Choose a Strava export file (activities.csv or the .zip).",
        joinBeforeImport: "Join with your name first, then import.",
        importFinished: { "Import finished: \($0) new activit\($0 == 1 ? "y" : "ies")." },
        // Admin
        adminTitle: "Club admin", adminPassword: "Admin password", adminSignIn: "Sign in as admin",
        clubSettings: "Club settings", clubName: "Name", coloursLegend: "Colours of the bar",
        colourLabel: { "Colour \($0)" }, timeZone: "Time zone", weekStartsOn: "Weeks start on",
        weekdayName: { $0.capitalized }, countedActivities: "Activities that count",
        feedPublicLabel: "Anyone with the link can see the leaderboard (no code needed)",
        newAdminPassword: "New admin password (optional)", saveSettings: "Save settings", clubCodeTitle: "Club code",
        currentCode: "Current code: ",
        codeChangeHint: "Changing the code signs everybody out; members sign in again with the new code.",
        newCode: "New code (leave empty to generate one)", changeCode: "Change the code",
        membersTitle: { "Members (\($0))" }, noMembers: "No members yet. Share the club code.",
        membersCaption: "Members and their sync state", memberHeader: "Member", sourceHeader: "Source",
        syncHeader: "Sync", activitiesHeader: "Activities", actionsHeader: "Actions",
        removeMemberLabel: { "Remove \($0)" }, remove: "Remove", sourceStrava: "Strava",
        sourceFileImport: "File import",
        syncError: { "Error: \($0)" }, syncedAt: { "Synced \($0)" }, waitingForFirstSync: "Waiting for first sync",
        syncDisconnected: "Disconnected", settingsSaved: "Settings saved.",
        codeChanged: { "The club code is now \($0). Everybody else has been signed out." },
        wrongAdminPassword: "Wrong admin password.", memberAlreadyRemoved: "That member was already removed.",
        memberRemoved: { "\($0) was removed with their activities." },
        unknownWeekStart: { "Unknown week start '\($0)'." },
        // TV
        tvSubtitle: { rides, active in
            "\(BigClubStrings.grouped(rides)) ride\(rides == 1 ? "" : "s") · \(BigClubStrings.grouped(active)) active member\(active == 1 ? "" : "s")"
        },
        tvViewsLabel: "Board views", tvLeaderboardTab: "Leaderboard", tvRidesTab: "Latest rides",
        tvTotalDistance: "Club total distance", tvTotalElevation: "Total elevation", tvActiveMembers: "Active members",
        tvLeaderboardTitle: "Weekly leaderboard — distance", tvNoRides: "No rides yet this week. Get out there! 🚴",
        tvNoRidesList: "No rides yet this week.",
        // Errors
        noSuchClubTitle: "No such club",
        noSuchClubMessage: "There is no club at this address. Check the link or ask your club admin.",
        badLinkTitle: "That link doesn't look right", weekOutOfRangeTitle: "That week is out of range",
        loadFailedMessage: "The club's data could not be loaded just now. Please try again in a moment.",
        noSuchClub: "No such club.", noSuchTab: "No such tab.", signInWithCode: "Sign in with the club code.",
        formsFromThisSite: "Forms must be sent from this site.")
}
