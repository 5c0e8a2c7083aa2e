import Foundation
import JustZone2

/// One rider's browser tabs on the bridge: exactly one *radio* (the tab holding the Bluetooth links, whose frames
/// feed the trainer's and strap's ``BridgedGATTTransport``s) and any number of *viewers*, which get the ride's state
/// and nothing else — a second tab shows the ride read-only instead of fighting for control. "Use this tab" moves the
/// radio: the old tab gets `bye` (it disconnects its devices) before the new one takes over, so there is never a
/// second central. A radio silent for ``radioTimeout`` (no frame, not even a `pong`) counts as gone. Rider commands
/// (adjust, pause, end…) count from every tab of the rider, viewers included (the notes' "two tabs: both send
/// commands"): read-only is about Bluetooth, and the same rider may also send them without JavaScript.
///
/// Times are passed in (seconds on any monotonic clock), so the rules are tested without waiting.
actor RiderBridge {
    /// One open socket.
    struct Tab {
        var id: String
        var send: @Sendable (BridgeFrame) async -> Void
        /// Where `state` frames go (a one-slot, latest-wins outbox); `send` when none is given.
        var offer: @Sendable (BridgeFrame) async -> Void
        var lastHeard: TimeInterval
        /// Which socket of the tab this is: a reconnect replaces the entry, and only its own socket's close removes
        /// it.
        var connection: Int
    }

    /// The trainer's and the strap's transports: the ride's sessions use them whichever tab is the radio.
    nonisolated let trainer: BridgedGATTTransport
    nonisolated let strap: BridgedGATTTransport
    /// The ride these tabs belong to (sent in `welcome`).
    nonisolated let ride: String
    /// A radio silent this long is gone: pending operations fail and the sessions wait for a radio.
    nonisolated let radioTimeout: TimeInterval
    /// Told what happened, in words (the settings page's diagnostics).
    nonisolated let note: @Sendable (String) -> Void
    /// The notes' value of ``radioTimeout``.
    static let defaultRadioTimeout: TimeInterval = 12
    /// The strap's operation ids start here (the trainer's at 1), so a `result` goes to the transport that asked.
    static let strapFirstID = 1_000_000

    private(set) var tabs: [String: Tab] = [:]
    private(set) var radioTab: String?
    /// Rider commands the tabs sent, for the engine.
    private var commands: [(id: Int, action: String, value: Double?)] = []
    /// Frames dropped because a viewer sent device traffic only the radio may send.
    private(set) var refusedFromViewers = 0
    private var pingNumber = 0
    /// When each recent ping was sent, for the radio's round trip.
    private var pingsSent: [Int: TimeInterval] = [:]
    /// The radio tab's last ping round trip (seconds).
    private(set) var radioRoundTrip: TimeInterval?
    /// The radio dropped for silence, until another tab takes the radio.
    private var lostRadio: String?

    /// The tabs of `ride`, relaying to `trainer` and `strap` (made with ids from 1 and from ``strapFirstID``).
    init(
        ride: String, trainer: BridgedGATTTransport, strap: BridgedGATTTransport,
        radioTimeout: TimeInterval = RiderBridge.defaultRadioTimeout,
        note: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.ride = ride
        self.note = note
        self.radioTimeout = radioTimeout
        self.trainer = trainer
        self.strap = strap
    }

    /// A tab said `hello`: it becomes the radio when it asks to and no other tab holds the radio (or it is the same
    /// tab coming back on a new socket); otherwise a viewer. Answers `welcome` with its role.
    @discardableResult
    func join(
        tab: String, wants role: BridgeRole, at now: TimeInterval, connection: Int = 0,
        send: @escaping @Sendable (BridgeFrame) async -> Void,
        offer: (@Sendable (BridgeFrame) async -> Void)? = nil
    ) async -> BridgeRole {
        tabs[tab] = Tab(id: tab, send: send, offer: offer ?? send, lastHeard: now, connection: connection)
        let granted: BridgeRole = role == .radio && (radioTab == nil || radioTab == tab) ? .radio : .viewer
        note(granted == .radio ? "A tab connected as the radio." : "A tab connected as a viewer.")
        if granted == .radio { await makeRadio(tab) }
        await send(.welcome(ride: ride, role: granted))
        return granted
    }

    /// "Use this tab": the current radio is told `bye` and released; `tab` becomes the radio.
    func takeOver(tab: String, at now: TimeInterval) async {
        guard let joined = tabs[tab], radioTab != tab else { return }
        if let old = radioTab, let previous = tabs[old] {
            await previous.send(.bye)
            await releaseRadio(reason: "another tab took the radio")
            await previous.send(.welcome(ride: ride, role: .viewer))
        }
        tabs[tab]?.lastHeard = now
        note("Another tab took over the radio.")
        await makeRadio(tab)
        await joined.send(.welcome(ride: ride, role: .radio))
    }

    /// A frame from `tab`. Device traffic counts only from the radio; commands only from the radio.
    func receive(_ frame: BridgeFrame, from tab: String, at now: TimeInterval) async {
        guard let known = tabs[tab] else { return }
        tabs[tab]?.lastHeard = now
        if radioTab == nil, lostRadio == tab {
            // A radio dropped for silence (a frozen tab) speaks again and nobody took over: it is the radio again.
            lostRadio = nil
            note("The radio tab answered again and has the radio back.")
            await makeRadio(tab)
            await known.send(.welcome(ride: ride, role: .radio))
        }
        let isRadio = tab == radioTab
        switch frame {
        case .result(let id, _):
            guard isRadio else {
                refusedFromViewers += 1
                return
            }
            await (id >= Self.strapFirstID ? strap : trainer).receive(frame)
        case .notify(let device, _, _, _), .device(let device, _, _, _):
            if isRadio, case .device(_, let event, let name, let reason) = frame {
                note(Self.describe(device, event.rawValue, name: name, reason: reason))
            }
            guard isRadio else {
                refusedFromViewers += 1
                return
            }
            await (device == .trainer ? trainer : strap).receive(frame)
        case .command(let id, let action, let value):
            commands.append((id, action, value))
        case .pong(let n):
            if isRadio, let sent = pingsSent[n] { radioRoundTrip = max(0, now - sent) }
        case .visibility(let state) where isRadio && (state == "frozen" || state == "pagehide"):
            // A frozen or leaving tab cannot answer: it is radio lost now rather than after the timeout; the same tab
            // speaking again takes the radio back.
            await releaseRadio(reason: "the radio tab was \(state == "frozen" ? "frozen" : "left")")
            lostRadio = tab
        case .visibility, .hello: break
        default: break
        }
    }

    /// The socket `connection` of `tab` closed (an older socket of a tab that already came back changes nothing). If
    /// it was the radio the devices count as unreachable until a radio returns.
    func leave(tab: String, connection: Int = 0) async {
        guard let current = tabs[tab], current.connection == connection else { return }
        tabs[tab] = nil
        if radioTab == tab { await releaseRadio(reason: "the radio tab closed") }
    }

    /// Every few seconds: pings every tab, and drops a radio that has been silent too long.
    func heartbeat(at now: TimeInterval) async {
        if let radio = radioTab, let heard = tabs[radio]?.lastHeard, now - heard > radioTimeout {
            await releaseRadio(reason: "the radio tab stopped answering")
            lostRadio = radio
        }
        pingNumber += 1
        pingsSent[pingNumber] = now
        pingsSent[pingNumber - 4] = nil
        for tab in tabs.values { await tab.send(.ping(pingNumber)) }
    }

    /// Sends `frame` (a `state`) to every tab through its outbox.
    func broadcast(_ frame: BridgeFrame) async {
        for tab in tabs.values { await tab.offer(frame) }
    }

    /// Tells every tab `frame` on its ordered path (an `error`, the end of the ride).
    func tellAll(_ frame: BridgeFrame) async {
        for tab in tabs.values { await tab.send(frame) }
    }

    /// Whether a tab holds the radio.
    var hasRadio: Bool { radioTab != nil }

    /// The rider commands received since the last call, in order.
    func takeCommands() -> [(id: Int, action: String, value: Double?)] {
        defer { commands = [] }
        return commands
    }

    /// The role of `tab`, or nil when it is not connected.
    func role(of tab: String) -> BridgeRole? {
        guard tabs[tab] != nil else { return nil }
        return tab == radioTab ? .radio : .viewer
    }

    private func makeRadio(_ tab: String) async {
        radioTab = tab
        if lostRadio != tab { lostRadio = nil }
        guard let send = tabs[tab]?.send else { return }
        await trainer.attach(tab: tab, radio: send)
        await strap.attach(tab: tab, radio: send)
    }

    /// A device event in words: "Trainer KICKR connected.", "Heart-rate strap disconnected: out of range."
    static func describe(_ device: BridgeDevice, _ event: String, name: String?, reason: String?) -> String {
        let what = device == .trainer ? "Trainer" : "Heart-rate strap"
        let named = name.map { "\(what) \($0.prefix(40))" } ?? what
        return "\(named) \(event)" + (reason.map { ": \($0.prefix(80))" } ?? "") + "."
    }

    private func releaseRadio(reason: String) async {
        if radioTab != nil { note("Radio lost: \(reason).") }
        radioTab = nil
        radioRoundTrip = nil
        await trainer.detachRadio(reason: reason)
        await strap.detachRadio(reason: reason)
    }
}
