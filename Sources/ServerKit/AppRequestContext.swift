import Hummingbird
import Logging
import NIOCore

/// The request context of every Clubhouse route: Hummingbird's core storage plus the peer address (for throttling).
public struct AppRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }

    /// Uploads (Strava exports) can be large; JSON bodies are capped separately when decoded.
    public var maxUploadSize: Int { 64 << 20 }
}
