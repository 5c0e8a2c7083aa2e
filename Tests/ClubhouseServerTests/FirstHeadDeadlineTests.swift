import HummingbirdCore
import Logging
import NIOCore
import NIOEmbedded
import Testing

@testable import ClubhouseServer

/// The server's shutdown reaching connections that have no HTTP handler yet (``FirstHeadDeadlineHandler``): the
/// events come in the order the test gives them, on an embedded channel.
@Suite("First request head and the shutdown")
struct FirstHeadDeadlineTests {
    let logger = Logger(label: "test")

    func connectedChannel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(FirstHeadDeadlineHandler(limit: .seconds(3600), logger: logger))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        return channel
    }

    @Test("a connection that has sent nothing is closed when the shutdown begins")
    func silentConnectionCloses() throws {
        let channel = try connectedChannel()
        #expect(channel.isActive)
        channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        #expect(!channel.isActive)
    }

    @Test("a connection halfway through its first head gets the shutdown once its HTTP handler exists")
    func halfwayConnectionClosesAfterItsRequest() throws {
        let channel = try connectedChannel()
        try channel.writeInbound(ByteBuffer(string: "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n"))
        channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        #expect(channel.isActive, "a request on its way was cut off")
        // The rest of the head; the upgrade machinery then adds the HTTP handlers (here: the one that acts on the
        // shutdown, with no request in progress, so it closes the connection at once).
        try channel.writeInbound(ByteBuffer(string: "\r\n"))
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(20))
        #expect(channel.isActive)
        try channel.pipeline.syncOperations.addHandler(HTTPConnectionStateHandler(logger: logger))
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(20))
        #expect(!channel.isActive, "the shutdown never reached the HTTP handler")
    }

    @Test("without a shutdown, a connection keeps going after its first head")
    func normalConnectionStaysOpen() throws {
        let channel = try connectedChannel()
        try channel.writeInbound(ByteBuffer(string: "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
        try channel.pipeline.syncOperations.addHandler(HTTPConnectionStateHandler(logger: logger))
        channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        #expect(channel.isActive)
        _ = try channel.finish()
    }
}
