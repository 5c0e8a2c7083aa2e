import Foundation
import HTTPTypes
import Hummingbird

/// One route of an app's URL enum: the methods and the path pattern it is registered with.
///
/// Every app lists its routes in one `CaseIterable` enum; the router registers each case's ``pattern`` and the
/// app's links fill the same pattern with ``path(_:query:)``, so routes and links cannot drift apart. Tests walk
/// `allCases` and request each route.
public protocol AppRoute: CaseIterable, Hashable, Sendable {
    /// The methods the route answers with one handler (usually one; catch-alls and compatibility routes more).
    var methods: [HTTPRequest.Method] { get }
    /// The path in Hummingbird's syntax without a leading slash: `clubs/:slug/join`, `swiss/**`.
    var pattern: String { get }
}

extension AppRoute {
    /// The path of this route with its `:name` parameters filled in (percent-encoded) and `query` appended.
    ///
    /// A parameter missing from `parameters` is left empty, which no route matches; the tests that walk every
    /// route catch that.
    public func path(_ parameters: [String: String] = [:], query: String = "") -> String {
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            guard segment.hasPrefix(":") else { return String(segment) }
            return RoutePath.encode(parameters[String(segment.dropFirst())] ?? "")
        }
        return "/" + segments.joined(separator: "/") + query
    }
}

/// Path helpers shared by the apps' URL enums.
public enum RoutePath {
    /// Percent-encodes a path segment or query value (RFC 3986 unreserved characters stay).
    public static func encode(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// `?a=1&b=2` from ordered pairs (values encoded), or `""` when there are none.
    public static func query(_ items: [(String, String)]) -> String {
        guard !items.isEmpty else { return "" }
        return "?" + items.map { "\($0)=\(encode($1))" }.joined(separator: "&")
    }
}

extension RouterMethods {
    /// Registers `handler` for each of `route`'s methods on its pattern (patterns are full paths: register on the
    /// router, not a group).
    @discardableResult
    public func on<Route: AppRoute>(
        _ route: Route, use handler: @escaping @Sendable (Request, Context) async throws -> some ResponseGenerator
    ) -> Self {
        for method in route.methods { on(RouterPath(route.pattern), method: method, use: handler) }
        return self
    }
}
