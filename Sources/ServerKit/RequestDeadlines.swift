import HTTPTypes
import Logging
import NIOCore
import NIOHTTPTypes

/// Deadlines for reading a request, so a client that trickles its bytes cannot hold a connection for ever (the idle
/// timeout only notices silence).
///
/// - The request head must arrive within `header` of the connection opening or of the previous response ending.
/// - The body must end within `body` of the head.
///
/// While a request is being answered no deadline runs: the handler's own time is not the client's fault. When a
/// deadline passes, the connection is closed.
public final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    public typealias InboundIn = HTTPRequestPart
    public typealias InboundOut = HTTPRequestPart
    public typealias OutboundIn = HTTPResponsePart
    public typealias OutboundOut = HTTPResponsePart

    private let header: TimeAmount
    private let body: TimeAmount
    private let logger: Logger
    private var readingBody = false
    /// Requests read in full and not yet answered.
    private var unanswered = 0
    private var timer: Scheduled<Void>?

    /// A handler closing connections whose request head takes longer than `header` or body longer than `body`.
    public init(header: TimeAmount, body: TimeAmount, logger: Logger) {
        self.header = header
        self.body = body
        self.logger = logger
    }

    public func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { rearm(context: context) }
    }

    public func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    public func channelActive(context: ChannelHandlerContext) {
        rearm(context: context)
        context.fireChannelActive()
    }

    public func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            readingBody = true
            rearm(context: context)
        case .end:
            readingBody = false
            unanswered += 1
            rearm(context: context)
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    public func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unanswered = max(0, unanswered - 1)
            rearm(context: context)
        }
        context.write(data, promise: promise)
    }

    private func rearm(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        let (limit, phase): (TimeAmount, String)
        if readingBody {
            (limit, phase) = (body, "body")
        } else if unanswered == 0 {
            (limit, phase) = (header, "header")
        } else {
            return
        }
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let logger = logger
        timer = context.eventLoop.scheduleTask(in: limit) {
            logger.debug("closing a connection that was too slow to send its request", metadata: ["phase": "\(phase)"])
            loopBound.value.close(promise: nil)
        }
    }
}
