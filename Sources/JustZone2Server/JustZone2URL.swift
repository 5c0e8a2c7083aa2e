import HTTPTypes
import ServerKit

/// Every route of JustZone2's server: the router registers these and links are built from them.
public enum JustZone2URL: String, AppRoute {
    case openAPI, token, refresh, history

    /// The route's method.
    public var methods: [HTTPRequest.Method] { [method] }

    /// The route's one method.
    public var method: HTTPRequest.Method {
        switch self {
        case .openAPI, .history: .get
        case .token, .refresh: .post
        }
    }

    /// The route's path pattern.
    public var pattern: String {
        switch self {
        case .openAPI: "zone2/openapi.json"
        case .token: "zone2/token"
        case .refresh: "zone2/refresh"
        case .history: "zone2/history"
        }
    }
}
