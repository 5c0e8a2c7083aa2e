import Hummingbird
import Logging
import NIOCore

/// The request context of every Clubhouse route: Hummingbird's core storage plus the peer address (for throttling).
public struct AppRequestContext: RequestContext, ProxiedRequestContext {
    /// Hummingbird's per-request storage (logger, route parameters).
    public var coreContext: CoreRequestContextStorage
    /// The TCP peer; behind a proxy this is the proxy, see ``Request/clientAddress(context:)``.
    public let remoteAddress: SocketAddress?
    /// What a trusted proxy said about the client (set by ``ForwardedHeadersMiddleware``).
    public var forwarded: ForwardedClient?

    /// Creates the context for a new request, capturing the channel's remote address.
    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }

    /// Uploads (Strava exports) can be large; JSON bodies are capped separately when decoded.
    public var maxUploadSize: Int { 64 << 20 }
}
