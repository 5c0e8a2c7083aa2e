import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import ServerKit

/// The server's channels: HTTP/1.1 with the WebSocket upgrade JustZone2's bridge needs (`/zone2/bridge`). Plain
/// HTTP keeps its limits (``RequestDeadlineHandler`` and the idle timeout, added once a connection is known not to
/// upgrade); the first request's head has its own deadline (``FirstHeadDeadlineHandler``), since the upgrade
/// machinery reads it before those handlers exist. An upgraded socket has neither: it lives as long as the bridge's
/// own heartbeat says it does.
enum ClubhouseChannels {
    static func builder(
        config: ServerConfig, logger: Logger,
        upgrade:
            @escaping @Sendable (HTTPRequest, Logger) async -> ShouldUpgradeResult<
                WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
            >
    ) -> HTTPServerBuilder {
        let header = TimeAmount.seconds(Int64(config.headerTimeout))
        let body = TimeAmount.seconds(Int64(config.bodyTimeout))
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(
                additionalChannelHandlers: [RequestDeadlineHandler(header: header, body: body, logger: logger)],
                idleTimeout: .seconds(Int64(config.idleTimeout))),
            // Messages up to 64 KiB reach the bridge, which closes anything over its own 16 KiB limit with a policy
            // code; the bridge pings by itself (5 s), so the library's ping is off.
            ws: .init(maxFrameSize: 1 << 16, autoPing: .disabled))
        return HTTPServerBuilder { responder in
            FirstHeadDeadline(
                inner: HTTP1WebSocketUpgradeChannel(
                    responder: responder, configuration: configuration,
                    shouldUpgrade: { head, _, logger in await upgrade(head, logger) }),
                limit: header, logger: logger)
        }
    }
}

/// A child channel that puts a ``FirstHeadDeadlineHandler`` in front of another.
struct FirstHeadDeadline<Inner: ServerChildChannel>: ServerChildChannel {
    let inner: Inner
    let limit: TimeAmount
    let logger: Logger

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Inner.Value> {
        let handler = FirstHeadDeadlineHandler(limit: limit, logger: self.logger)
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(handler, position: .first)
        }.flatMap { inner.setup(channel: channel, logger: logger) }
    }

    func handle(value: Inner.Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

/// Closes a connection whose first request head (up to the blank line) takes longer than `limit`; later requests are
/// timed by ``RequestDeadlineHandler``, an upgraded socket by its own heartbeat. It also carries the server's
/// shutdown to connections whose HTTP handlers do not exist yet (see ``userInboundEventTriggered(context:event:)``).
final class FirstHeadDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let limit: TimeAmount
    private let logger: Logger
    private var timer: Scheduled<Void>?
    /// The last bytes seen, to find `\r\n\r\n` across reads.
    private var tail: [UInt8] = []
    private var done = false

    init(limit: TimeAmount, logger: Logger) {
        self.limit = limit
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context: context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !done {
            let buffer = unwrapInboundIn(data)
            tail += buffer.readableBytesView
            if tail.count > 4096 { tail.removeFirst(tail.count - 4) }
            if Self.containsBlankLine(tail) {
                done = true
                tail = []
                timer?.cancel()
                timer = nil
            }
        }
        context.fireChannelRead(data)
    }

    /// The server is shutting down (it stops accepting, then waits for its connections to end). The HTTP handler
    /// that acts on this event (it closes a connection once its request is answered) exists only once the first
    /// request's head has arrived and the upgrade machinery has decided it is plain HTTP, so without help a
    /// connection caught before then would hold the shutdown up until its head deadline and then its idle timeout:
    /// - one that has not sent a byte carries no request, and is closed now;
    /// - one whose head is on its way gets the event again once the HTTP handler is there, and closes after its
    ///   answer. (An upgraded socket is closed by the bridge's own shutdown handling.)
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ChannelShouldQuiesceEvent else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        if !done, tail.isEmpty {
            logger.debug("closing a connection without a request: the server is shutting down")
            timer?.cancel()
            timer = nil
            context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
        if (try? context.pipeline.syncOperations.handler(type: HTTPConnectionStateHandler.self)) == nil {
            Self.passOnShutdown(to: context.channel, within: limit)
        }
    }

    /// Fires the shutdown event through `channel`'s pipeline once its HTTP handler has been added (checked every
    /// 5 ms for at most `limit`, and not after the channel closes).
    private static func passOnShutdown(to channel: any Channel, within limit: TimeAmount) {
        let deadline = NIODeadline.now() + limit
        channel.eventLoop.scheduleRepeatedTask(initialDelay: .milliseconds(5), delay: .milliseconds(5)) { task in
            guard channel.isActive, NIODeadline.now() < deadline else {
                task.cancel()
                return
            }
            if (try? channel.pipeline.syncOperations.handler(type: HTTPConnectionStateHandler.self)) != nil {
                task.cancel()
                channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
            }
        }
    }

    static func containsBlankLine(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return true
        }
        return false
    }

    private func arm(context: ChannelHandlerContext) {
        guard timer == nil, !done else { return }
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let logger = logger
        timer = context.eventLoop.scheduleTask(in: limit) {
            logger.debug("closing a connection whose first request head was too slow")
            // Told as "input closed", the upgrade machinery waiting for the head ends quietly (not as an error).
            loopBound.value.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
            loopBound.value.close(promise: nil)
        }
    }
}
