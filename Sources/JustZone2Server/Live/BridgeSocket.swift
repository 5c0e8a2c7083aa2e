import Foundation
import HTTPTypes
import HummingbirdWebSocket
import JustZone2
import Logging
import NIOWebSocket
import ServerKit

/// Who may open the bridge's WebSocket (checked in this order): a known rider (the `jz2_rider` cookie) from a page of this server (`Origin`
/// equal to `PUBLIC_URL`'s scheme://host[:port], or when none is configured, to the request's own host).
enum BridgeAdmission: Equatable {
    case rider(String)
    /// Refused: the status a plain request gets (401 no rider, 403 foreign origin) and why.
    case refused(HTTPResponse.Status, String)
}

extension JustZone2App {
    /// The bridge's path.
    static let bridgePath = "/" + Zone2PageURL.bridge.rawValue

    /// Decides a WebSocket upgrade (the closure of the server's `http1WebSocketUpgrade`): only the bridge's path,
    /// only an admitted rider; anything else is not upgraded (hummingbird-websocket then answers a refused upgrade
    /// with 400 and closes; the same request without `Upgrade` gets the reason from the `bridge` route).
    public func bridgeUpgrade(
        _ head: HTTPRequest, logger: Logger
    ) async -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        let path = head.path.map { String($0.prefix { $0 != "?" }) } ?? ""
        guard path == Self.bridgePath else { return .dontUpgrade }
        switch await bridgeAdmission(head.headerFields, authority: head.authority) {
        case .refused(let status, let why):
            logger.info("zone2 bridge upgrade refused", metadata: ["status": "\(status.code)", "why": "\(why)"])
            return .dontUpgrade
        case .rider(let rider):
            return .upgrade([:]) { inbound, outbound, _ in
                await BridgeSocket(live: live, rider: rider, logger: logger).run(inbound: inbound, outbound: outbound)
            }
        }
    }

    /// The rules of ``BridgeAdmission``.
    func bridgeAdmission(_ headers: HTTPFields, authority: String?) async -> BridgeAdmission {
        let cookies = headers[values: .cookie].joined(separator: "; ")
        guard let token = Self.cookie(RiderStore.cookie, in: cookies), !token.isEmpty, token.count <= 200 else {
            return .refused(.unauthorized, "No rider: open JustZone2 and start a ride first.")
        }
        guard let rider = try? await riders.find(token: token) else {
            return .refused(.unauthorized, "Unknown rider: open JustZone2 and start a ride first.")
        }
        // WebSocket libraries add an Origin of their own with a ws: scheme, which no browser page has: it is ignored;
        // what remains must be exactly one Origin, this server's.
        let origins = headers[values: .origin].filter {
            let scheme = $0.lowercased()
            return !scheme.hasPrefix("ws://") && !scheme.hasPrefix("wss://")
        }
        guard origins.count == 1, let origin = origins.first,
            Self.sameOrigin(origin, publicURL: config.publicURL, host: authority)
        else { return .refused(.forbidden, "The bridge only accepts pages of this server (Origin).") }
        return .rider(rider.id)
    }

    /// Whether `origin` is this server: `PUBLIC_URL`'s scheme://host[:port] when set, else the request's host.
    static func sameOrigin(_ origin: String, publicURL: String?, host: String?) -> Bool {
        guard let url = URL(string: origin), let scheme = url.scheme?.lowercased(),
            let originHost = url.host?.lowercased()
        else { return false }
        let originPort = url.port.map { ":\($0)" } ?? ""
        if let publicURL, !publicURL.isEmpty {
            guard let base = URL(string: publicURL), let baseHost = base.host?.lowercased() else { return false }
            return scheme == base.scheme?.lowercased() && originHost == baseHost
                && originPort == (base.port.map { ":\($0)" } ?? "")
        }
        guard let host, !host.isEmpty else { return false }
        return originHost + originPort == host.lowercased()
    }

    /// The value of cookie `name` in a `Cookie` header.
    static func cookie(_ name: String, in header: String) -> String? {
        for part in header.split(separator: ";") {
            let pair = part.trimmingCharacters(in: .whitespaces)
            guard let equals = pair.firstIndex(of: "="), pair[..<equals] == name else { continue }
            return String(pair[pair.index(after: equals)...])
        }
        return nil
    }
}

/// One bridge socket: a single task reads it (so notifications keep their order) and a single writer sends what
/// the ``SocketOutbox`` holds. Frames are text JSON read strictly by ``BridgeFrame``: a malformed one is answered
/// with an `error` frame and counted, and the socket goes on (past ``malformedLimit`` it is closed, policy
/// violation); a frame over ``BridgeFrame/maxFrameBytes`` closes the socket (policy violation). The first frame
/// must be `hello`; it joins the rider's ride (or, with none in progress, gets the idle `state`).
struct BridgeSocket {
    /// Malformed frames tolerated on one socket.
    static let malformedLimit = 50

    let live: LiveRides
    let rider: String
    let logger: Logger

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let outbox = SocketOutbox()
        let connection = await live.nextConnection()
        let writer = Task {
            while let text = await outbox.next() {
                do {
                    try await outbound.write(.text(text))
                } catch {
                    await outbox.close()
                    return
                }
            }
        }
        var joined: (tab: String, ride: LiveRide)?
        var malformed = 0
        var closing: (WebSocketErrorCode, String)?
        do {
            // Messages up to 4× the frame limit are read so the rule below closes with its own code and reason.
            for try await message in inbound.messages(maxSize: BridgeFrame.maxFrameBytes * 4) {
                guard case .text(let text) = message else {
                    malformed += 1
                    await outbox.send(.error("The bridge speaks JSON text frames."))
                    continue
                }
                guard text.utf8.count <= BridgeFrame.maxFrameBytes else {
                    closing = (.policyViolation, "frame over \(BridgeFrame.maxFrameBytes) bytes")
                    break
                }
                let frame: BridgeFrame
                do {
                    frame = try BridgeFrame(json: text)
                } catch {
                    malformed += 1
                    guard malformed <= Self.malformedLimit else {
                        closing = (.policyViolation, "too many malformed frames")
                        break
                    }
                    await outbox.send(.error("Frame ignored: \(error.description)."))
                    continue
                }
                if case .hello(let tab, _, let role, _) = frame {
                    guard joined == nil else { continue }
                    if let ride = await live.ride(of: rider) {
                        await ride.join(tab: tab, wants: role, connection: connection, outbox: outbox)
                        joined = (tab, ride)
                    } else {
                        await outbox.send(.state(await live.idleState(rider: rider)))
                    }
                    continue
                }
                guard let joined else {
                    if case .pong = frame { continue }
                    await outbox.send(.error("Say hello first."))
                    continue
                }
                await joined.ride.receive(frame, from: joined.tab)
                if await outbox.isClosed {
                    // The writer gave up (the socket failed, or it fell ``SocketOutbox/limit`` frames behind).
                    closing = (.goingAway, "too slow to take its frames")
                    break
                }
            }
        } catch {
            logger.debug("zone2 bridge socket ended", metadata: ["error": "\(error)"])
        }
        // Nothing more goes out once the tab has closed (a frame after the close frame is a protocol error to
        // Chrome) and the socket ends at once: the writer stops before the ride hears that the tab left.
        await outbox.close()
        await writer.value
        if let joined { await joined.ride.leave(tab: joined.tab, connection: connection) }
        if let closing {
            logger.info("zone2 bridge socket closed", metadata: ["why": "\(closing.1)"])
            try? await outbound.close(closing.0, reason: closing.1)
        }
    }
}
