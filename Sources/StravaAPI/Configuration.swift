import Foundation

/// Where the Strava API lives and the application's OAuth credentials.
public struct StravaConfiguration: Sendable, Equatable {
    /// The default API base URL, `https://www.strava.com/api/v3`.
    public static let defaultAPIBaseURL = staticURL("https://www.strava.com/api/v3")
    /// The default OAuth base URL, `https://www.strava.com/oauth`.
    public static let defaultOAuthBaseURL = staticURL("https://www.strava.com/oauth")

    /// The base of API endpoints such as `athlete/activities`; configurable because Strava announced a new host.
    public var apiBaseURL: URL
    /// The base of the OAuth endpoints `authorize`, `token`, `revoke` and `deauthorize`.
    public var oauthBaseURL: URL
    /// The application's client id.
    public var clientID: String
    /// The application's client secret; never log it.
    public var clientSecret: String

    /// Creates a configuration, defaulting the URLs to Strava's production hosts.
    public init(
        clientID: String,
        clientSecret: String,
        apiBaseURL: URL = StravaConfiguration.defaultAPIBaseURL,
        oauthBaseURL: URL = StravaConfiguration.defaultOAuthBaseURL
    ) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.apiBaseURL = apiBaseURL
        self.oauthBaseURL = oauthBaseURL
    }

    private static func staticURL(_ string: StaticString) -> URL {
        // Only ever called with the compile-time constants above.
        guard let url = URL(string: "\(string)") else { preconditionFailure("invalid URL constant \(string)") }
        return url
    }
}

extension StravaConfiguration: CustomStringConvertible {
    /// A description that hides the client secret so configurations can be logged.
    public var description: String {
        "StravaConfiguration(clientID: \(clientID), clientSecret: <redacted>, apiBaseURL: \(apiBaseURL), "
            + "oauthBaseURL: \(oauthBaseURL))"
    }
}
