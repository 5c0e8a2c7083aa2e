import Foundation
import HTTPTypes
import Hummingbird

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The reverse proxies whose `X-Forwarded-*` headers are believed (`CLUBHOUSE_TRUSTED_PROXIES`): addresses or CIDR
/// ranges, IPv4 or IPv6. A forwarded header is used only when the TCP peer is one of them, so a client that reaches
/// an instance directly cannot choose its own address (and dodge a lock-out, or lock out someone else).
public struct TrustedProxies: Sendable, Equatable, CustomStringConvertible {
    /// One address range: the network's bytes (4 for IPv4, 16 for IPv6) and its prefix length.
    struct Range: Sendable, Equatable {
        var network: [UInt8]
        var prefix: Int

        func contains(_ address: [UInt8]) -> Bool {
            guard address.count == network.count else { return false }
            var bits = prefix
            for (a, n) in zip(address, network) where bits > 0 {
                let mask: UInt8 = bits >= 8 ? 0xFF : ~(0xFF >> UInt8(bits))
                if a & mask != n & mask { return false }
                bits -= 8
            }
            return true
        }
    }

    let ranges: [Range]
    private let text: [String]

    /// No proxy is trusted: forwarded headers are ignored (the default).
    public static let none = TrustedProxies(ranges: [], text: [])

    private init(ranges: [Range], text: [String]) {
        self.ranges = ranges
        self.text = text
    }

    /// Parses a comma-separated list such as `127.0.0.1, 10.0.0.0/8, ::1, fd00::/8`; throws ``ConfigError`` naming
    /// the first entry that is not an address or a range.
    public init(parsing list: String) throws {
        var ranges: [Range] = []
        var text: [String] = []
        for item in list.split(separator: ",") {
            let entry = item.trimmingCharacters(in: .whitespaces)
            guard !entry.isEmpty else { continue }
            let parts = entry.split(separator: "/", maxSplits: 1).map(String.init)
            guard let address = Self.bytes(of: parts[0]) else {
                throw ConfigError.invalid("CLUBHOUSE_TRUSTED_PROXIES", entry, "IP addresses or CIDR ranges")
            }
            let maxPrefix = address.count * 8
            var prefix = maxPrefix
            if parts.count == 2 {
                guard let value = Int(parts[1]), (0...maxPrefix).contains(value) else {
                    throw ConfigError.invalid(
                        "CLUBHOUSE_TRUSTED_PROXIES", entry, "a prefix length from 0 to \(maxPrefix) after '/'")
                }
                prefix = value
            }
            ranges.append(Range(network: address, prefix: prefix))
            text.append(entry)
        }
        self.init(ranges: ranges, text: text)
    }

    /// Whether no proxy is trusted.
    public var isEmpty: Bool { ranges.isEmpty }

    /// The list as configured, for logs.
    public var description: String { text.isEmpty ? "none" : text.joined(separator: ", ") }

    /// Whether `address` (textual IPv4 or IPv6) is one of the trusted proxies.
    public func contains(_ address: String) -> Bool {
        guard !ranges.isEmpty, let bytes = Self.bytes(of: address) else { return false }
        return ranges.contains { $0.contains(bytes) }
    }

    /// The client behind the proxies: the right-most `X-Forwarded-For` hop that is not itself a trusted proxy, when
    /// `peer` is a trusted proxy; otherwise `peer`. Hops left of that one are whatever the client wrote.
    public func client(peer: String, forwardedFor: String?) -> String {
        guard contains(peer), let forwardedFor else { return peer }
        let hops = forwardedFor.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        var client = peer
        for hop in hops.reversed() where !hop.isEmpty {
            client = hop
            if !contains(hop) { break }
        }
        return client
    }

    /// 4 or 16 bytes of a textual address; IPv4-mapped IPv6 (`::ffff:1.2.3.4`) counts as IPv4.
    static func bytes(of text: String) -> [UInt8]? {
        var v4 = [UInt8](repeating: 0, count: 4)
        if inet_pton(AF_INET, text, &v4) == 1 { return v4 }
        var bytes = [UInt8](repeating: 0, count: 16)
        guard inet_pton(AF_INET6, text, &bytes) == 1 else { return nil }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return Array(bytes[12...])
        }
        return bytes
    }
}

/// What a trusted proxy said about the client, set by ``ForwardedHeadersMiddleware``.
public struct ForwardedClient: Sendable, Equatable {
    /// The client's address (see ``TrustedProxies/client(peer:forwardedFor:)``).
    public var address: String
    /// Whether the client used HTTPS (`X-Forwarded-Proto: https`).
    public var isSecure: Bool
    /// The host the client asked for (`X-Forwarded-Host`), when the proxy sent it.
    public var host: String?

    /// A client as a proxy described it.
    public init(address: String, isSecure: Bool, host: String?) {
        self.address = address
        self.isSecure = isSecure
        self.host = host
    }
}

/// A request context that can carry what a trusted proxy said about the client. Nothing else reads forwarded
/// headers, so a router without ``ForwardedHeadersMiddleware`` believes none (safe by default).
public protocol ProxiedRequestContext: RemoteAddressRequestContext {
    /// Set by ``ForwardedHeadersMiddleware`` when the peer is a trusted proxy; nil otherwise.
    var forwarded: ForwardedClient? { get set }
}

/// Believes `X-Forwarded-For`, `X-Forwarded-Proto` and `X-Forwarded-Host` only when the TCP peer is a trusted proxy,
/// recording what they say in the context (``ProxiedRequestContext/forwarded``) for
/// ``Request/clientAddress(context:)``, ``Request/isSecure(context:)`` and ``Request/isSameOrigin(context:)``.
public struct ForwardedHeadersMiddleware<Context: ProxiedRequestContext>: RouterMiddleware {
    let proxies: TrustedProxies

    /// A middleware trusting `proxies` (none: every forwarded header is ignored).
    public init(trusting proxies: TrustedProxies) { self.proxies = proxies }

    /// Records the forwarded client when the peer is trusted, then runs the rest of the chain.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let peer = request.peerAddress(context: context)
        guard !proxies.isEmpty, proxies.contains(peer) else { return try await next(request, context) }
        var context = context
        let chain = request.headers[values: .xForwardedFor].joined(separator: ",")
        context.forwarded = ForwardedClient(
            address: proxies.client(peer: peer, forwardedFor: chain.isEmpty ? nil : chain),
            isSecure: request.headers[.xForwardedProto]?.lowercased() == "https",
            host: request.headers[.xForwardedHost])
        return try await next(request, context)
    }
}

extension Request {
    /// The TCP peer's address, or `unknown` when the context does not carry it.
    public func peerAddress(context: some RequestContext) -> String {
        (context as? any RemoteAddressRequestContext)?.remoteAddress?.ipAddress ?? "unknown"
    }

    /// Client address for throttling and lock-outs: the client a trusted proxy vouched for (see
    /// ``ForwardedHeadersMiddleware``), otherwise the TCP peer.
    public func clientAddress(context: some RequestContext) -> String {
        (context as? any ProxiedRequestContext)?.forwarded?.address ?? peerAddress(context: context)
    }

    /// Whether the request arrived over HTTPS: directly, or through a trusted proxy that says so.
    public func isSecure(context: some RequestContext) -> Bool {
        uri.scheme == .https || (context as? any ProxiedRequestContext)?.forwarded?.isSecure == true
    }
}
